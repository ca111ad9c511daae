import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import { buildSearchIndex, searchProgramme } from './search-index';
import { SearchResultsView } from './SearchResultsView';

const programme = seedProgramme();
const index = buildSearchIndex(programme);

function show(query: string, locale: 'en' | 'nl' = 'en') {
  return renderWithIntl(<SearchResultsView programme={programme} results={searchProgramme(index, query)} query={query} />, { locale });
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
    show('qwxz', 'nl');
    expect(screen.getByText('Niets gevonden voor ‘qwxz’')).toBeTruthy();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Bekijk de line-up van A tot Z']);
  });

  it('says how many matched when it shows only the best of them', () => {
    show('the');
    expect(screen.getByText(/^Showing the 60 best of \d+ sets/)).toBeTruthy();
  });
});
