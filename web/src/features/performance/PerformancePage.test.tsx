import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import PerformancePage from './PerformancePage';

/**
 * A set's own page before and after the festival (issue 37: after it, no heart, must-see or
 * maybe). The clock, the favourites and the counts are arranged here; the photo wall and
 * friends are stand-ins.
 */
const programme = seedProgramme();
const set = programme.performances.find((candidate) => candidate.status !== 'cancelled')!;
let now = new Date('2026-08-01T12:00:00Z');
vi.mock('../../time/ClockContext', () => ({ useNow: () => now }));
vi.mock('../../festival/FestivalContext', () => ({ useFestival: () => ({ programme, status: 'ready' }), useFestivalIfProvided: () => ({ programme, status: 'ready' }) }));
vi.mock('../../festival/LiveCountsContext', () => ({ useLiveCounts: () => ({ favorites: { [set.id]: 12 } }) }));
vi.mock('../favorites/FavoritesContext', () => ({
  useFavorites: () => ({ ids: new Set([set.id]), pendingIds: new Set(), priorities: new Map([[set.id, 'must']]), toggle: vi.fn(), setPriority: vi.fn() }),
}));
vi.mock('../photos/PhotoWall', () => ({ PhotoWall: () => <p>Photo wall</p> }));
vi.mock('../friends/FriendsOnSet', () => ({ FriendsOnSet: () => null }));

const renderPage = (locale: 'en' | 'nl' = 'en') =>
  renderWithIntl(
    <Router hook={memoryLocation({ path: `/performances/${set.id}` }).hook}>
      <Route path="/performances/:performanceId" component={PerformancePage} />
    </Router>,
    { locale },
  );

beforeEach(() => {
  now = new Date('2026-08-01T12:00:00Z');
});

describe("a set's page", () => {
  it('offers the heart and must-see or maybe before the festival', () => {
    renderPage();
    expect(screen.getByRole('button', { name: /Must-see/ })).toBeTruthy();
    expect(screen.getAllByRole('button').length).toBeGreaterThan(2);
  });

  it('offers no heart, must-see or maybe after the festival, and says what was', () => {
    now = new Date('2026-08-20T12:00:00Z');
    renderPage();
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.getByText('It was in your schedule. 12 people had it in their schedule.')).toBeTruthy();
  });

  it('says so in Dutch', () => {
    now = new Date('2026-08-20T12:00:00Z');
    renderPage('nl');
    expect(screen.getByText('Het stond in je schema. 12 mensen hadden het in hun schema.')).toBeTruthy();
  });
});
