import { festivalDayOf, localTime } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { defaultDay, filterPerformances, readFilter } from './programme-filter';

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

  it('filters by stage, genre, search text and my schedule', () => {
    const base = readFilter(new URLSearchParams('day=2026-08-14'), programme, friday);
    const stage = programme.stages[1]!.id;
    expect(filterPerformances(programme, { ...base, stageId: stage }, new Set()).every((set) => set.stageId === stage)).toBe(true);

    const genre = programme.artists.values().next().value!.genres[0]!;
    const byGenre = filterPerformances(programme, { ...base, genre }, new Set());
    expect(byGenre.length).toBeGreaterThan(0);
    expect(byGenre.every((set) => programme.artists.get(set.artistId)!.genres.includes(genre))).toBe(true);

    const someone = filterPerformances(programme, base, new Set())[3]!;
    const name = programme.artists.get(someone.artistId)!.name;
    const found = filterPerformances(programme, { ...base, search: name.toUpperCase() }, new Set());
    expect(found.map((set) => set.id)).toContain(someone.id);

    expect(filterPerformances(programme, { ...base, onlyMine: true }, new Set([someone.id])).map((set) => set.id)).toEqual([someone.id]);
  });

  it('ignores a day outside the festival in the URL', () => {
    expect(readFilter(new URLSearchParams('day=2027-01-01&mine=1&q=x'), programme, friday)).toEqual({
      day: '2026-08-14',
      stageId: null,
      genre: null,
      onlyMine: true,
      search: 'x',
    });
  });
});
