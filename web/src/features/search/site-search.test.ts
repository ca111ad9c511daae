import { encore2026 } from '@encore/model/seed';
import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { buildPageIndex } from './page-search';
import { buildPlaceIndex } from './place-search';
import { buildSearchIndex } from './search-index';
import { buildSiteIndex, searchSite, type SiteIndex } from './site-search';

const seed = encore2026();
const programme = seedProgramme();
const stageNames = new Map(programme.stages.map((stage) => [stage.id, stage.name]));
const KIND_NAMES = { en: { toilets: 'Toilets', water: 'Drinking water' }, nl: { toilets: 'Toiletten', water: 'Drinkwater' } } as const;

function siteIndex(language: 'en' | 'nl'): SiteIndex {
  const places = buildPlaceIndex(seed.venueMap.markers, {
    language,
    stageName: (id) => stageNames.get(id),
    kindName: (kind) => (KIND_NAMES[language] as Record<string, string>)[kind] ?? kind,
    near: (place, stage) => (language === 'nl' ? `${place} bij ${stage}` : `${place} by ${stage}`),
    numbered: (place, n) => `${place} (${n})`,
  });
  const pages = buildPageIndex(seed.infoPages.map(({ id, data }) => ({ ...data, id, updatedAt: new Date('2026-08-01T10:00:00Z') })));
  return buildSiteIndex(buildSearchIndex(programme), places, pages);
}

const english = siteIndex('en');
const dutch = siteIndex('nl');
const artistNames = (query: string, index = english) => searchSite(index, query, 'en').programme.artists.map((hit) => hit.artist.name).sort();
const seedArtists = (keep: (artist: (typeof seed.artists)[number]['data']) => boolean) => seed.artists.filter((entry) => keep(entry.data)).map((entry) => entry.data.name).sort();

describe('searchSite: typos', () => {
  it('"lambret" finds nothing as typed, offers "Lambert" and finds Zoë Lambert and every set of hers', () => {
    const results = searchSite(english, 'lambret', 'en');
    expect(results.words).toEqual(['lambret']);
    expect(results.correction).toEqual({ words: ['lambert'], query: 'Lambert' });
    expect(results.programme.artists.map((hit) => hit.artist.name)).toEqual(['Zoë Lambert']);
    const zoe = seed.artists.find((entry) => entry.data.name === 'Zoë Lambert')!;
    expect(results.programme.setCount).toBe(seed.performances.filter((set) => set.data.artistId === zoe.id).length);
  });

  it('corrects only the words that start no known word, and a word still being typed ("zoe lambre")', () => {
    expect(searchSite(english, 'zoe lambre', 'en').correction?.query).toBe('zoe Lambert');
    expect(searchSite(english, 'silver ecos', 'en').correction).toBeNull(); // "ecos" has four letters: too short to correct
    expect(searchSite(english, 'silver echos', 'en').correction?.query).toBe('silver Echoes');
  });

  it('offers nothing when the query finds something as typed, is too short to correct, or has nothing close', () => {
    expect(searchSite(english, 'lamb', 'en').correction).toBeNull();
    expect(searchSite(english, 'lamb', 'en').programme.artists.length).toBeGreaterThan(0);
    for (const query of ['zoa', 'qwertyuiop', 'xxxxxxxxxx']) {
      const results = searchSite(english, query, 'en');
      expect(results.correction, query).toBeNull();
      expect(results.programme.artists, query).toEqual([]);
      expect(results.places, query).toEqual([]);
    }
  });

  it('allows two edits from eight letters ("lihgthuose" is two swaps from "Lighthouse"), one below', () => {
    expect(searchSite(english, 'lihgthuose', 'en').correction?.query).toBe('Lighthouse');
    expect(searchSite(english, 'lihgthuos', 'en').correction?.query).toBe('Lighthouse');
    expect(searchSite(english, 'lihgthse', 'en').correction).toBeNull();
  });
});

describe('searchSite: genres and countries', () => {
  it('"jazz" lists every jazz artist of the seed', () => {
    const jazz = seedArtists((artist) => artist.genres.includes('jazz'));
    expect(jazz).toHaveLength(9);
    expect(artistNames('jazz')).toEqual(jazz);
    expect(searchSite(english, 'jazz', 'en').programme.setCount).toBeGreaterThan(0);
  });

  it('finds a country by its English name, its Dutch name and its whole code, in either language of the app', () => {
    const dutchArtists = seedArtists((artist) => artist.country === 'NL');
    expect(dutchArtists.length).toBeGreaterThan(0);
    for (const query of ['netherlands', 'Nederland', 'NL', 'nl']) expect(artistNames(query), query).toEqual(dutchArtists);
    expect(artistNames('nederland', dutch)).toEqual(dutchArtists);
    // A code is matched whole: "n" alone is not the Netherlands.
    expect(artistNames('n')).not.toEqual(dutchArtists);
  });
});

describe('searchSite: places and info pages', () => {
  const toilets = seed.venueMap.markers.filter((marker) => marker.kind === 'toilets');

  it('"toilet" lists every toilet on the map, each named as the map names it (unique)', () => {
    const results = searchSite(english, 'toilet', 'en');
    expect(results.places.map((hit) => hit.marker.id).sort()).toEqual(toilets.map((marker) => marker.id).sort());
    const names = results.places.map((hit) => hit.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toContain('Toilets by Main Stage');
    expect(results.places.every((hit) => hit.minutes === null)).toBe(true);
  });

  it('in Dutch, "toilet" finds them under their Dutch kind name', () => {
    const results = searchSite(dutch, 'toilet', 'nl');
    expect(results.places.map((hit) => hit.marker.id).sort()).toEqual(toilets.map((marker) => marker.id).sort());
    expect(results.places.some((hit) => hit.name.startsWith('Toiletten'))).toBe(true);
  });

  it("finds an info page by a word of either language, titled in the reader's language with a line of its text", () => {
    const inEnglish = searchSite(english, 'kluisjes', 'en');
    expect(inEnglish.pages.map((page) => page.title)).toEqual(['Lockers']);
    const inDutch = searchSite(dutch, 'lockers', 'nl');
    expect(inDutch.pages.map((page) => page.title)).toContain('Kluisjes');
    const gates = searchSite(english, 'gates', 'en').pages.find((page) => page.title === 'Opening hours');
    expect(gates?.snippet).toMatch(/gates/);
  });

  it('without a map or info pages yet, finds the programme all the same', () => {
    const programmeOnly = buildSiteIndex(buildSearchIndex(programme), null, null);
    const results = searchSite(programmeOnly, 'toilet zoe', 'en');
    expect(results.places).toEqual([]);
    expect(searchSite(programmeOnly, 'lambret', 'en').correction?.query).toBe('Lambert');
  });
});
