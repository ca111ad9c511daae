import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FestivalState } from '../festival/FestivalContext';
import { renderWithIntl } from '../i18n/test-utils';
import { seedProgramme } from '../test-fixtures';
import { FestivalGate } from './FestivalGate';

const account = vi.hoisted(() => ({ current: null as { role?: string } | null }));
vi.mock('../features/account/AccountContext', () => ({
  useAccount: () => ({ account: account.current }),
}));
vi.mock('../features/account/staff-hint', () => ({
  isStaff: (value: { role?: string } | null) => value?.role === 'staff' || value?.role === 'admin',
}));

const state = (overrides: Partial<FestivalState>): FestivalState => ({ programme: null, status: 'ready', error: null, fromCache: false, connection: 'online', ...overrides });
const withoutSets = () => ({ ...seedProgramme(), performances: [] });
const page = (festival: FestivalState, needsSets = false) => renderWithIntl(<FestivalGate state={festival} needsSets={needsSets}>{(programme) => <p>{programme.performances.length} sets shown</p>}</FestivalGate>);

describe('FestivalGate', () => {
  beforeEach(() => {
    account.current = null;
  });

  it("says there is no festival at this address, with the way to the festivals and the organisers' page", async () => {
    page(state({ status: 'missing' }));
    expect(await screen.findByText('No festival here')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all festivals' }).getAttribute('href')).toBe('/festivals');
    expect(screen.getByRole('link', { name: 'For organisers' }).getAttribute('href')).toBe('/organiser');
    expect(screen.queryByRole('link', { name: 'Create a festival' })).toBeNull();
  });

  it("shows the project's admins where to create a festival", async () => {
    account.current = { role: 'admin' };
    page(state({ status: 'missing' }));
    expect((await screen.findByRole('link', { name: 'Create a festival' })).getAttribute('href')).toBe('/organiser');
  });

  it('says a festival missing from the cache only is not saved on this device yet', async () => {
    page(state({ status: 'missing', fromCache: true, connection: 'offline' }));
    expect(await screen.findByText('Not saved on this device yet')).toBeTruthy();
  });

  it('on the programme, says a festival without sets has none yet, and shows staff the programme editor', async () => {
    page(state({ programme: withoutSets() }), true);
    expect(await screen.findByText('No programme yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Add the first sets' })).toBeNull();
    account.current = { role: 'admin' };
    page(state({ programme: withoutSets() }), true);
    expect((await screen.findByRole('link', { name: 'Add the first sets' })).getAttribute('href')).toBe('/staff/programme');
  });

  it('renders the page for a festival without sets elsewhere than the programme, and for one with sets', () => {
    page(state({ programme: withoutSets() }));
    expect(screen.getByText('0 sets shown')).toBeTruthy();
    const programme = seedProgramme();
    page(state({ programme }), true);
    expect(screen.getByText(`${programme.performances.length} sets shown`)).toBeTruthy();
  });
});
