import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import AcceptStaffInvitePage, { secretFromHash } from './AcceptStaffInvitePage';

const SECRET = 'AbCdEfGhIjKlMnOpQrStUv';
const state = vi.hoisted(() => ({
  account: null as Record<string, unknown> | null,
  acceptStaffInvite: vi.fn(),
}));
vi.mock('../account/AccountContext', () => ({ useAccount: () => ({ account: state.account, ensureSignedIn: () => Promise.resolve('cleo') }) }));
vi.mock('../../festival/FestivalContext', () => ({ useFestival: () => ({ programme: { festival: { name: 'Encore 2026' } } }) }));
// The app's sign-in panel (its forms and second step have their own tests): here, that it is offered.
vi.mock('../account/SignInForms', () => ({ SignInPanel: ({ isGuest }: { isGuest: boolean }) => <p>{isGuest ? 'sign-in forms for a guest' : 'sign-in forms'}</p> }));
vi.mock('./api/accept-staff-invite', () => ({ acceptStaffInvite: state.acceptStaffInvite }));

const cleo = (facts: Record<string, unknown> = {}) => ({ uid: 'cleo', anonymous: false, email: 'cleo@example.org', emailVerified: true, secondFactor: null, enrolledFactors: 0, ...facts });
const refusal = (reason: string) => Object.assign(new Error(reason), { code: 'functions/failed-precondition', details: { reason } });

beforeEach(() => {
  window.location.hash = `#${SECRET}`;
  state.account = cleo();
  state.acceptStaffInvite.mockReset();
});

describe('AcceptStaffInvitePage', { timeout: 20_000 }, () => {
  it('reads the secret from the fragment only when it is whole', () => {
    expect(secretFromHash(`#${SECRET}`)).toBe(SECRET);
    expect(secretFromHash(`#${SECRET.slice(0, 10)}`)).toBeNull();
    expect(secretFromHash('')).toBeNull();
  });

  it('says a cut-short link is incomplete, and offers nothing to accept', () => {
    window.location.hash = '#AbCdEf';
    renderWithIntl(<AcceptStaffInvitePage />);
    expect(screen.getByRole('alert').textContent).toContain('The link should end in #');
    expect(screen.queryByRole('button', { name: 'Accept the invite' })).toBeNull();
  });

  it('explains the roles and asks a guest to sign in with the invited address first', () => {
    state.account = { uid: 'guest', anonymous: true, email: null, emailVerified: false, secondFactor: null, enrolledFactors: 0 };
    renderWithIntl(<AcceptStaffInvitePage />);
    expect(screen.getByRole('heading', { level: 1, name: 'You are invited to the team of Encore 2026' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      "Admin: Everything, plus the festival's settings and look, its team and invites.",
      'Programme: Stages, artists, sets, the venue map, info pages and announcements.',
      'Moderator: Photos, reports and suspensions.',
    ]);
    expect(screen.getByRole('heading', { name: 'First, sign in with the invited email address' })).toBeTruthy();
    expect(screen.getByText('sign-in forms for a guest')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept the invite' })).toBeNull();
  });

  it('accepts with the secret, then sends a person without a second factor to enrol one on the Account page', async () => {
    const user = userEvent.setup({ delay: null });
    state.acceptStaffInvite.mockResolvedValue({ role: 'moderator' });
    renderWithIntl(<AcceptStaffInvitePage />);
    expect(screen.getByText('cleo@example.org')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accept the invite' }));
    expect(state.acceptStaffInvite).toHaveBeenCalledWith(SECRET);
    expect((await screen.findByRole('status')).textContent).toBe('You are now Moderator of Encore 2026: Photos, reports and suspensions.');
    expect(screen.getByText(/staff tools need a second factor/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Account page' }).getAttribute('href')).toBe('/account');
  });

  it('opens the console straight away for someone already signed in with a second factor', async () => {
    const user = userEvent.setup({ delay: null });
    state.account = cleo({ secondFactor: 'phone', enrolledFactors: 1 });
    state.acceptStaffInvite.mockResolvedValue({ role: 'admin' });
    renderWithIntl(<AcceptStaffInvitePage />);
    await user.click(screen.getByRole('button', { name: 'Accept the invite' }));
    expect((await screen.findByRole('link', { name: 'Open the staff console' })).getAttribute('href')).toBe('/staff');
  });

  it.each([
    ['invite-expired', 'This invite has expired: invites last 7 days.'],
    ['invite-revoked', 'This invite was withdrawn by the festival.'],
    ['invite-wrong-email', 'This invite is for another email address than the one you are signed in with.'],
    ['invite-used', 'This invite was already used: each works once.'],
    ['email-unverified', 'Your email address is not verified yet.'],
  ])('says so when the invite is refused as %s', async (reason, words) => {
    const user = userEvent.setup({ delay: null });
    state.acceptStaffInvite.mockRejectedValue(refusal(reason));
    renderWithIntl(<AcceptStaffInvitePage />);
    await user.click(screen.getByRole('button', { name: 'Accept the invite' }));
    expect((await screen.findByRole('alert')).textContent).toContain(words);
    expect(screen.queryByText(/You are now/)).toBeNull();
  });

  it('speaks Dutch: the invite, a refusal and the welcome', async () => {
    const user = userEvent.setup({ delay: null });
    state.acceptStaffInvite.mockRejectedValueOnce(refusal('invite-wrong-email')).mockResolvedValueOnce({ role: 'programme' });
    renderWithIntl(<AcceptStaffInvitePage />, { locale: 'nl' });
    expect(screen.getByRole('heading', { level: 1, name: 'Je bent uitgenodigd voor het team van Encore 2026' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Uitnodiging accepteren' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Deze uitnodiging is voor een ander e-mailadres');
    await user.click(screen.getByRole('button', { name: 'Uitnodiging accepteren' }));
    expect((await screen.findByRole('status')).textContent).toContain('Je bent nu Programma van Encore 2026');
    expect(screen.getByRole('link', { name: 'Accountpagina' })).toBeTruthy();
  });
});
