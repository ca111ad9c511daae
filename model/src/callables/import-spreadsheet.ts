import type { ImportField } from './import-programme.js';
import { importFieldOfHeader, REQUIRED_IMPORT_FIELDS } from './import-columns.js';

/**
 * An `.xlsx` workbook as the programme import reads it. The browser unpacks the workbook
 * (read-excel-file, loaded only when an `.xlsx` is chosen) into sheets of cell values; this
 * finds the sheet that is a programme and writes it as the CSV the server already judges, so
 * the server stays the one judge of every row. Rows and columns keep their places, so an
 * error's cell (`D4`) is the workbook's own.
 *
 * Spreadsheets keep days and times as serial numbers (days since 1899-12-30, the time as the
 * fraction of a day) with no time zone: a wall clock. Date cells arrive as `Date`s holding that
 * wall clock in UTC, numbers in cells whose format was lost as plain numbers, and text as text.
 * Each becomes the text an organiser would type (`2026-08-14`, `21:30`, `24:30`,
 * `2026-08-14 21:30`), which the server places on the festival's clock in the festival's time
 * zone, whatever zone the browser is in.
 */

export type SheetCell = string | number | boolean | Date | null;

export interface WorkbookSheet {
  sheet: string;
  data: ReadonlyArray<ReadonlyArray<SheetCell>>;
}

export type WorkbookProgramme =
  | { ok: true; sheet: string; csv: string }
  | {
      ok: false;
      sheets: string[];
      /** The row that came nearest to a programme's header, to say what it lacks; null when no row names any programme column. */
      closest: { sheet: string; row: number; missing: ImportField[] } | null;
    };

/** How far down a sheet the header row may be (a title and a blank row above it are common). */
const HEADER_SEARCH_ROWS = 20;
const MINUTE = 60_000;
const DAY = 86_400_000;
/** Day zero of the 1900 date system (serial 1 is 1900-01-01; the 1900 leap-year bug makes later serials count from here). */
const DAY_ZERO_1900 = Date.UTC(1899, 11, 30);
/** Day zero of the 1904 date system, which old Mac workbooks use. */
const DAY_ZERO_1904 = Date.UTC(1904, 0, 1);
/** A date cell before this holds a time of day alone: its date is the spreadsheet's day zero (or the day after, for `[h]:mm` past 24). */
const TIMES_BEFORE = Date.UTC(1905, 0, 1);
/** Serial numbers above this (1901-01-01) are dates; smaller numbers are hours or counts. */
const FIRST_DATE_SERIAL = 367;

const pad = (value: number) => String(value).padStart(2, '0');
const roundToMinute = (ms: number) => Math.round(ms / MINUTE) * MINUTE;
const dateText = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const clockText = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
/** `2026-08-14 21:30` for a whole minute. */
const dateTimeText = (ms: number) => `${dateText(ms)} ${clockText((((ms % DAY) + DAY) % DAY) / MINUTE)}`;

/** A cell's value as the text an organiser would type in that column. */
export function spreadsheetCellText(field: ImportField | null, value: SheetCell): string {
  if (value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateCellText(field, value.getTime());
  return numberCellText(field, value);
}

function dateCellText(field: ImportField | null, ms: number): string {
  // Spreadsheets keep fractions of a day: 21:30 can arrive as 21:29:59.999.
  const time = roundToMinute(ms);
  if (time < TIMES_BEFORE) return clockText((time - (time >= DAY_ZERO_1904 ? DAY_ZERO_1904 : DAY_ZERO_1900)) / MINUTE);
  if (field === 'day') return dateText(ms);
  if (field === 'start' || field === 'end') return dateTimeText(time);
  return time % DAY === 0 ? dateText(time) : dateTimeText(time);
}

function numberCellText(field: ImportField | null, value: number): string {
  if (field === 'day' && value >= FIRST_DATE_SERIAL) return dateText(DAY_ZERO_1900 + Math.floor(value) * DAY);
  if (field === 'start' || field === 'end') {
    // An hour typed as a number: 21 is 21:00, 25 is 25:00.
    if (Number.isInteger(value) && value >= 0 && value < 30) return String(value);
    // A time whose format was lost: the fraction of a day (0.875 is 21:00; past 1 is past midnight, as [h]:mm writes 24:30).
    if (value > 0 && value < 2) return clockText(Math.round(value * 24 * 60));
    if (value >= FIRST_DATE_SERIAL) return dateTimeText(roundToMinute(DAY_ZERO_1900 + value * DAY));
  }
  return String(value);
}

/** The programme columns a row names, each field at its first column (as the server reads a header). */
function headerFields(row: ReadonlyArray<SheetCell>): Map<number, ImportField> {
  const fields = new Map<number, ImportField>();
  const seen = new Set<ImportField>();
  row.forEach((cell, column) => {
    const field = typeof cell === 'string' ? importFieldOfHeader(cell) : null;
    if (field && !seen.has(field)) {
      seen.add(field);
      fields.set(column, field);
    }
  });
  return fields;
}

/** A cell for the CSV: quoted when it holds a comma, semicolon or quote; line breaks and tabs in a cell become spaces. */
function csvCell(text: string): string {
  const flat = text.replace(/[\r\n\t]+/g, ' ');
  return /[",;]/.test(flat) ? `"${flat.replace(/"/g, '""')}"` : flat;
}

/**
 * The first sheet with a header row naming the artist, stage, start and end columns (in its
 * first 20 rows), as CSV: the rows above the header and empty rows as empty lines (the server
 * skips them and still counts them, so row numbers stay the workbook's), every cell in a
 * programme column as typed text, other columns left empty.
 */
export function programmeFromWorkbook(sheets: readonly WorkbookSheet[]): WorkbookProgramme {
  let closest: { sheet: string; row: number; missing: ImportField[] } | null = null;
  for (const { sheet, data } of sheets) {
    for (let index = 0; index < Math.min(HEADER_SEARCH_ROWS, data.length); index++) {
      const fields = headerFields(data[index]!);
      const named = new Set(fields.values());
      const missing = REQUIRED_IMPORT_FIELDS.filter((field) => !named.has(field));
      if (missing.length === 0) return { ok: true, sheet, csv: sheetCsv(data, index, fields) };
      if (missing.length < REQUIRED_IMPORT_FIELDS.length && (closest === null || missing.length < closest.missing.length)) closest = { sheet, row: index + 1, missing };
    }
  }
  return { ok: false, sheets: sheets.map((entry) => entry.sheet), closest };
}

function sheetCsv(data: WorkbookSheet['data'], headerIndex: number, fields: ReadonlyMap<number, ImportField>): string {
  const width = Math.max(...[...fields.keys()].map((column) => column + 1));
  const lines = data.map((row, index) => {
    if (index < headerIndex) return '';
    const cells = Array.from({ length: width }, (_, column) => {
      const field = fields.get(column);
      if (!field) return '';
      return index === headerIndex ? String(row[column] ?? '').trim() : spreadsheetCellText(field, row[column] ?? null);
    });
    return cells.every((cell) => cell === '') ? '' : cells.map(csvCell).join(',');
  });
  return lines.join('\n');
}

