import type { ImportField } from './import-programme.js';

/**
 * How an organiser's header row names the programme's columns, shared by the server that
 * judges an import (functions/src/domain/import-table.ts) and the import screen, which reads
 * an `.xlsx` workbook in the browser and must find the programme sheet and its time columns.
 */

/** Header words per field, compared lowercased with spaces, dashes and accents removed. */
const HEADERS: Record<ImportField, readonly string[]> = {
  artist: ['artist', 'artists', 'artistname', 'artistid', 'artiest', 'artiesten', 'artiestnaam', 'act', 'band', 'name', 'naam'],
  stage: ['stage', 'stagename', 'stageid', 'podium', 'podiumnaam', 'zaal', 'location', 'locatie'],
  day: ['day', 'date', 'dag', 'datum', 'daydate', 'dagdatum'],
  start: ['start', 'starts', 'startsat', 'starttime', 'startat', 'begin', 'begint', 'aanvang', 'starttijd', 'van', 'from'],
  end: ['end', 'ends', 'endsat', 'endtime', 'eind', 'einde', 'eindtijd', 'tot', 'until', 'to', 'stop'],
  title: ['title', 'titel', 'billing', 'settitle', 'omschrijving'],
  status: ['status', 'state'],
};

/**
 * The header row the programme export writes (model/src/export/programme-export.ts), in the
 * admin's language: one of each field's header words above, so the import reads its own
 * export back (import-columns.test.ts checks every one).
 */
export const EXPORT_HEADERS: Record<'en' | 'nl', Record<ImportField, string>> = {
  en: { artist: 'Artist', stage: 'Stage', day: 'Day', start: 'Start', end: 'End', title: 'Title', status: 'Status' },
  nl: { artist: 'Artiest', stage: 'Podium', day: 'Datum', start: 'Aanvang', end: 'Einde', title: 'Titel', status: 'Status' },
};

/** The status words the export writes; the import reads these among others (functions/src/domain/programme-import.ts). */
export const EXPORT_STATUS_WORDS: Record<'en' | 'nl', Record<'scheduled' | 'cancelled', string>> = {
  en: { scheduled: 'scheduled', cancelled: 'cancelled' },
  nl: { scheduled: 'gepland', cancelled: 'afgelast' },
};

/** The columns a programme cannot do without. */
export const REQUIRED_IMPORT_FIELDS: readonly ImportField[] = ['artist', 'stage', 'start', 'end'];

export function importHeaderKey(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

export function importFieldOfHeader(header: string): ImportField | null {
  const key = importHeaderKey(header);
  for (const [field, words] of Object.entries(HEADERS) as Array<[ImportField, readonly string[]]>) if (words.includes(key)) return field;
  return null;
}

/** `A`…`Z`, `AA`…: the spreadsheet's name for a zero-based column. */
export function columnLetter(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
