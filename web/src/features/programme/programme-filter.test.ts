import { festivalDayOf, localTime } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { activeFilterCount, defaultDay, filterPerformances, readFilter, readLayout, withFilter } from './programme-filter';

const programme = seedProgramme();
const friday = new Date('2026-08-14T18:00:00Z');

describe('programme filters', () => {
  it('opens on the festival day of now, or the first day outside the festival', () => {
    expect(defaultDay(programme, new Date('2026-08-15T23:30:00Z'))).toBe('2026-08-15');
    // 03:00 on Sunday morning, local time, still belongs to Saturday night.
    expect(defaultDay(programme, new Date('2026-08-16T01:00:00Z'))).toBe('2026-08-15');
    expect(defaultDay(programme, new Date('2026-01-01T12:00:00Z'))).toBe('2026-08-14');
  });

  it('keeps only the chosen festival day, including sets after midnight', () => {
    const filter = readFilter(new URLSearchParams('day=2026-08-14'), programme, friday);
    const sets = filterPerformances(programme, filter, new Set());
    expect(sets.length).toBeGreaterThan(20);
    expect(sets.every((set) => festivalDayOf(set.startsAt, programme.festival) === '2026-08-14')).toBe(true);
    expect(sets.some((set) => localTime(set.startsAt, programme.festival) < '06:00')).toBe(true);
  });

  it('filters by stages, genres, search text and my schedule', () => {
    const base = readFilter(new URLSearchParams('day=2026-08-14'), programme, friday);
    const stages = [programme.stages[1]!.id, programme.stages[3]!.id];
    const onStages = filterPerformances(programme, { ...base, stages }, new Set());
    expect(new Set(onStages.map((set) => set.stageId))).toEqual(new Set(stages));

    const genre = programme.artists.values().next().value!.genres[0]!;
    const byGenre = filterPerformances(programme, { ...base, genres: [genre] }, new Set());
    expect(byGenre.length).toBeGreaterThan(0);
    expect(byGenre.every((set) => programme.artists.get(set.artistId)!.genres.includes(genre))).toBe(true);
    const other = [...new Set([...programme.artists.values()].flatMap((artist) => artist.genres))].find((candidate) => candidate !== genre)!;
    const byEither = filterPerformances(programme, { ...base, genres: [genre, other] }, new Set());
    expect(byEither.length).toBeGreaterThan(byGenre.length);
    expect(byEither.every((set) => programme.artists.get(set.artistId)!.genres.some((g) => g === genre || g === other))).toBe(true);

    const someone = filterPerformances(programme, base, new Set())[3]!;
    const name = programme.artists.get(someone.artistId)!.name;
    const found = filterPerformances(programme, { ...base, search: name.toUpperCase() }, new Set());
    expect(found.map((set) => set.id)).toContain(someone.id);

    expect(filterPerformances(programme, { ...base, onlyMine: true }, new Set([someone.id])).map((set) => set.id)).toEqual([someone.id]);
  });

  it('ignores a day outside the festival in the URL', () => {
    expect(readFilter(new URLSearchParams('day=2027-01-01&mine=1&q=x'), programme, friday)).toEqual({
      day: '2026-08-14',
      stages: [],
      genres: [],
      onlyMine: true,
      search: 'x',
    });
  });

  it('round-trips every filter through the URL, keeping other parameters, and counts the active ones', () => {
    const params = withFilter(new URLSearchParams('view=list'), { day: '2026-08-15', stages: ['main-stage', 'the-pier'], genres: ['r&b'], onlyMine: true, search: 'dj' });
    expect(params.toString()).toBe('view=list&day=2026-08-15&stage=main-stage%2Cthe-pier&genre=r%26b&mine=1&q=dj');
    const filter = readFilter(params, programme, friday);
    expect(filter).toEqual({ day: '2026-08-15', stages: ['main-stage', 'the-pier'], genres: ['r&b'], onlyMine: true, search: 'dj' });
    expect(activeFilterCount(filter)).toBe(5);
    expect(readLayout(params)).toBe('list');
    const cleared = withFilter(params, { stages: [], genres: [], onlyMine: false, search: '' });
    expect(cleared.toString()).toBe('view=list&day=2026-08-15');
    expect(activeFilterCount(readFilter(cleared, programme, friday))).toBe(0);
    expect(readLayout(new URLSearchParams('day=2026-08-15'))).toBe('timeline');
  });
});
