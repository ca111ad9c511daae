import { describe, expect, it } from 'vitest';
import { EXPORT_HEADERS, EXPORT_STATUS_WORDS, importFieldOfHeader } from '../callables/import-columns.js';
import type { DailyStats, TodayStats } from '../schemas/stats.js';
import { csvText } from './csv.js';
import { dayFiguresCsv, dayFiguresRows, type DayFiguresLabels } from './day-figures.js';
import { infoPagesMarkdown } from './info-markdown.js';
import { programmeExportHeader, programmeSheet, type ProgrammeExportRow } from './programme-export.js';

const NOW = new Date('2026-08-16T12:00:00Z');

describe('CSV as RFC 4180 writes it', () => {
  it('quotes only cells with the separator, a quote or a line break, doubling quotes, with CRLF and a byte order mark', () => {
    expect(csvText([['a', 'b,c', 'say "hi"', 'x;y'], ['two\nlines', '', 'plain']], ',')).toBe('\uFEFFa,"b,c","say ""hi""",x;y\r\n"two\nlines",,plain\r\n');
    expect(csvText([['b,c', 'x;y']], ';')).toBe('\uFEFFb,c;"x;y"\r\n');
  });
});

describe('the programme export’s own words', () => {
  it('writes headers the import reads as the same columns, in English and Dutch', () => {
    for (const language of ['en', 'nl'] as const) {
      for (const [field, header] of Object.entries(EXPORT_HEADERS[language])) expect(importFieldOfHeader(header)).toBe(field);
      expect(programmeExportHeader(language).map(importFieldOfHeader)).toEqual(['artist', 'stage', 'day', 'start', 'end', 'title', 'status']);
    }
    expect(EXPORT_STATUS_WORDS.nl).toEqual({ scheduled: 'gepland', cancelled: 'afgelast' });
  });

  it('gives the workbook real date and time cells: Excel serials with a format; a date-time with offset stays text', () => {
    const row: ProgrammeExportRow = { artist: 'Kaë', stage: 'Main', day: '2026-08-14', start: { clock: '00:30' }, end: { dateTime: '2026-08-15T01:45+02:00' }, title: '', status: 'cancelled' };
    const [, cells] = programmeSheet([row], 'nl');
    expect(cells).toEqual([
      { value: 'Kaë', type: String },
      { value: 'Main', type: String },
      { value: 46248, type: Number, format: 'yyyy-mm-dd' },
      { value: 30 / 1440, type: Number, format: 'hh:mm' },
      { value: '2026-08-15T01:45+02:00', type: String },
      { value: '', type: String },
      { value: 'afgelast', type: String },
    ]);
  });
});

describe('info pages as Markdown', () => {
  it('lists pages in their order with both languages, body headings under the page, and each page’s id and order kept', () => {
    const text = infoPagesMarkdown(
      [
        { id: 'tickets', order: 2, title: { en: 'Tickets', nl: '' }, body: { en: 'Wristbands at the gate.', nl: '' } },
        { id: 'lockers', order: 1, title: { en: 'Lockers', nl: 'Kluisjes' }, body: { en: '## Where\n- by the gate', nl: 'Bij de **ingang**.' } },
      ],
      { heading: 'Encore 2026: info pages', intro: 'Exported on 16 August 2026.' },
    );
    expect(text).toBe(
      [
        '# Encore 2026: info pages',
        'Exported on 16 August 2026.',
        '<!-- info-page id="lockers" order="1" -->',
        '## Lockers · Kluisjes',
        '### English: Lockers',
        '#### Where\n- by the gate',
        '### Nederlands: Kluisjes',
        'Bij de **ingang**.',
        '<!-- info-page id="tickets" order="2" -->',
        '## Tickets',
        '### English: Tickets',
        'Wristbands at the gate.',
      ].join('\n\n') + '\n',
    );
  });
});

describe('day figures', () => {
  const daily = (day: string, n: number): DailyStats => ({ day, favoritesAdded: n, favoritesRemoved: 1, photosUploaded: 10 * n, photosRejected: 0, reactions: 3, reports: 0, rolledUpAt: NOW });
  const today: TodayStats = { day: '2026-08-16', photosUploaded: 7, photosRejected: 1, reactions: 2, reports: 1, updatedAt: NOW };
  const labels: DayFiguresLabels = {
    day: 'Day',
    state: 'Figures',
    columns: { favoritesAdded: 'Favourites added', favoritesRemoved: 'Favourites removed', photosUploaded: 'Photos uploaded', photosRejected: 'Photos rejected', reactions: 'Reactions', reports: 'Reports' },
    states: { final: 'final', 'so-far': 'so far', none: 'none' },
    total: 'Total',
  };

  it('gives each festival day its roll-up, today its figures so far, a day without figures empty cells, and totals', () => {
    const rows = dayFiguresRows(['2026-08-14', '2026-08-15', '2026-08-16', '2026-08-17'], [daily('2026-08-13', 1), daily('2026-08-14', 4)], today);
    expect(rows.map((row) => [row.day, row.state])).toEqual([
      ['2026-08-13', 'final'],
      ['2026-08-14', 'final'],
      ['2026-08-15', 'none'],
      ['2026-08-16', 'so-far'],
      ['2026-08-17', 'none'],
    ]);
    expect(dayFiguresCsv(rows, labels, ',').split('\r\n')).toEqual([
      '\uFEFFDay,Figures,Favourites added,Favourites removed,Photos uploaded,Photos rejected,Reactions,Reports',
      '2026-08-13,final,1,1,10,0,3,0',
      '2026-08-14,final,4,1,40,0,3,0',
      '2026-08-15,none,,,,,,',
      '2026-08-16,so far,,,7,1,2,1',
      '2026-08-17,none,,,,,,',
      'Total,,5,2,57,1,8,1',
      '',
    ]);
  });
});
