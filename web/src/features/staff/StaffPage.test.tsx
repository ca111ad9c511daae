import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { FestivalRole } from '@encore/model';
import type { SignedInAccount } from '../../firebase/auth';
import { renderWithIntl } from '../../i18n/test-utils';
import type { FestivalRoleState } from '../account/use-festival-role';
import StaffPage from './StaffPage';

/**
 * The console's gate per festival. Arranged here: the signed-in account (its claim and second
 * factor) and what the listener on the person's own festivals/{f}/staff/{uid} reports (the
 * hook is replaced; the sections' pages too, each by its name).
 */
let account: SignedInAccount | null | undefined;
let role: FestivalRoleState;
const roleAskedFor: Array<{ festivalId: string; uid: string | undefined }> = [];

vi.mock('../account/AccountContext', () => ({ useAccount: () => ({ account, ensureSignedIn: () => Promise.resolve('uid') }) }));
vi.mock('../account/use-festival-role', () => ({
  useFestivalRole: (festivalId: string, asked: SignedInAccount | null | undefined) => {
    roleAskedFor.push({ festivalId, uid: asked?.uid });
    return role;
  },
}));
vi.mock('../../festival/FestivalContext', () => ({
  useFestival: () => ({ programme: { festival: { name: 'Encore Festival 2026' } } }),
  useProgrammeListeners: () => {},
}));
for (const [path, name] of [
  ['./DashboardPage', 'Dashboard page'],
  ['../festival-settings/FestivalSettingsPage', 'Festival settings page'],
  ['./ModerationPage', 'Moderation page'],
  ['./ProgrammeEditorPage', 'Programme editor page'],
  ['./ImportPage', 'Import page'],
  ['./VenueMapEditorPage', 'Map editor page'],
  ['./InfoEditorPage', 'Info editor page'],
  ['./AnnouncementsPage', 'Announcements page'],
  ['../team/TeamPage', 'Team page'],
  ['../export/ExportPage', 'Export page'],
  ['../editions/EditionsPage', 'Editions page'],
  ['../history/HistoryPage', 'History page'],
  ['../help/HelpDeskPage', 'Help desk page'],
] as const) {
  vi.doMock(path, () => ({ default: () => <p>{name}</p> }));
}

const person = (overrides: Partial<SignedInAccount> = {}): SignedInAccount => ({
  uid: 'person-1',
  anonymous: false,
  email: 'person@example.test',
  emailVerified: true,
  secondFactor: 'phone',
  enrolledFactors: 1,
  ...overrides,
});
const withRole = (festivalRole: FestivalRole | null): FestivalRoleState => ({ status: 'ready', role: festivalRole, error: null });

function renderAt(path: string, locale: 'en' | 'nl' = 'en') {
  const { hook } = memoryLocation({ path });
  return renderWithIntl(
    <Router hook={hook}>
      <StaffPage />
    </Router>,
    { locale },
  );
}

const navLinks = () => Array.from(screen.getByRole('navigation', { name: 'Staff' }).querySelectorAll('a'), (link) => link.textContent);

beforeEach(() => {
  window.localStorage.clear();
  roleAskedFor.length = 0;
});

describe('StaffPage, the gate per festival', () => {
  it('shows a moderator the dashboard, help and moderation only', async () => {
    account = person();
    role = withRole('moderator');
    renderAt('/');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(navLinks()).toEqual(['Dashboard', 'Help', 'Moderation']);
    expect(roleAskedFor.at(-1)).toEqual({ festivalId: 'encore-2026', uid: 'person-1' });
  });

  it('shows programme staff everything but moderation, and keeps them out of it by address too', async () => {
    account = person();
    role = withRole('programme');
    renderAt('/moderation');
    expect(navLinks()).toEqual(['Dashboard', 'Help', 'Programme', 'Import', 'Map', 'Info pages', 'Announcements', 'History']);
    expect(await screen.findByText('This part of the console is not open to your role. The sections above are.')).toBeTruthy();
    expect(screen.queryByText('Moderation page')).toBeNull();
  });

  it('shows a festival admin, and the project admin (by the claim, with no staff document), every section', async () => {
    const all = ['Dashboard', 'Help', 'Festival', 'Moderation', 'Programme', 'Import', 'Map', 'Info pages', 'Announcements', 'Team', 'Export', 'Editions', 'History'];
    account = person();
    role = withRole('admin');
    const admin = renderAt('/programme');
    expect(await screen.findByText('Programme editor page')).toBeTruthy();
    expect(navLinks()).toEqual(all);
    expect(screen.getByText('Encore Festival 2026 · festival admin')).toBeTruthy();
    admin.unmount();

    account = person({ role: 'admin' });
    role = withRole(null);
    renderAt('/moderation');
    expect(await screen.findByText('Moderation page')).toBeTruthy();
    expect(navLinks()).toEqual(all);
    expect(screen.getByText('Encore Festival 2026 · project admin')).toBeTruthy();
  });

  it('opens the Festival page to the festival’s admins only', async () => {
    account = person();
    role = withRole('admin');
    const admin = renderAt('/festival');
    expect(await screen.findByText('Festival settings page')).toBeTruthy();
    admin.unmount();

    role = withRole('programme');
    renderAt('/festival');
    expect(navLinks()).not.toContain('Festival');
    expect(await screen.findByText('This part of the console is not open to your role. The sections above are.')).toBeTruthy();
    expect(screen.queryByText('Festival settings page')).toBeNull();
  });

  it('tells a person with no role in the festival so, by its name', () => {
    account = person();
    role = withRole(null);
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'No role in Encore Festival 2026' })).toBeTruthy();
    expect(screen.getByText(/You have no role in Encore Festival 2026\./)).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('asks a role signed in without a second factor to use one, and a guest has no role', () => {
    account = person({ secondFactor: null, enrolledFactors: 0 });
    role = withRole('programme');
    const locked = renderAt('/');
    expect(screen.getByRole('heading', { name: 'Staff console locked' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Set up a second factor' })).toBeTruthy();
    locked.unmount();

    // The old `staff` claim grants nothing.
    account = person({ anonymous: true, email: null, role: 'staff' as never });
    role = withRole(null);
    renderAt('/');
    expect(screen.getByRole('heading', { name: 'No role in Encore Festival 2026' })).toBeTruthy();
  });

  it('follows the staff document: a role removed closes the console at once, a role given opens it', async () => {
    account = person();
    role = withRole('programme');
    const view = renderAt('/');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    role = withRole(null);
    act(() =>
      view.rerender(
        <Router hook={memoryLocation({ path: '/' }).hook}>
          <StaffPage />
        </Router>,
      ),
    );
    expect(screen.getByRole('heading', { name: 'No role in Encore Festival 2026' })).toBeTruthy();
    role = withRole('moderator');
    act(() =>
      view.rerender(
        <Router hook={memoryLocation({ path: '/' }).hook}>
          <StaffPage />
        </Router>,
      ),
    );
    expect(navLinks()).toEqual(['Dashboard', 'Help', 'Moderation']);
  });

  it('waits for the staff document before deciding', () => {
    account = person();
    role = { status: 'loading', role: null, error: null };
    renderAt('/');
    expect(screen.getByRole('status').textContent).toBe('Checking your account…');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('speaks Dutch', async () => {
    account = person();
    role = withRole(null);
    const none = renderAt('/', 'nl');
    expect(screen.getByRole('heading', { name: 'Geen rol bij Encore Festival 2026' })).toBeTruthy();
    none.unmount();
    role = withRole('moderator');
    renderAt('/', 'nl');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(screen.getByText('Encore Festival 2026 · moderator')).toBeTruthy();
  });
});
