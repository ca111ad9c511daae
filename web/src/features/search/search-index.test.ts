import { describe, expect, it } from 'vitest';
import { makeProgramme } from '../../festival/programme';
import { seedProgramme } from '../../test-fixtures';
import { foldText, wordsOf } from './normalise';
import { buildSearchIndex, searchProgramme } from './search-index';

describe('foldText and wordsOf', () => {
  it('folds case and accents, and spells out letters Unicode does not decompose', () => {
    expect(foldText('Zoë LAMBERT')).toBe('zoe lambert');
    expect(foldText('DJ Sól')).toBe('dj sol');
    expect(foldText('Léa Moreau')).toBe('lea moreau');
    expect(foldText('Løkken Straße Łódź Æther')).toBe('lokken strasse lodz aether');
  });

  it('cuts text into folded words at anything that is not a letter or digit, joining apostrophes', () => {
    expect(wordsOf('R&B / drum-and-bass')).toEqual(['r', 'b', 'drum', 'and', 'bass']);
    expect(wordsOf("D'Angelo’s 2nd set")).toEqual(['dangelos', '2nd', 'set']);
    expect(wordsOf('   ')).toEqual([]);
  });
});

describe('searchProgramme on the seed festival', () => {
  const programme = seedProgramme();
  const index = buildSearchIndex(programme);
  const artistNamed = (name: string) => [...programme.artists.values()].find((artist) => artist.name === name)!;

  it('finds an accented name from a plain, lower-case query ("zoe" finds "Zoë Lambert")', () => {
    const results = searchProgramme(index, 'zoe');
    expect(results.artists.map((hit) => hit.artist.name)).toEqual(['Zoë Lambert']);
    const zoe = artistNamed('Zoë Lambert');
    const zoeSets = programme.performances.filter((set) => set.artistId === zoe.id);
    expect(results.setCount).toBe(zoeSets.length);
    expect(results.days.flatMap((day) => day.sets.map((hit) => hit.performance.id)).sort()).toEqual(zoeSets.map((set) => set.id).sort());
  });

  it('finds the same with an accent, in capitals, or by part of a word ("ZOË", "Zo", "lamb")', () => {
    for (const query of ['ZOË', 'Zo', 'lamb', 'zoe lambert', 'lambert zoe']) {
      expect(searchProgramme(index, query).artists.map((hit) => hit.artist.name), query).toContain('Zoë Lambert');
    }
  });

  it('matches only at the start of a word: "ambert" finds nothing', () => {
    const results = searchProgramme(index, 'ambert');
    expect(results.artists).toEqual([]);
    expect(results.days).toEqual([]);
    expect(results.setCount).toBe(0);
  });

  it('searches every day at once and groups the sets by festival day, in order', () => {
    const echoes = artistNamed('The Silver Echoes');
    const results = searchProgramme(index, 'silver echoes');
    expect(results.artists[0]!.artist.id).toBe(echoes.id);
    const expectedDays = [...new Set(programme.performances.filter((set) => set.artistId === echoes.id).map((set) => set.startsAt.getTime()))];
    expect(results.days.flatMap((day) => day.sets).filter((hit) => hit.performance.artistId === echoes.id)).toHaveLength(expectedDays.length);
    const dates = results.days.map((day) => day.date);
    expect(dates).toEqual([...dates].sort());
    expect(dates.every((date) => date >= programme.festival.startsOn && date <= programme.festival.endsOn)).toBe(true);
  });

  it('finds sets by stage name, every word of the query having to match', () => {
    const mainStage = programme.stages.find((stage) => stage.name === 'Main Stage')!;
    const results = searchProgramme(index, 'main stage', 1000);
    expect(results.setCount).toBe(programme.performances.filter((set) => set.stageId === mainStage.id).length);
    expect(results.days.flatMap((day) => day.sets).every((hit) => hit.matchedOn.includes('stage'))).toBe(true);

    const silverOnMain = searchProgramme(index, 'silver main', 1000);
    for (const hit of silverOnMain.days.flatMap((day) => day.sets)) {
      expect(hit.performance.stageId).toBe(mainStage.id);
      expect(programme.artists.get(hit.performance.artistId)!.name).toMatch(/Silver/);
    }
  });

  it('finds sets by their title ("dj set")', () => {
    const titled = programme.performances.filter((set) => set.title === 'DJ set');
    expect(titled.length).toBeGreaterThan(0);
    const results = searchProgramme(index, 'dj set', 1000);
    expect(results.days.flatMap((day) => day.sets).map((hit) => hit.performance.id).sort()).toEqual(titled.map((set) => set.id).sort());
  });

  it('keeps the best sets when more match than the limit, and says how many matched', () => {
    const results = searchProgramme(index, 'the', 5);
    expect(results.setCount).toBeGreaterThan(5);
    expect(results.shownSetCount).toBe(5);
    expect(results.days.flatMap((day) => day.sets)).toHaveLength(5);
  });

  it('ranks a name spelled from its start above names that only contain the words', () => {
    const results = searchProgramme(index, 'the silver');
    expect(results.artists[0]!.artist.name.startsWith('The Silver')).toBe(true);
  });

  it('gives nothing for a blank query or one that matches nothing', () => {
    expect(searchProgramme(index, '   ')).toEqual({ words: [], artists: [], days: [], setCount: 0, shownSetCount: 0 });
    const none = searchProgramme(index, 'qwertyuiop');
    expect(none.artists).toEqual([]);
    expect(none.days).toEqual([]);
  });
});

describe('searchProgramme on a programme with a set whose artist is unknown', () => {
  it('still finds the set by its stage and never by a missing artist', () => {
    const seed = seedProgramme();
    const [first] = seed.performances;
    const programme = makeProgramme({
      festivalId: seed.festivalId,
      festival: seed.festival,
      stages: seed.stages,
      artists: [],
      performances: [first!],
    });
    const index = buildSearchIndex(programme);
    const stage = seed.stages.find((candidate) => candidate.id === first!.stageId)!;
    expect(searchProgramme(index, stage.name).setCount).toBe(1);
    expect(searchProgramme(index, 'zoe').setCount).toBe(0);
  });
});
