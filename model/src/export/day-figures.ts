import type { DailyStats, TodayStats } from '../schemas/stats.js';
import { csvText, type CsvSeparator } from './csv.js';

/**
 * A festival's figures per day, from the documents the console's dashboard reads: the nightly
 * roll-ups (`stats/daily-YYYY-MM-DD`) for days that are over, and `stats/today` for today,
 * which is counted as it happens and has no favourites added and removed apart (its cells are
 * left empty, not written as 0). Days are the festival's calendar days in its time zone, as the
 * roll-ups count them; a day the roll-ups have outside the festival's dates (a build-up day
 * with uploads) gets its row too. The roll-ups hold no figures per stage.
 */

export const DAY_FIGURE_COLUMNS = ['favoritesAdded', 'favoritesRemoved', 'photosUploaded', 'photosRejected', 'reactions', 'reports'] as const;
export type DayFigure = (typeof DAY_FIGURE_COLUMNS)[number];

export type DayFiguresState = 'final' | 'so-far' | 'none';

export interface DayFiguresRow {
  day: string;
  /** `final`: rolled up; `so-far`: today, still counting; `none`: nothing counted (yet). */
  state: DayFiguresState;
  figures: Partial<Record<DayFigure, number>>;
}

export function dayFiguresRows(festivalDates: readonly string[], daily: readonly DailyStats[], today: TodayStats | null): DayFiguresRow[] {
  const rolledUp = new Map(daily.map((entry) => [entry.day, entry]));
  const days = [...new Set([...festivalDates, ...rolledUp.keys(), ...(today ? [today.day] : [])])].sort();
  return days.map((day) => {
    const final = rolledUp.get(day);
    if (final) return { day, state: 'final', figures: Object.fromEntries(DAY_FIGURE_COLUMNS.map((column) => [column, final[column]])) };
    if (today?.day === day) {
      const { photosUploaded, photosRejected, reactions, reports } = today;
      return { day, state: 'so-far', figures: { photosUploaded, photosRejected, reactions, reports } };
    }
    return { day, state: 'none', figures: {} };
  });
}

export interface DayFiguresLabels {
  day: string;
  state: string;
  columns: Record<DayFigure, string>;
  states: Record<DayFiguresState, string>;
  total: string;
}

/** One row per day, then a total of each column over the days that have it. Headers and words in the admin's language. */
export function dayFiguresCsv(rows: readonly DayFiguresRow[], labels: DayFiguresLabels, separator: CsvSeparator): string {
  const cell = (value: number | undefined) => (value === undefined ? '' : String(value));
  const total = (column: DayFigure) => rows.reduce((sum, row) => sum + (row.figures[column] ?? 0), 0);
  return csvText(
    [
      [labels.day, labels.state, ...DAY_FIGURE_COLUMNS.map((column) => labels.columns[column])],
      ...rows.map((row) => [row.day, labels.states[row.state], ...DAY_FIGURE_COLUMNS.map((column) => cell(row.figures[column]))]),
      [labels.total, '', ...DAY_FIGURE_COLUMNS.map((column) => String(total(column)))],
    ],
    separator,
  );
}
