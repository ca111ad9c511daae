import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import TeamPage from './TeamPage';

/** The account, the live lists and the callables, replaced by what each test sets. */
const state = vi.hoisted(() => ({
  account: { uid: 'ada', anonymous: false, email: 'ada@example.org', emailVerified: true, secondFactor: 'phone' as string | null, enrolledFactors: 1 } as Record<string, unknown>,
  ownRole: 'admin' as string | null,
  team: [] as unknown[],
  invites: [] as unknown[],
  inviteStaff: vi.fn(),
  revokeStaffInvite: vi.fn(),
  setStaffRole: vi.fn(),
  removeStaffMember: vi.fn(),
}));
const ready = (data: unknown) => ({ data, status: 'ready', error: null, fromCache: false, hasPendingWrites: false, pendingIds: new Set(), invalid: [] });
vi.mock('../account/AccountContext', () => ({ useAccount: () => ({ account: state.account, ensureSignedIn: () => Promise.resolve('ada') }) }));
vi.mock('../account/use-festival-role', () => ({ useFestivalRole: () => ({ status: 'ready', role: state.ownRole, error: null }) }));
vi.mock('./api/use-team', () => ({ useTeam: () => ready(state.team) }));
vi.mock('./api/use-staff-invites', () => ({ useStaffInvites: () => ready(state.invites) }));
vi.mock('./api/invite-staff', () => ({ inviteStaff: state.inviteStaff }));
vi.mock('./api/revoke-staff-invite', () => ({ revokeStaffInvite: state.revokeStaffInvite }));
vi.mock('./api/set-staff-role', () => ({ setStaffRole: state.setStaffRole }));
vi.mock('./api/remove-staff-member', () => ({ removeStaffMember: state.removeStaffMember }));

const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const day = (n: number) => new Date(Date.now() + n * 24 * 60 * 60 * 1000);
const lastAdmin = Object.assign(new Error('A festival needs at least one admin'), { code: 'functions/failed-precondition', details: { reason: 'last-admin' } });

beforeEach(() => {
  state.account = { uid: 'ada', anonymous: false, email: 'ada@example.org', emailVerified: true, secondFactor: 'phone', enrolledFactors: 1 };
  state.ownRole = 'admin';
  state.team = [
    { id: 'ada', role: 'admin', email: 'ada@example.org', addedAt: new Date(), addedBy: null },
    { id: 'pim', role: 'programme', email: 'pim@example.org', addedAt: new Date(), addedBy: 'ada' },
  ];
  state.invites = [
    { id: 'a'.repeat(64), email: 'old@example.org', role: 'moderator', createdBy: 'ada', createdAt: day(-8), expiresAt: day(-1), acceptedBy: null, acceptedAt: null, revokedAt: null },
    { id: 'b'.repeat(64), email: 'new@example.org', role: 'programme', createdBy: 'ada', createdAt: day(-1), expiresAt: day(6), acceptedBy: null, acceptedAt: null, revokedAt: null },
  ];
  for (const call of [state.inviteStaff, state.revokeStaffInvite, state.setStaffRole, state.removeStaffMember]) call.mockReset();
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'share');
});

// A shared 2-core machine renders react-aria's forms slowly: 20 s a test.
describe('TeamPage', { timeout: 20_000 }, () => {
  it("shows a festival admin the team with each role, and the open invites newest first, the lapsed one marked expired", () => {
    renderWithIntl(<TeamPage />);
    const team = screen.getByRole('region', { name: 'The team' });
    expect(within(team).getByText('ada@example.org')).toBeTruthy();
    expect(within(team).getByText('(you)')).toBeTruthy();
    expect(within(team).getByRole('button', { name: /Role of pim@example.org/ }).textContent).toContain('Programme');
    const invites = within(screen.getByRole('region', { name: 'Open invites' })).getAllByRole('listitem');
    expect(invites.map((item) => item.querySelector('strong')!.textContent)).toEqual(['new@example.org', 'old@example.org']);
    expect(invites[0]!.textContent).toContain('open until');
    expect(invites[1]!.textContent).toContain('expired');
  });

  it('invites a colleague with the chosen role, then shows the link (secret in the fragment) with Copy, Share and its expiry', async () => {
    const user = userEvent.setup({ delay: null });
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const expiresAt = day(7);
    state.inviteStaff.mockResolvedValue({ inviteId: 'c'.repeat(64), secret: SECRET, expiresAt: expiresAt.toISOString() });
    renderWithIntl(<TeamPage />);
    const form = screen.getByRole('region', { name: 'Invite a colleague' });
    expect(within(form).getByText(/Encore sends no email/)).toBeTruthy();
    expect(within(form).getByText('Photos, reports and suspensions.')).toBeTruthy();
    await user.click(within(form).getByRole('textbox', { name: 'Their email address' }));
    await user.paste('Cleo@Example.org');
    await user.click(within(form).getByRole('radio', { name: /Moderator/ }));
    await user.click(within(form).getByRole('button', { name: 'Make an invite link' }));
    expect(state.inviteStaff).toHaveBeenCalledWith('Cleo@Example.org', 'moderator');
    const link = (await within(form).findByRole('textbox', { name: 'Invite link' })) as HTMLInputElement;
    expect(link.value).toBe(`${window.location.origin}/f/encore-2026/staff/join#${SECRET}`);
    expect(within(form).getByRole('status').textContent).toContain('cleo@example.org');
    expect(within(form).getByRole('status').textContent).toContain(String(expiresAt.getFullYear()));
    await user.click(within(form).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(link.value);
    expect(await within(form).findByText('Copied.')).toBeTruthy();
    await user.click(within(form).getByRole('button', { name: 'Share…' }));
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: link.value }));
  });

  it('offers no Share button where the browser cannot share', async () => {
    const user = userEvent.setup({ delay: null });
    state.inviteStaff.mockResolvedValue({ inviteId: 'c'.repeat(64), secret: SECRET, expiresAt: day(7).toISOString() });
    renderWithIntl(<TeamPage />);
    await user.click(screen.getByRole('textbox', { name: 'Their email address' }));
    await user.paste('cleo@example.org');
    await user.click(screen.getByRole('button', { name: 'Make an invite link' }));
    expect(await screen.findByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share…' })).toBeNull();
  });

  it('withdraws an invite, changes a role and removes a member after a confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    state.revokeStaffInvite.mockResolvedValue({ revoked: true });
    state.setStaffRole.mockResolvedValue({ changed: true });
    state.removeStaffMember.mockResolvedValue({ removed: true });
    renderWithIntl(<TeamPage />);
    await user.click(screen.getByRole('button', { name: 'Withdraw the invite for new@example.org' }));
    await waitFor(() => expect(state.revokeStaffInvite).toHaveBeenCalledWith('b'.repeat(64)));

    await user.click(screen.getByRole('button', { name: /Role of pim@example.org/ }));
    await user.click(await screen.findByRole('option', { name: 'Moderator' }));
    await waitFor(() => expect(state.setStaffRole).toHaveBeenCalledWith('pim', 'moderator'));

    await user.click(screen.getByRole('button', { name: 'Remove pim@example.org…' }));
    expect(state.removeStaffMember).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove pim@example.org from the team' }));
    await waitFor(() => expect(state.removeStaffMember).toHaveBeenCalledWith('pim'));
  });

  it('says why removing the last admin is refused, in Dutch too', async () => {
    const user = userEvent.setup({ delay: null });
    state.removeStaffMember.mockRejectedValue(lastAdmin);
    renderWithIntl(<TeamPage />, { locale: 'nl' });
    expect(screen.getByRole('heading', { name: 'Nodig een collega uit' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'ada@example.org verwijderen…' }));
    await user.click(screen.getByRole('button', { name: 'ada@example.org uit het team verwijderen' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Een festival heeft minstens één beheerder nodig.');
  });

  it('shows programme staff no team tools, only who to ask', () => {
    state.ownRole = 'programme';
    renderWithIntl(<TeamPage />);
    expect(screen.getByText(/Only the festival's admins manage its team/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Invite a colleague' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'The team' })).toBeNull();
  });

  it('opens the team tools to a project admin (the admin claim) with no role in the festival', () => {
    state.ownRole = null;
    state.account = { ...state.account, role: 'admin' };
    renderWithIntl(<TeamPage />);
    expect(screen.getByRole('region', { name: 'Invite a colleague' })).toBeTruthy();
  });

  it('renders in Dutch', () => {
    renderWithIntl(<TeamPage />, { locale: 'nl' });
    expect(screen.getByRole('heading', { name: 'Het team' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Open uitnodigingen' })).toBeTruthy();
    expect(screen.getByText(/Encore verstuurt geen e-mail/)).toBeTruthy();
    expect(screen.getByText('Foto\'s, meldingen en schorsingen.')).toBeTruthy();
  });
});
