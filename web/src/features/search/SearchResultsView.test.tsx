import { encore2026 } from '@encore/model/seed';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import { buildPlaceIndex } from './place-search';
import { buildSearchIndex } from './search-index';
import { SearchResultsView } from './SearchResultsView';
import { buildSiteIndex, searchSite } from './site-search';
import type { SearchPosition } from './PlacesFound';

const seed = encore2026();
const programme = seedProgramme();
const stageNames = new Map(programme.stages.map((stage) => [stage.id, stage.name]));
const places = buildPlaceIndex(seed.venueMap.markers, {
  language: 'en',
  stageName: (id) => stageNames.get(id),
  kindName: (kind) => (kind === 'toilets' ? 'Toilets' : kind),
  near: (place, stage) => `${place} by ${stage}`,
  numbered: (place, n) => `${place} (${n})`,
});
const index = buildSiteIndex(buildSearchIndex(programme), places, null);

function show(query: string, options: { locale?: 'en' | 'nl'; onSearch?: (query: string) => void; position?: SearchPosition } = {}) {
  const { locale = 'en', ...rest } = options;
  return renderWithIntl(
    <SearchResultsView programme={programme} results={searchSite(index, query, locale)} query={query} georeference={seed.venueMap.georeference} {...rest} />,
    { locale },
  );
}

// Role queries walk the whole tree: generous limits, for a busy machine.
describe('the search results', { timeout: 30_000 }, () => {
  it('shows the artist (to their page) and each set under its festival day (to the set page)', () => {
    show('zoe');
    const zoe = [...programme.artists.values()].find((artist) => artist.name === 'Zoë Lambert')!;
    const artists = screen.getByRole('region', { name: 'Artists' });
    expect(within(artists).getByRole('link', { name: /^Zoë Lambert/ }).getAttribute('href')).toBe(`/artists/${zoe.id}`);
    const sets = programme.performances.filter((set) => set.artistId === zoe.id);
    for (const [date, name] of [
      ['2026-08-14', 'Friday 14 August'],
      ['2026-08-15', 'Saturday 15 August'],
      ['2026-08-16', 'Sunday 16 August'],
    ] as const) {
      const day = screen.getByRole('region', { name });
      const hrefs = within(day).getAllByRole('link').map((link) => link.getAttribute('href'));
      expect(hrefs.length, date).toBeGreaterThan(0);
      for (const href of hrefs) expect(sets.map((set) => `/performances/${set.id}`)).toContain(href);
    }
    expect(screen.getByRole('status').textContent).toBe(`1 artist, ${sets.length} sets for “zoe”`);
  });

  it('says plainly when nothing matches, in Dutch too, and links only the line-up', () => {
    const { unmount } = show('qwxz');
    expect(screen.getByText('Nothing found for “qwxz”')).toBeTruthy();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Browse the line-up A–Z']);
    expect(screen.getByRole('status').textContent).toBe('');
    unmount();
    show('qwxz', { locale: 'nl' });
    expect(screen.getByText('Niets gevonden voor ‘qwxz’')).toBeTruthy();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Bekijk de line-up van A tot Z']);
  });

  it('says how many matched when it shows only the best of them', () => {
    show('the');
    expect(screen.getByText(/^Showing the 60 best of \d+ sets/)).toBeTruthy();
  });

  it('for a typo, says the typed query found nothing, offers the correction as a button and shows what it finds', () => {
    const onSearch = vi.fn();
    show('lambret', { onSearch });
    expect(screen.getByRole('status').textContent).toMatch(/^Nothing found for “lambret”\. 1 artist, \d+ sets for “Lambert”$/);
    fireEvent.click(screen.getByRole('button', { name: 'Lambert' }));
    expect(onSearch).toHaveBeenCalledWith('Lambert');
    expect(within(screen.getByRole('region', { name: 'Artists' })).getByRole('link', { name: /^Zoë Lambert/ })).toBeTruthy();
  });

  it('in Dutch, asks "Bedoelde je …?"', () => {
    show('lambret', { locale: 'nl' });
    expect(screen.getByText(/Bedoelde je/).textContent).toBe('Bedoelde je Lambert?');
  });

  it('lists the map\u2019s places, each a link to it on the map, and asks before using the position', () => {
    const start = vi.fn();
    show('toilet', { position: { state: { status: 'off' }, start } });
    const onMap = screen.getByRole('region', { name: 'On the map' });
    const links = within(onMap).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href')).sort()).toEqual(['/map?place=toilets-east', '/map?place=toilets-gate', '/map?place=toilets-main']);
    expect(screen.getByRole('status').textContent).toBe('3 places for “toilet”');
    fireEvent.click(within(onMap).getByRole('button', { name: 'Walking minutes from where I am' }));
    expect(start).toHaveBeenCalled();
  });

  it('with the position known on the site, lists the places nearest first with walking minutes', () => {
    // Right by the Main Stage's toilets (0.41, 0.47 on the plan).
    const transform = { lat: 52.3537, lng: 5.0105 };
    show('toilet', { position: { state: { status: 'on', lat: transform.lat, lng: transform.lng, heading: null, accuracy: 5 }, start: () => {} } });
    const rows = within(screen.getByRole('region', { name: 'On the map' })).getAllByRole('link');
    expect(rows.every((row) => /\d+ min walk$/.test(row.textContent ?? ''))).toBe(true);
    const minutes = rows.map((row) => Number(/(\d+) min walk$/.exec(row.textContent ?? '')![1]));
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    expect(screen.getByText('Nearest first, in walking minutes from where you are.')).toBeTruthy();
  });
});
