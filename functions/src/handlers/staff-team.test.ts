import { createHash } from 'node:crypto';
import { firestorePaths, staffJoinPath } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { FESTIVAL_ID, NOW, testDeps, type TestDeps } from '../testing/deps.js';
import { handleAcceptStaffInvite, handleInviteStaff, handleRemoveStaffMember, handleRevokeStaffInvite, handleSetStaffRole } from './staff-team.js';

const OTHER_FESTIVAL = 'other-fest';
const DAY = 24 * 60 * 60 * 1000;

/** A caller as the callable wiring passes one: their ID token's claims. */
function as(uid: string, token: Record<string, unknown> = {}) {
  return { uid, token: { email: `${uid}@example.org`, email_verified: true, firebase: { sign_in_provider: 'password', sign_in_second_factor: 'phone' }, ...token } };
}
/** The invited colleague, signed in with the invited email (verified), no second factor yet. */
const colleague = (token: Record<string, unknown> = {}) => as('cleo', { email: 'Cleo@Example.org', firebase: { sign_in_provider: 'password' }, ...token });

function festivalDeps(now?: () => Date): TestDeps {
  const deps = testDeps(now ? { now } : {});
  for (const festivalId of [FESTIVAL_ID, OTHER_FESTIVAL]) {
    deps.docs.seed(firestorePaths.festival(festivalId), { name: festivalId, timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Pier' });
  }
  const staff = (festivalId: string, uid: string, role: string) => deps.docs.seed(firestorePaths.festivalStaffMember(festivalId, uid), { role, addedAt: NOW, addedBy: null });
  staff(FESTIVAL_ID, 'ada', 'admin');
  staff(FESTIVAL_ID, 'pim', 'programme');
  staff(OTHER_FESTIVAL, 'bo', 'admin');
  return deps;
}

const invite = (deps: TestDeps, email = 'cleo@example.org', role = 'moderator') => handleInviteStaff(deps, as('ada'), { festivalId: FESTIVAL_ID, email, role });
const accept = (deps: TestDeps, caller: ReturnType<typeof as> | undefined, secret: string) => handleAcceptStaffInvite(deps, caller, { festivalId: FESTIVAL_ID, secret });
const invitesOf = (deps: TestDeps, festivalId = FESTIVAL_ID) => [...deps.docs.store.keys()].filter((path) => path.startsWith(`${firestorePaths.staffInvites(festivalId)}/`));

describe('inviteStaff', () => {
  it('lets a festival admin invite: the invite stored under the hash of the secret, with the email lower-cased and 7 days to go', async () => {
    const deps = festivalDeps();
    const answer = await invite(deps, ' Cleo@Example.ORG ', 'programme');
    expect(answer.secret).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(answer.inviteId).toBe(createHash('sha256').update(answer.secret).digest('hex'));
    expect(answer.expiresAt).toBe(new Date(NOW.getTime() + 7 * DAY).toISOString());
    expect(deps.docs.data(firestorePaths.staffInvite(FESTIVAL_ID, answer.inviteId))).toEqual({
      email: 'cleo@example.org',
      role: 'programme',
      createdBy: 'ada',
      createdAt: NOW,
      expiresAt: new Date(NOW.getTime() + 7 * DAY),
      acceptedBy: null,
      acceptedAt: null,
      revokedAt: null,
    });
    expect(staffJoinPath(FESTIVAL_ID, answer.secret)).toBe(`/f/${FESTIVAL_ID}/staff/join#${answer.secret}`);
  });

  it('never stores the secret, only its hash', async () => {
    const deps = festivalDeps();
    const { secret } = await invite(deps);
    const everything = JSON.stringify([...deps.docs.store.entries()]);
    expect(everything).not.toContain(secret);
  });

  it('makes a new secret for each invite', async () => {
    const deps = festivalDeps();
    const [first, second] = [await invite(deps), await invite(deps)];
    expect(first.secret).not.toBe(second.secret);
    expect(invitesOf(deps)).toHaveLength(2);
  });

  it('lets a project admin (the admin claim) invite to a festival they hold no role in', async () => {
    const deps = festivalDeps();
    await expect(handleInviteStaff(deps, as('owner', { role: 'admin' }), { festivalId: FESTIVAL_ID, email: 'cleo@example.org', role: 'admin' })).resolves.toMatchObject({
      secret: expect.any(String),
    });
    expect(invitesOf(deps)).toHaveLength(1);
  });

  it("refuses the festival's programme staff, festival B's admin, an admin without a second factor, and the signed-out", async () => {
    const deps = festivalDeps();
    const request = { festivalId: FESTIVAL_ID, email: 'cleo@example.org', role: 'moderator' };
    await expect(handleInviteStaff(deps, as('pim'), request)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(handleInviteStaff(deps, as('bo'), request)).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(handleInviteStaff(deps, as('ada', { firebase: { sign_in_provider: 'password' } }), request)).rejects.toMatchObject({
      code: 'permission-denied',
      reason: 'second-factor-needed',
    });
    await expect(handleInviteStaff(deps, undefined, request)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect(invitesOf(deps)).toHaveLength(0);
    // Festival B's admin invites to festival B.
    await expect(handleInviteStaff(deps, as('bo'), { ...request, festivalId: OTHER_FESTIVAL })).resolves.toMatchObject({ secret: expect.any(String) });
    expect(invitesOf(deps, OTHER_FESTIVAL)).toHaveLength(1);
  });

  it('refuses a request that is not an email and a role', async () => {
    const deps = festivalDeps();
    await expect(invite(deps, 'not an email')).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(invite(deps, 'cleo@example.org', 'owner')).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(invitesOf(deps)).toHaveLength(0);
  });
});

describe('acceptStaffInvite', () => {
  it('gives the invited person the role in that festival only, added by the inviter, and marks the invite accepted', async () => {
    const deps = festivalDeps();
    const { secret, inviteId } = await invite(deps);
    await expect(accept(deps, colleague(), secret)).resolves.toEqual({ role: 'moderator' });
    expect(deps.docs.data(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'cleo'))).toEqual({ role: 'moderator', email: 'cleo@example.org', addedAt: NOW, addedBy: 'ada' });
    expect(deps.docs.data(firestorePaths.festivalStaffMember(OTHER_FESTIVAL, 'cleo'))).toBeUndefined();
    expect(deps.docs.data(firestorePaths.staffInvite(FESTIVAL_ID, inviteId))).toMatchObject({ acceptedBy: 'cleo', acceptedAt: NOW, revokedAt: null });
  });

  it('is single use: someone else with the link is refused after acceptance, the same person retrying gets success and nothing new', async () => {
    const deps = festivalDeps();
    const { secret } = await invite(deps);
    await accept(deps, colleague(), secret);
    const before = new Map(deps.docs.store);
    await expect(accept(deps, as('mallory', { email: 'cleo@example.org' }), secret)).rejects.toMatchObject({ code: 'failed-precondition', reason: 'invite-used' });
    await expect(accept(deps, colleague(), secret)).resolves.toEqual({ role: 'moderator' });
    expect(deps.docs.store).toEqual(before);
    expect(deps.docs.data(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'mallory'))).toBeUndefined();
  });

  it('refuses an invite from its seventh day on, and accepts it a second before', async () => {
    let now = NOW;
    const deps = festivalDeps(() => now);
    const { secret } = await invite(deps);
    now = new Date(NOW.getTime() + 7 * DAY);
    await expect(accept(deps, colleague(), secret)).rejects.toMatchObject({ code: 'failed-precondition', reason: 'invite-expired' });
    expect(deps.docs.data(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'cleo'))).toBeUndefined();
    now = new Date(NOW.getTime() + 7 * DAY - 1000);
    await expect(accept(deps, colleague(), secret)).resolves.toEqual({ role: 'moderator' });
  });

  it('refuses another email than the invited one, an unverified email, a guest, and the signed-out', async () => {
    const deps = festivalDeps();
    const { secret } = await invite(deps);
    await expect(accept(deps, as('dirk', { firebase: { sign_in_provider: 'password' } }), secret)).rejects.toMatchObject({ code: 'failed-precondition', reason: 'invite-wrong-email' });
    await expect(accept(deps, colleague({ email_verified: false }), secret)).rejects.toMatchObject({ code: 'failed-precondition', reason: 'email-unverified' });
    await expect(accept(deps, as('guest', { email: undefined, email_verified: undefined, firebase: { sign_in_provider: 'anonymous' } }), secret)).rejects.toMatchObject({
      code: 'failed-precondition',
      reason: 'account-needed',
    });
    await expect(accept(deps, undefined, secret)).rejects.toMatchObject({ code: 'unauthenticated' });
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith(`${firestorePaths.festivalStaff(FESTIVAL_ID)}/`)).sort()).toEqual([
      firestorePaths.festivalStaffMember(FESTIVAL_ID, 'ada'),
      firestorePaths.festivalStaffMember(FESTIVAL_ID, 'pim'),
    ]);
    // The invite is still good for the right person.
    await expect(accept(deps, colleague(), secret)).resolves.toEqual({ role: 'moderator' });
  });

  it('refuses a revoked invite, an unknown secret, and the secret of another festival', async () => {
    const deps = festivalDeps();
    const { secret, inviteId } = await invite(deps);
    await expect(handleRevokeStaffInvite(deps, as('ada'), { festivalId: FESTIVAL_ID, inviteId })).resolves.toEqual({ revoked: true });
    expect(deps.docs.data(firestorePaths.staffInvite(FESTIVAL_ID, inviteId))).toMatchObject({ revokedAt: NOW, acceptedBy: null });
    await expect(accept(deps, colleague(), secret)).rejects.toMatchObject({ code: 'failed-precondition', reason: 'invite-revoked' });
    await expect(accept(deps, colleague(), 'A'.repeat(22))).rejects.toMatchObject({ code: 'not-found', reason: 'invite-unknown' });
    const other = await handleInviteStaff(deps, as('bo'), { festivalId: OTHER_FESTIVAL, email: 'cleo@example.org', role: 'admin' });
    await expect(accept(deps, colleague(), other.secret)).rejects.toMatchObject({ code: 'not-found', reason: 'invite-unknown' });
    expect(deps.docs.data(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'cleo'))).toBeUndefined();
  });

  it('lets exactly one of two people racing for one link win', async () => {
    const deps = festivalDeps();
    const { secret } = await invite(deps);
    // Two accounts with the invited email (say, one made with a password and one with Google before they were linked).
    const results = await Promise.allSettled([accept(deps, colleague(), secret), accept(deps, as('cleo-2', { email: 'cleo@example.org' }), secret)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')!.reason).toMatchObject({ code: 'failed-precondition', reason: 'invite-used' });
    const staff = [...deps.docs.store.keys()].filter((path) => /\/staff\/cleo/.test(path));
    expect(staff).toHaveLength(1);
  });
});

describe('revokeStaffInvite', () => {
  it('refuses revoking an accepted invite, answers revoked: false the second time, and is for the festival admins only', async () => {
    const deps = festivalDeps();
    const accepted = await invite(deps);
    await accept(deps, colleague(), accepted.secret);
    await expect(handleRevokeStaffInvite(deps, as('ada'), { festivalId: FESTIVAL_ID, inviteId: accepted.inviteId })).rejects.toMatchObject({
      code: 'failed-precondition',
      reason: 'invite-used',
    });
    const pending = await invite(deps, 'dirk@example.org');
    await expect(handleRevokeStaffInvite(deps, as('pim'), { festivalId: FESTIVAL_ID, inviteId: pending.inviteId })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(handleRevokeStaffInvite(deps, as('bo'), { festivalId: FESTIVAL_ID, inviteId: pending.inviteId })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(handleRevokeStaffInvite(deps, as('ada'), { festivalId: FESTIVAL_ID, inviteId: pending.inviteId })).resolves.toEqual({ revoked: true });
    await expect(handleRevokeStaffInvite(deps, as('ada'), { festivalId: FESTIVAL_ID, inviteId: pending.inviteId })).resolves.toEqual({ revoked: false });
  });
});

describe('setStaffRole and removeStaffMember', () => {
  it('change and remove a role, for the festival admins only', async () => {
    const deps = festivalDeps();
    await expect(handleSetStaffRole(deps, as('pim'), { festivalId: FESTIVAL_ID, uid: 'pim', role: 'admin' })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(handleSetStaffRole(deps, as('bo'), { festivalId: FESTIVAL_ID, uid: 'pim', role: 'moderator' })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(handleSetStaffRole(deps, as('ada'), { festivalId: FESTIVAL_ID, uid: 'pim', role: 'moderator' })).resolves.toEqual({ changed: true });
    expect(deps.docs.data(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'pim'))).toMatchObject({ role: 'moderator', addedBy: null });
    await expect(handleSetStaffRole(deps, as('ada'), { festivalId: FESTIVAL_ID, uid: 'pim', role: 'moderator' })).resolves.toEqual({ changed: false });
    await expect(handleSetStaffRole(deps, as('ada'), { festivalId: FESTIVAL_ID, uid: 'nobody', role: 'moderator' })).rejects.toMatchObject({ code: 'not-found', reason: 'not-staff-member' });
    await expect(handleRemoveStaffMember(deps, as('bo'), { festivalId: FESTIVAL_ID, uid: 'pim' })).rejects.toMatchObject({ code: 'permission-denied' });
    await expect(handleRemoveStaffMember(deps, as('ada'), { festivalId: FESTIVAL_ID, uid: 'pim' })).resolves.toEqual({ removed: true });
    expect(deps.docs.data(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'pim'))).toBeUndefined();
    await expect(handleRemoveStaffMember(deps, as('ada'), { festivalId: FESTIVAL_ID, uid: 'pim' })).resolves.toEqual({ removed: false });
  });

  it('never leave the festival without an admin: the last one can be neither demoted nor removed, one of two can', async () => {
    const deps = festivalDeps();
    await expect(handleSetStaffRole(deps, as('ada'), { festivalId: FESTIVAL_ID, uid: 'ada', role: 'programme' })).rejects.toMatchObject({
      code: 'failed-precondition',
      reason: 'last-admin',
    });
    await expect(handleRemoveStaffMember(deps, as('ada'), { festivalId: FESTIVAL_ID, uid: 'ada' })).rejects.toMatchObject({ code: 'failed-precondition', reason: 'last-admin' });
    // A project admin is no festival admin: still refused.
    await expect(handleRemoveStaffMember(deps, as('owner', { role: 'admin' }), { festivalId: FESTIVAL_ID, uid: 'ada' })).rejects.toMatchObject({ reason: 'last-admin' });
    expect(deps.docs.data(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'ada'))).toMatchObject({ role: 'admin' });

    await handleSetStaffRole(deps, as('ada'), { festivalId: FESTIVAL_ID, uid: 'pim', role: 'admin' });
    await expect(handleRemoveStaffMember(deps, as('pim'), { festivalId: FESTIVAL_ID, uid: 'ada' })).resolves.toEqual({ removed: true });
    await expect(handleSetStaffRole(deps, as('pim'), { festivalId: FESTIVAL_ID, uid: 'pim', role: 'moderator' })).rejects.toMatchObject({ reason: 'last-admin' });
  });

  it('refuses an invite that would demote the last admin on acceptance', async () => {
    const deps = festivalDeps();
    const { secret } = await invite(deps, 'ada@example.org', 'moderator');
    await expect(accept(deps, as('ada', { firebase: { sign_in_provider: 'password' } }), secret)).rejects.toMatchObject({ code: 'failed-precondition', reason: 'last-admin' });
    expect(deps.docs.data(firestorePaths.festivalStaffMember(FESTIVAL_ID, 'ada'))).toMatchObject({ role: 'admin' });
  });
});
