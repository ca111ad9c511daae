import { EXPORT_HEADERS, EXPORT_STATUS_WORDS } from '../callables/import-columns.js';
import type { ImportField } from '../callables/import-programme.js';
import type { Festival, PerformanceStatus } from '../schemas/festival.js';
import { DEFAULT_DAY_STARTS_AT_HOUR, festivalDayOf, localTime, zonedInstant } from '../time/festival-days.js';
import { csvText, type CsvSeparator } from './csv.js';

/**
 * A festival's programme in the import's own format (functions/src/domain/programme-import.ts),
 * so the file an admin downloads is one the import reads back to the same sets: the same
 * festival again changes nothing, and a new edition with the same stages gets the same sets.
 *
 * One row per set: artist and stage by name (a new edition has the stages but not the artists,
 * and the import finds both by name, creating artists it lacks), the festival day the set
 * belongs to, start and end as the festival's clock shows them (a set at 00:30 is on the
 * previous night's day, as the import places it), title and status. Each time is checked by
 * placing it again the way the import does; one that would not come back to the same instant
 * (a wall clock that happens twice the night the clocks go back) is written as a full date and
 * time with its UTC offset instead, which the import also reads.
 */

export type ExportLanguage = 'en' | 'nl';

export interface ExportableSet {
  artistId: string;
  stageId: string;
  startsAt: Date;
  endsAt: Date;
  status: PerformanceStatus;
  title?: string | undefined;
}

export interface ProgrammeExportInput {
  festival: Pick<Festival, 'timeZone' | 'dayStartsAtHour'>;
  stages: ReadonlyArray<{ id: string; name: string; order: number }>;
  artists: ReadonlyMap<string, { name: string }>;
  performances: readonly ExportableSet[];
}

/** A time cell: a wall clock on the row's festival day, or (when that would not read back) a full date-time with offset. */
export type ExportTime = { clock: string } | { dateTime: string };

export interface ProgrammeExportRow {
  artist: string;
  stage: string;
  /** The festival day (YYYY-MM-DD) the set belongs to. */
  day: string;
  start: ExportTime;
  end: ExportTime;
  title: string;
  status: PerformanceStatus;
}

/** The columns in the order the file has them: the order organisers' booking sheets and the import's examples use. */
export const PROGRAMME_EXPORT_COLUMNS: readonly ImportField[] = ['artist', 'stage', 'day', 'start', 'end', 'title', 'status'];

const DAY_MS = 86_400_000;

/** The programme's sets as rows, by start, then by the stages' order. A set whose artist or stage is gone is named by its id. */
export function programmeExportRows(input: ProgrammeExportInput): ProgrammeExportRow[] {
  const stageOrder = new Map(input.stages.map((stage) => [stage.id, stage.order]));
  const stageName = new Map(input.stages.map((stage) => [stage.id, stage.name]));
  return [...input.performances]
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || (stageOrder.get(a.stageId) ?? 999) - (stageOrder.get(b.stageId) ?? 999))
    .map((set) => {
      const day = festivalDayOf(set.startsAt, input.festival);
      const times = exportTimes(day, set.startsAt, set.endsAt, input.festival);
      return {
        artist: input.artists.get(set.artistId)?.name ?? set.artistId,
        stage: stageName.get(set.stageId) ?? set.stageId,
        day,
        ...times,
        title: set.title ?? '',
        status: set.status,
      };
    });
}

/** Start and end as clocks when the import places both back on the same instants; else both as full date-times. */
function exportTimes(day: string, startsAt: Date, endsAt: Date, festival: ProgrammeExportInput['festival']): { start: ExportTime; end: ExportTime } {
  const start = localTime(startsAt, festival);
  const end = localTime(endsAt, festival);
  const placedStart = placeOnNight(day, start, festival);
  let placedEnd = placeOnNight(day, end, festival);
  // The import's rule: an end at or before its start is the next day (23:00-00:30, 05:00-06:30).
  if (placedEnd !== null && placedStart !== null && placedEnd <= placedStart) placedEnd += DAY_MS;
  if (placedStart === startsAt.getTime() && placedEnd === endsAt.getTime()) return { start: { clock: start }, end: { clock: end } };
  return { start: { dateTime: dateTimeWithOffset(startsAt, festival.timeZone) }, end: { dateTime: dateTimeWithOffset(endsAt, festival.timeZone) } };
}

/** As the import places a clock time on a night: before the day boundary it is the next calendar date. */
function placeOnNight(night: string, clock: string, festival: ProgrammeExportInput['festival']): number | null {
  const hour = Number(clock.slice(0, 2));
  const date = hour < (festival.dayStartsAtHour ?? DEFAULT_DAY_STARTS_AT_HOUR) ? nextDate(night) : night;
  return zonedInstant(date, clock, festival.timeZone)?.getTime() ?? null;
}

function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** `2026-10-25T02:30+01:00`: the festival's wall clock and its offset from UTC at that instant. */
function dateTimeWithOffset(instant: Date, timeZone: string): string {
  const date = festivalDayOf(instant, { timeZone, dayStartsAtHour: 0 });
  const clock = localTime(instant, { timeZone });
  const wallAsUtc = Date.parse(`${date}T${clock}:00Z`);
  const offsetMinutes = Math.round((wallAsUtc - instant.getTime()) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${date}T${clock}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

const pad = (value: number) => String(value).padStart(2, '0');
const timeText = (time: ExportTime) => ('clock' in time ? time.clock : time.dateTime);

/** The header row in the admin's language. */
export function programmeExportHeader(language: ExportLanguage): string[] {
  return PROGRAMME_EXPORT_COLUMNS.map((field) => EXPORT_HEADERS[language][field]);
}

/** A row's cells as text, in the columns' order. */
function rowTexts(row: ProgrammeExportRow, language: ExportLanguage): string[] {
  return [row.artist, row.stage, row.day, timeText(row.start), timeText(row.end), row.title, EXPORT_STATUS_WORDS[language][row.status]];
}

/** The separator a spreadsheet in that language opens at once: `;` for Dutch (its decimal point is a comma), `,` for English. */
export const csvSeparatorFor = (language: ExportLanguage): CsvSeparator => (language === 'nl' ? ';' : ',');

/** The programme as the CSV the import reads. */
export function programmeCsv(rows: readonly ProgrammeExportRow[], language: ExportLanguage): string {
  return csvText([programmeExportHeader(language), ...rows.map((row) => rowTexts(row, language))], csvSeparatorFor(language));
}

/**
 * A cell as write-excel-file takes it (a plain object: the model does not load the library).
 * Days and times are real date and time cells (serial numbers with a date or time format, as
 * Excel keeps what is typed), so the admin can sort and add them; the import reads them back
 * (model/src/callables/import-spreadsheet.ts) to the same text the CSV has.
 */
export type ExportSheetCell = { value: string; type: StringConstructor } | { value: number; type: NumberConstructor; format: string };

/** Day zero of Excel's 1900 date system: serial 1 is 1900-01-01. */
const EXCEL_DAY_ZERO = Date.UTC(1899, 11, 30);

const textCell = (value: string): ExportSheetCell => ({ value, type: String });
const dateCell = (date: string): ExportSheetCell => ({ value: (Date.parse(`${date}T00:00:00Z`) - EXCEL_DAY_ZERO) / DAY_MS, type: Number, format: 'yyyy-mm-dd' });
const timeCell = (time: ExportTime): ExportSheetCell =>
  'clock' in time ? { value: (Number(time.clock.slice(0, 2)) * 60 + Number(time.clock.slice(3, 5))) / 1440, type: Number, format: 'hh:mm' } : textCell(time.dateTime);

/** The programme as one sheet's rows (header first), for write-excel-file. */
export function programmeSheet(rows: readonly ProgrammeExportRow[], language: ExportLanguage): ExportSheetCell[][] {
  return [
    programmeExportHeader(language).map(textCell),
    ...rows.map((row) => [textCell(row.artist), textCell(row.stage), dateCell(row.day), timeCell(row.start), timeCell(row.end), textCell(row.title), textCell(EXPORT_STATUS_WORDS[language][row.status])]),
  ];
}
