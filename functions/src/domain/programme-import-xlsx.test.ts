import { describe, expect, it } from 'vitest';
import readWorkbook from 'read-excel-file/node';
import writeWorkbook from 'write-excel-file/node';
import { programmeFromWorkbook, type WorkbookSheet } from '@encore/model';
import { parseProgramme, type ImportContext } from './programme-import.js';

/**
 * A programme kept in Excel, end to end through the domain: a real `.xlsx` written here with
 * write-excel-file, holding days and times the ways Excel stores them (serial numbers with a
 * date or time format, numbers whose format was lost, and text), read back with
 * read-excel-file (the reader the import screen loads in the browser), turned into the
 * import's CSV by the model's `programmeFromWorkbook`, and judged by `parseProgramme`.
 */

const festival = { timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16' };
const context: ImportContext = {
  festival,
  artists: [{ id: 'nina', name: 'Nina' }],
  stages: [
    { id: 'main', name: 'Main Stage' },
    { id: 'tent', name: 'The Tent' },
  ],
  performances: [],
};
/** Amsterdam in August is UTC+2. */
const at = (local: string) => new Date(`${local}:00+02:00`);

/** Excel's serial numbers: days since 1899-12-30, the time of day as a fraction. */
const FRIDAY = 46248; // 2026-08-14
const SATURDAY = 46249; // 2026-08-15
const date = (serial: number) => ({ value: serial, type: Number, format: 'dd-mm-yyyy' });
const time = (hours: number, minutes = 0) => ({ value: (hours * 60 + minutes) / 1440, type: Number, format: 'hh:mm' });

async function workbook(sheets: Array<{ sheet: string; data: unknown[][] }>): Promise<WorkbookSheet[]> {
  // write-excel-file's types want its own cell shapes; the cells above are among them.
  const buffer = await writeWorkbook(sheets as never).toBuffer();
  // The reader's types say a date cell is `typeof Date`; its values are Date instances.
  return (await readWorkbook(buffer)) as unknown as WorkbookSheet[];
}

const notes = { sheet: 'Notes', data: [['Budget'], ['Fee', 1500]] };

describe('importing a programme from an .xlsx workbook', () => {
  it('finds the programme sheet under its title row and places Excel days and times on the festival clock', async () => {
    const programme = {
      sheet: 'Programma',
      data: [
        ['Encore 2026: programma'],
        [],
        ['Artiest', 'Podium', 'Datum', 'Aanvang', 'Einde', 'Fee', 'Titel'],
        // Date and time cells, as Excel keeps what is typed as 14-08-2026 and 21:00.
        ['Nina', 'Main Stage', date(FRIDAY), time(21), time(22, 30), 1500, 'DJ set'],
        // Text cells, and an end time whose format was lost (a General number, 01:30 as 1/16 of a day).
        ['The Newcomers', 'The Tent', 'vr 14 aug', '00:30', 0.0625, null, null],
        // Past midnight as [h]:mm writes it (25:00 is 1 day and 1 hour), a start as a plain number of days.
        ['Nina', 'The Tent', date(SATURDAY), 23.5 / 24, { value: 25 / 24, type: Number, format: '[h]:mm' }, null, null],
        // A start as a full date and time, without a day column entry; an hour typed as a bare number.
        ['Late Show', 'Main Stage', null, { value: SATURDAY + 1 + 2 / 24, type: Number, format: 'dd-mm-yyyy hh:mm' }, 3, null, null],
      ],
    };
    const read = programmeFromWorkbook(await workbook([notes, programme]));
    expect(read).toMatchObject({ ok: true, sheet: 'Programma' });
    if (!read.ok) throw new Error('not read');

    const parsed = parseProgramme('csv', read.csv, context);
    expect(parsed.errors).toEqual([]);
    expect(parsed.rows.map((row) => [row.line, row.artistName, row.stageName, row.performance.startsAt, row.performance.endsAt, row.performance.title ?? null])).toEqual([
      [4, 'Nina', 'Main Stage', at('2026-08-14T21:00'), at('2026-08-14T22:30'), 'DJ set'],
      [5, 'The Newcomers', 'The Tent', at('2026-08-15T00:30'), at('2026-08-15T01:30'), null],
      [6, 'Nina', 'The Tent', at('2026-08-15T23:30'), at('2026-08-16T01:00'), null],
      [7, 'Late Show', 'Main Stage', at('2026-08-16T02:00'), at('2026-08-16T03:00'), null],
    ]);
    expect(parsed.newArtists.map((artist) => artist.name)).toEqual(['The Newcomers', 'Late Show']);
  });

  it('names the workbook’s own cell when a row is wrong', async () => {
    const programme = {
      sheet: 'Sheet1',
      data: [
        ['Artist', 'Stage', 'Day', 'Start', 'End'],
        ['Nina', 'Main Stage', date(FRIDAY), time(21), time(22)],
        [],
        ['Nina', 'Main Stage', date(SATURDAY), 'soon', time(22)],
        ['Nina', 'The Tent', date(FRIDAY + 30), time(20), time(21)],
      ],
    };
    const read = programmeFromWorkbook(await workbook([programme]));
    if (!read.ok) throw new Error('not read');
    const parsed = parseProgramme('csv', read.csv, context);
    expect(parsed.errors.map((error) => [error.line, error.cell, error.problem])).toEqual([
      [4, 'D4', { code: 'bad-time', field: 'start', value: 'soon' }],
      [5, 'C5', { code: 'day-outside', value: '2026-09-13', first: '2026-08-14', last: '2026-08-16' }],
    ]);
  });

  it('refuses a workbook with no programme sheet, naming its sheets and what the nearest header lacks', async () => {
    const guests = { sheet: 'Guests', data: [['Name', 'Stage', 'Arrives'], ['Nina', 'Main Stage', time(18)]] };
    expect(programmeFromWorkbook(await workbook([notes, guests]))).toEqual({
      ok: false,
      sheets: ['Notes', 'Guests'],
      closest: { sheet: 'Guests', row: 1, missing: ['start', 'end'] },
    });
    expect(programmeFromWorkbook(await workbook([notes]))).toEqual({ ok: false, sheets: ['Notes'], closest: null });
  });
});
