import {
  csvSeparatorFor,
  dayFiguresCsv,
  dayFiguresRows,
  festivalDays,
  infoPagesMarkdown,
  programmeCsv,
  programmeExportRows,
  programmeSheet,
  type DailyStats,
  type DayFiguresLabels,
  type ExportLanguage,
  type ExportedInfoPage,
  type TodayStats,
} from '@encore/model';
import type { Programme } from '../../festival/programme';
import { calendarDayOf } from '../staff/today-figures';
import { programmeWorkbook } from './api/programme-workbook';

/**
 * The console's three downloads, each a file and its name (`{festivalId}-programme-{date}.csv`
 * and so on, dated by the festival's calendar day, so files taken on different days sort in
 * order). All are made on this device from data it already holds (the programme, the info
 * pages and the figures the console shows): no server is asked, which is why they work offline.
 */

export type ExportKind = 'programme-csv' | 'programme-xlsx' | 'info' | 'figures';

export interface ExportFile {
  blob: Blob;
  fileName: string;
}

const fileName = (programme: Programme, what: string, extension: string, now: Date) =>
  `${programme.festivalId}-${what}-${calendarDayOf(now, programme.festival.timeZone)}.${extension}`;

function programmeRows(programme: Programme) {
  return programmeExportRows({ festival: programme.festival, stages: programme.stages, artists: programme.artists, performances: programme.performances });
}

export function programmeCsvFile(programme: Programme, language: ExportLanguage, now: Date): ExportFile {
  return { blob: new Blob([programmeCsv(programmeRows(programme), language)], { type: 'text/csv;charset=utf-8' }), fileName: fileName(programme, 'programme', 'csv', now) };
}

export async function programmeXlsxFile(programme: Programme, language: ExportLanguage, sheetName: string, now: Date): Promise<ExportFile> {
  return { blob: await programmeWorkbook(programmeSheet(programmeRows(programme), language), sheetName), fileName: fileName(programme, 'programme', 'xlsx', now) };
}

export function infoPagesFile(programme: Programme, pages: readonly ExportedInfoPage[], text: { heading: string; intro: string }, now: Date): ExportFile {
  return { blob: new Blob([infoPagesMarkdown(pages, text)], { type: 'text/markdown;charset=utf-8' }), fileName: fileName(programme, 'info', 'md', now) };
}

/** Day figures with the console's language's headers and separator (`;` for Dutch spreadsheets). */
export function dayFiguresFile(programme: Programme, daily: readonly DailyStats[], today: TodayStats | null, labels: DayFiguresLabels, language: ExportLanguage, now: Date): ExportFile {
  const dates = festivalDays(programme.festival).map((day) => day.date);
  const csv = dayFiguresCsv(dayFiguresRows(dates, daily, today), labels, csvSeparatorFor(language));
  return { blob: new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName: fileName(programme, 'day-figures', 'csv', now) };
}
