import { festivalDay, festivalDayOf, festivalDays } from '@encore/model';
import type { PerformanceDoc, Programme } from '../../festival/programme';

/** What the programme page shows, as read from (and written to) the URL. */
export interface ProgrammeFilter {
  day: string;
  stageId: string | null;
  genre: string | null;
  onlyMine: boolean;
  search: string;
}

/** The festival day to open on: today's while the festival runs, else the first day. */
export function defaultDay(programme: Programme, now: Date): string {
  const days = festivalDays(programme.festival).map((day) => day.date);
  const today = festivalDayOf(now, programme.festival);
  return days.includes(today) ? today : days[0] ?? programme.festival.startsOn;
}

export function readFilter(params: URLSearchParams, programme: Programme, now: Date): ProgrammeFilter {
  const days = festivalDays(programme.festival).map((day) => day.date);
  const day = params.get('day');
  return {
    day: day && days.includes(day) ? day : defaultDay(programme, now),
    stageId: params.get('stage'),
    genre: params.get('genre'),
    onlyMine: params.get('mine') === '1',
    search: params.get('q') ?? '',
  };
}

/** Folds case and accents so "sigur" finds "Sígur". */
function fold(text: string): string {
  return text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function filterPerformances(programme: Programme, filter: ProgrammeFilter, favoriteIds: ReadonlySet<string>): PerformanceDoc[] {
  const bounds = festivalDay(filter.day, programme.festival);
  const needle = fold(filter.search.trim());
  return programme.performances.filter((performance) => {
    if (performance.startsAt < bounds.startsAt || performance.startsAt >= bounds.endsAt) return false;
    if (filter.stageId && performance.stageId !== filter.stageId) return false;
    if (filter.onlyMine && !favoriteIds.has(performance.id)) return false;
    const artist = programme.artists.get(performance.artistId);
    if (filter.genre && !artist?.genres.includes(filter.genre)) return false;
    if (needle) {
      const haystack = fold([artist?.name, performance.title, ...(artist?.genres ?? [])].filter(Boolean).join(' '));
      if (!haystack.includes(needle)) return false;
    }
    return true;
  });
}
