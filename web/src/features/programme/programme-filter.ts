import { festivalDay, festivalDayOf, festivalDays } from '@encore/model';
import type { PerformanceDoc, Programme } from '../../festival/programme';

/** What the programme page shows, as read from (and written to) the URL. */
export interface ProgrammeFilter {
  day: string;
  /** Stage ids to show; empty for every stage. */
  stages: string[];
  /** Genres to show (a set matches any of them); empty for every genre. */
  genres: string[];
  onlyMine: boolean;
  search: string;
}

/** The programme's view: Clashfinder-style timeline (stages side by side) or one chronological list. */
export type ProgrammeLayout = 'timeline' | 'list';

/** The URL parameter of each part of the filter: `?day=2026-08-15&stage=main-stage,the-pier&genre=folk&mine=1&q=dj`. */
export const FILTER_PARAMS: Record<keyof ProgrammeFilter, string> = { day: 'day', stages: 'stage', genres: 'genre', onlyMine: 'mine', search: 'q' };
export const LAYOUT_PARAM = 'view';

/** The festival day to open on: today's while the festival runs, else the first day. */
export function defaultDay(programme: Programme, now: Date): string {
  const days = festivalDays(programme.festival).map((day) => day.date);
  const today = festivalDayOf(now, programme.festival);
  return days.includes(today) ? today : days[0] ?? programme.festival.startsOn;
}

const listParam = (value: string | null) => (value ? [...new Set(value.split(',').filter((item) => item !== ''))] : []);

export function readFilter(params: URLSearchParams, programme: Programme, now: Date): ProgrammeFilter {
  const days = festivalDays(programme.festival).map((day) => day.date);
  const day = params.get(FILTER_PARAMS.day);
  return {
    day: day && days.includes(day) ? day : defaultDay(programme, now),
    stages: listParam(params.get(FILTER_PARAMS.stages)),
    genres: listParam(params.get(FILTER_PARAMS.genres)),
    onlyMine: params.get(FILTER_PARAMS.onlyMine) === '1',
    search: params.get(FILTER_PARAMS.search) ?? '',
  };
}

export function readLayout(params: URLSearchParams): ProgrammeLayout {
  return params.get(LAYOUT_PARAM) === 'list' ? 'list' : 'timeline';
}

/** The URL parameters after a change to the filter; the parameters of other things are kept. */
export function withFilter(params: URLSearchParams, change: Partial<ProgrammeFilter>): URLSearchParams {
  const updated = new URLSearchParams(params);
  for (const [key, value] of Object.entries(change) as Array<[keyof ProgrammeFilter, ProgrammeFilter[keyof ProgrammeFilter]]>) {
    const text = Array.isArray(value) ? value.join(',') : value === true ? '1' : value === false ? '' : value;
    if (text === '') updated.delete(FILTER_PARAMS[key]);
    else updated.set(FILTER_PARAMS[key], text);
  }
  return updated;
}

/** How many filters narrow the day (each stage, genre, "only mine" and a search count one): the number on the Filters button. */
export function activeFilterCount(filter: ProgrammeFilter): number {
  return filter.stages.length + filter.genres.length + (filter.onlyMine ? 1 : 0) + (filter.search.trim() ? 1 : 0);
}

/** Nothing narrowing the day: what "Clear all" sets. */
export const CLEARED_FILTER: Omit<ProgrammeFilter, 'day'> = { stages: [], genres: [], onlyMine: false, search: '' };

/** Folds case and accents so "sigur" finds "Sígur". */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function filterPerformances(programme: Programme, filter: ProgrammeFilter, favoriteIds: ReadonlySet<string>): PerformanceDoc[] {
  const bounds = festivalDay(filter.day, programme.festival);
  const needle = fold(filter.search.trim());
  return programme.performances.filter((performance) => {
    if (performance.startsAt < bounds.startsAt || performance.startsAt >= bounds.endsAt) return false;
    if (filter.stages.length > 0 && !filter.stages.includes(performance.stageId)) return false;
    if (filter.onlyMine && !favoriteIds.has(performance.id)) return false;
    const artist = programme.artists.get(performance.artistId);
    if (filter.genres.length > 0 && !filter.genres.some((genre) => artist?.genres.includes(genre))) return false;
    if (needle) {
      const haystack = fold([artist?.name, performance.title, ...(artist?.genres ?? [])].filter(Boolean).join(' '));
      if (!haystack.includes(needle)) return false;
    }
    return true;
  });
}
