import { describe, expect, it } from 'vitest';
import { programmeFromWorkbook, spreadsheetCellText } from './import-spreadsheet.js';

/** What a date cell holds once read: the wall clock, in UTC. */
const utc = (iso: string) => new Date(`${iso}Z`);

describe('a spreadsheet cell as the text an organiser would type', () => {
  it('writes date cells as dates in the day column and as date and time in the time columns', () => {
    expect(spreadsheetCellText('day', utc('2026-08-14T00:00:00'))).toBe('2026-08-14');
    expect(spreadsheetCellText('start', utc('2026-08-14T21:30:00'))).toBe('2026-08-14 21:30');
    expect(spreadsheetCellText('end', utc('2026-08-15T00:00:00'))).toBe('2026-08-15 00:00');
  });

  it('writes a time-only cell as a clock time, rounded to the minute, past 24 for [h]:mm', () => {
    // 21:30 is 0.8958333… of a day: read back, it can fall a millisecond short.
    expect(spreadsheetCellText('start', new Date(utc('1899-12-30T21:30:00').getTime() - 1))).toBe('21:30');
    expect(spreadsheetCellText('end', utc('1899-12-31T00:30:00'))).toBe('24:30');
    // A workbook in the 1904 date system (old Macs) counts its times from 1904-01-01.
    expect(spreadsheetCellText('start', utc('1904-01-01T23:00:00'))).toBe('23:00');
  });

  it('reads numbers whose date or time format was lost by their column', () => {
    expect(spreadsheetCellText('day', 46248)).toBe('2026-08-14');
    expect(spreadsheetCellText('start', 0.875)).toBe('21:00');
    expect(spreadsheetCellText('end', 1 + 1 / 48)).toBe('24:30');
    expect(spreadsheetCellText('start', 46248.875)).toBe('2026-08-14 21:00');
    // An hour typed as a bare number stays the number the organiser typed.
    expect(spreadsheetCellText('start', 21)).toBe('21');
    // A number that is none of these is passed on as written, for the server to name.
    expect(spreadsheetCellText('start', 21.3)).toBe('21.3');
    expect(spreadsheetCellText('title', 2026)).toBe('2026');
    expect(spreadsheetCellText('day', 14)).toBe('14');
  });

  it('writes text trimmed, booleans as the spreadsheet shows them, and empty cells empty', () => {
    expect(spreadsheetCellText('artist', '  Nina ')).toBe('Nina');
    expect(spreadsheetCellText('status', true)).toBe('TRUE');
    expect(spreadsheetCellText('title', null)).toBe('');
  });
});

describe('a workbook as the import’s CSV', () => {
  it('keeps rows in their places, empties rows above the header and other columns, and quotes what needs it', () => {
    const read = programmeFromWorkbook([
      {
        sheet: 'Day 1',
        data: [
          ['Programme'],
          ['Notes', 'Artist', 'Stage', 'Start', 'End', 'Title'],
          ['secret', 'Nina', 'Main', 0.875, 0.9375, 'Live, "unplugged"\nand more'],
        ],
      },
    ]);
    expect(read).toEqual({ ok: true, sheet: 'Day 1', csv: ['', ',Artist,Stage,Start,End,Title', ',Nina,Main,21:00,22:30,"Live, ""unplugged"" and more"'].join('\n') });
  });
});
