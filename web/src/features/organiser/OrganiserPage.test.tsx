import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInAccount } from '../../firebase/auth';
import { renderWithIntl } from '../../i18n/test-utils';
import type { ListedFestival } from './api/festivals';
import OrganiserPage from './OrganiserPage';

/**
 * Arranged here: the signed-in account, and what the festivals API answers (all festivals; the
 * ones the person is staff of). The sign-in panel and the create form are stand-ins by name.
 */
let account: SignedInAccount | null | undefined;
let all: ListedFestival[] = [];
let mine: ListedFestival[] = [];
const staffAskedFor: string[] = [];
vi.mock('../account/AccountContext', () => ({ useAccount: () => ({ account, ensureSignedIn: () => Promise.resolve('uid') }) }));
vi.mock('../account/SignInForms', () => ({ SignInPanel: () => <p>Sign-in panel</p> }));
vi.mock('./CreateFestivalForm', () => ({ CreateFestivalForm: () => <p>Create form</p> }));
vi.mock('./api/festivals', () => ({
  listFestivals: () => Promise.resolve(all.map(({ id, festival }) => ({ id, festival }))),
  festivalsOfStaff: (uid: string) => {
    staffAskedFor.push(uid);
    return Promise.resolve(mine);
  },
}));

/** site/settings as the page reads and writes it: the festival `/` opens, and every write asked for. */
let chosenHome: string | null = null;
let refuseHomeWrites = false;
const homeWrites: Array<{ festivalId: string | null; uid: string }> = [];
vi.mock('../../app/home-settings', () => ({
  readChosenHomeFestival: () => Promise.resolve(chosenHome),
  setHomeFestival: (festivalId: string | null, uid: string) => {
    homeWrites.push({ festivalId, uid });
    if (refuseHomeWrites) return Promise.reject(new Error('permission-denied'));
    chosenHome = festivalId;
    return Promise.resolve();
  },
}));

const festival = (id: string, name: string): ListedFestival => ({
  id,
  role: null,
  festival: { name, timeZone: 'Europe/Amsterdam', startsOn: '2027-07-02', endsOn: '2027-07-04', venue: 'Het Park' },
});
const person = (overrides: Partial<SignedInAccount> = {}): SignedInAccount => ({
  uid: 'person-1',
  anonymous: false,
  email: 'person@example.test',
  emailVerified: true,
  secondFactor: 'phone',
  enrolledFactors: 1,
  ...overrides,
});

beforeEach(() => {
  all = [festival('zomer-2027', 'Zomer Klanken'), festival('encore-2026', 'Encore Festival 2026')];
  mine = [];
  staffAskedFor.length = 0;
  chosenHome = null;
  refuseHomeWrites = false;
  homeWrites.length = 0;
});

describe('OrganiserPage', () => {
  it('asks a guest to sign in first', () => {
    account = person({ anonymous: true, email: null });
    renderWithIntl(<OrganiserPage />);
    expect(screen.getByText('Sign-in panel')).toBeTruthy();
    expect(screen.queryByText('Create form')).toBeNull();
  });

  it('offers a project admin with a second factor to create a festival, and lists every festival with a link to its console', async () => {
    account = person({ role: 'admin' });
    renderWithIntl(<OrganiserPage />);
    expect(await screen.findByRole('heading', { name: 'All festivals' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create a festival' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the console of Zomer Klanken' }).getAttribute('href')).toBe('/f/zomer-2027/staff');
    expect(screen.getByRole('link', { name: 'Open the console of Encore Festival 2026' }).getAttribute('href')).toBe('/f/encore-2026/staff');
    expect(staffAskedFor).toEqual([]);
  });

  it('puts creating first when there is no festival at all', async () => {
    account = person({ role: 'admin' });
    all = [];
    renderWithIntl(<OrganiserPage />);
    expect(await screen.findByText('There is no festival yet. Start by creating the first one.')).toBeTruthy();
    expect(screen.getByText('Create form')).toBeTruthy();
  });

  it('tells a project admin without a second factor to sign in with it', () => {
    account = person({ role: 'admin', secondFactor: null });
    renderWithIntl(<OrganiserPage />);
    expect(screen.getByRole('heading', { name: 'Sign in with your second factor' })).toBeTruthy();
    expect(screen.queryByText('Create form')).toBeNull();
  });

  it('shows other people the festivals they are staff of, with their role, and no create button', async () => {
    account = person();
    mine = [{ ...festival('zomer-2027', 'Zomer Klanken'), role: 'moderator' }];
    renderWithIntl(<OrganiserPage />);
    expect(await screen.findByRole('heading', { name: 'Your festivals' })).toBeTruthy();
    expect(staffAskedFor).toEqual(['person-1']);
    expect(screen.getByRole('link', { name: 'Open the console of Zomer Klanken' }).getAttribute('href')).toBe('/f/zomer-2027/staff');
    expect(screen.getByText(/moderator/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create a festival' })).toBeNull();
  });

  it('speaks Dutch', async () => {
    account = person();
    renderWithIntl(<OrganiserPage />, { locale: 'nl' });
    expect(await screen.findByRole('heading', { name: 'Jouw festivals' })).toBeTruthy();
    expect(screen.getByText(/Je hebt nog bij geen enkel festival een rol/)).toBeTruthy();
  });

  it('lets a project admin choose the festival / opens, and shows which one does now', async () => {
    account = person({ role: 'admin' });
    chosenHome = 'encore-2026';
    renderWithIntl(<OrganiserPage />);
    expect(await screen.findByText('The address / opens Encore Festival 2026.')).toBeTruthy();
    expect(screen.getByText('Opens at /')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stop opening Encore Festival 2026 at /' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open Zomer Klanken at /' }));
    await waitFor(() => expect(screen.getByText('The address / opens Zomer Klanken.')).toBeTruthy());
    expect(homeWrites).toEqual([{ festivalId: 'zomer-2027', uid: 'person-1' }]);
    expect(screen.getByRole('button', { name: 'Open Encore Festival 2026 at /' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Stop opening Zomer Klanken at /' }));
    await waitFor(() => expect(screen.getByText(/No festival is chosen for \//)).toBeTruthy());
    expect(homeWrites.at(-1)).toEqual({ festivalId: null, uid: 'person-1' });
  });

  it('keeps the choice and says so when the write is refused', async () => {
    account = person({ role: 'admin' });
    refuseHomeWrites = true;
    renderWithIntl(<OrganiserPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Open Zomer Klanken at /' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/That change was not saved/);
    expect(screen.queryByText('Opens at /')).toBeNull();
  });

  it('offers no choice of / to staff who are no project admin', async () => {
    account = person();
    mine = [{ ...festival('zomer-2027', 'Zomer Klanken'), role: 'admin' }];
    renderWithIntl(<OrganiserPage />);
    expect(await screen.findByRole('heading', { name: 'Your festivals' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /at \// })).toBeNull();
  });

  it('speaks Dutch about /', async () => {
    account = person({ role: 'admin' });
    chosenHome = 'zomer-2027';
    renderWithIntl(<OrganiserPage />, { locale: 'nl' });
    expect(await screen.findByText('Het adres / opent Zomer Klanken.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Encore Festival 2026 openen op /' })).toBeTruthy();
  });
});
