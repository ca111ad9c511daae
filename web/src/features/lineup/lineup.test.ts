import { festivalDayOf } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { groupLineup, indexLetter, letterGroups, lineupEntries, withGenre } from './lineup';

describe('the line-up', () => {
  const programme = seedProgramme();
  const entries = lineupEntries(programme, 'en');

  it('lists every artist once, A-Z, each with every one of their sets in time order', () => {
    expect(entries).toHaveLength(programme.artists.size);
    const names = entries.map((entry) => entry.artist.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const entry of entries) {
      const expected = programme.performances.filter((set) => set.artistId === entry.artist.id);
      expect(entry.sets.map((set) => set.id)).toEqual(expected.map((set) => set.id));
    }
    expect(entries.reduce((sum, entry) => sum + entry.sets.length, 0)).toBe(programme.performances.length);
  });

  it('filters by genre, keeping the order', () => {
    const techno = withGenre(entries, 'techno');
    expect(techno.length).toBeGreaterThan(0);
    expect(techno.every((entry) => entry.artist.genres.includes('techno'))).toBe(true);
    expect(techno.length).toBe([...programme.artists.values()].filter((artist) => artist.genres.includes('techno')).length);
    expect(withGenre(entries, null)).toEqual(entries);
  });

  it('groups by festival day: each artist under every day they play, with that day\'s sets, by running order', () => {
    const groups = groupLineup(entries, 'day', programme);
    expect(groups.map((group) => group.day)).toEqual(['2026-08-14', '2026-08-15', '2026-08-16']);
    let sets = 0;
    for (const group of groups) {
      const starts = group.entries.map((entry) => entry.sets[0]!.startsAt.getTime());
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      for (const entry of group.entries) {
        for (const set of entry.sets) expect(festivalDayOf(set.startsAt, programme.festival)).toBe(group.day);
        sets += entry.sets.length;
      }
    }
    expect(sets).toBe(programme.performances.length);
  });

  it('is one group in A-Z order', () => {
    expect(groupLineup(entries, 'az', programme)).toEqual([{ day: null, entries }]);
  });

  it('files a name under its first letter without accents, and one starting with no letter under #', () => {
    expect(['Émile Roux', 'Øystein', 'zoë', 'The Neon Tides', 'Łukasz', '2manydjs', ' Ana'].map((name) => indexLetter(name, 'en'))).toEqual(['E', 'O', 'Z', 'T', 'L', '#', 'A']);
  });

  it('cuts the A-Z list into one section per letter, each letter once, keeping every artist in order', () => {
    const groups = letterGroups(entries, 'en');
    const letters = groups.map((group) => group.letter);
    expect(new Set(letters).size).toBe(letters.length);
    expect(groups.flatMap((group) => group.entries)).toEqual(entries);
    for (const group of groups) expect(group.entries.every((entry) => indexLetter(entry.artist.name, 'en') === group.letter)).toBe(true);
    expect(letters).toEqual([...letters].sort());
  });

  it('joins a letter collation puts apart into its first section', () => {
    const named = (name: string) => ({ artist: { ...entries[0]!.artist, id: name, name }, sets: [] });
    expect(letterGroups([named('Abba'), named('2manydjs'), named('Air')], 'en').map((group) => [group.letter, group.entries.map((entry) => entry.artist.name)])).toEqual([
      ['A', ['Abba', 'Air']],
      ['#', ['2manydjs']],
    ]);
  });
});
