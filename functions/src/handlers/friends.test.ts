import { friendPaths, firestorePaths, MAX_FRIENDS } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { NOW, testDeps, type TestDeps } from '../testing/deps.js';
import { handleAcceptFriendInvite, handleDescribeFriendInvite, handlePublishFriendPlan, handleRemoveFriend } from './friends.js';

const INVITE = 'AbCdEfGhIjKlMnOpQrStUv';
const DAY = 24 * 60 * 60 * 1000;
const as = (uid: string) => ({ uid, token: {} });

function withInvite(createdAt = new Date(NOW.getTime() - DAY)): TestDeps {
  const deps = testDeps();
  deps.docs.seed(friendPaths.invite(INVITE), { ownerUid: 'vera', displayName: 'Vera', createdAt });
  deps.docs.seed(firestorePaths.favorite('vera', 'p-headliner'), { festivalId: 'encore-2026', performanceId: 'p-headliner', createdAt: NOW });
  return deps;
}

const friendsOf = (deps: TestDeps, uid: string) => [...deps.docs.store.keys()].filter((path) => path.startsWith(`${friendPaths.friends(uid)}/`));

describe('describeFriendInvite', () => {
  it('names who invites, by the name they chose for the invite, and writes nothing', async () => {
    const deps = withInvite();
    const before = new Map(deps.docs.store);
    expect(await handleDescribeFriendInvite(deps, as('otto'), { inviteId: INVITE })).toEqual({ inviterName: 'Vera', accepted: false });
    expect(deps.docs.store).toEqual(before);
  });

  it('names who invites to a visitor with no account yet (opening a link makes none)', async () => {
    expect(await handleDescribeFriendInvite(withInvite(), undefined, { inviteId: INVITE })).toEqual({ inviterName: 'Vera', accepted: false });
  });

  it('says the caller accepted it already once they have', async () => {
    const deps = withInvite();
    await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    expect(await handleDescribeFriendInvite(deps, as('otto'), { inviteId: INVITE })).toEqual({ inviterName: 'Vera', accepted: true });
  });

  it('refuses as accepting would: used by another, expired, one\'s own, unknown, a malformed id', async () => {
    const deps = withInvite();
    await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    await expect(handleDescribeFriendInvite(deps, as('sol'), { inviteId: INVITE })).rejects.toMatchObject({ code: 'failed-precondition', friendReason: 'used' });
    await expect(handleDescribeFriendInvite(withInvite(new Date(NOW.getTime() - 7 * DAY)), as('otto'), { inviteId: INVITE })).rejects.toMatchObject({ code: 'failed-precondition', friendReason: 'expired' });
    await expect(handleDescribeFriendInvite(withInvite(), as('vera'), { inviteId: INVITE })).rejects.toMatchObject({ code: 'failed-precondition', friendReason: 'own-invite' });
    await expect(handleDescribeFriendInvite(deps, as('otto'), { inviteId: 'ZZZZZZZZZZZZZZZZZZZZZZ' })).rejects.toMatchObject({ code: 'not-found', friendReason: 'unknown-invite' });
    await expect(handleDescribeFriendInvite(deps, as('otto'), { inviteId: 'short' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});

describe('acceptFriendInvite', () => {
  it('makes the friendship on both sides, with names and plan ids only, and publishes both plans', async () => {
    const deps = withInvite();
    const answer = await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    expect(answer.friendName).toBe('Vera');
    const ottoSees = deps.docs.data(friendPaths.friend('otto', answer.friendshipId))!;
    const veraSees = deps.docs.data(friendPaths.friend('vera', answer.friendshipId))!;
    expect(ottoSees).toMatchObject({ displayName: 'Vera' });
    expect(veraSees).toMatchObject({ displayName: 'Otto' });
    // No uid anywhere a friend reads.
    expect(JSON.stringify([ottoSees, veraSees])).not.toMatch(/vera|otto/);
    // Otto may read Vera's plan, and it holds her favourite.
    const veraPlan = ottoSees.planId as string;
    expect(deps.docs.data(friendPaths.planReader(veraPlan, 'otto'))).toEqual({ friendshipId: answer.friendshipId });
    expect(deps.docs.data(friendPaths.plan(veraPlan))).toMatchObject({ sets: [{ festivalId: 'encore-2026', performanceId: 'p-headliner' }] });
    expect(deps.docs.data(friendPaths.planReader(veraSees.planId as string, 'vera'))).toEqual({ friendshipId: answer.friendshipId });
    expect(deps.docs.data(friendPaths.invite(INVITE))).toMatchObject({ acceptedBy: 'otto', friendshipId: answer.friendshipId });
  });

  it('answers a retry by the same person with the same friendship and writes nothing new', async () => {
    const deps = withInvite();
    const first = await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    const before = new Map(deps.docs.store);
    const again = await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    expect(again).toEqual(first);
    expect(deps.docs.store).toEqual(before);
    expect(friendsOf(deps, 'otto')).toHaveLength(1);
  });

  it('lets exactly one of two people racing for one invite win; the other is told it was used', async () => {
    const deps = withInvite();
    const results = await Promise.allSettled([
      handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' }),
      handleAcceptFriendInvite(deps, as('sol'), { inviteId: INVITE, displayName: 'Sol' }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = results.find((result) => result.status === 'rejected')!;
    expect(refused.reason).toMatchObject({ code: 'failed-precondition', friendReason: 'used' });
    expect(friendsOf(deps, 'vera')).toHaveLength(1);
  });

  it('refuses an expired invite (7 days after it was made), one\'s own, an unknown one, and the signed-out', async () => {
    const expired = withInvite(new Date(NOW.getTime() - 7 * DAY));
    await expect(handleAcceptFriendInvite(expired, as('otto'), { inviteId: INVITE, displayName: 'Otto' })).rejects.toMatchObject({ code: 'failed-precondition', message: expect.stringMatching(/expired/) });
    const justInTime = withInvite(new Date(NOW.getTime() - 7 * DAY + 1000));
    await expect(handleAcceptFriendInvite(justInTime, as('otto'), { inviteId: INVITE, displayName: 'Otto' })).resolves.toMatchObject({ friendName: 'Vera' });
    const deps = withInvite();
    await expect(handleAcceptFriendInvite(deps, as('vera'), { inviteId: INVITE, displayName: 'Vera' })).rejects.toMatchObject({ code: 'failed-precondition', message: expect.stringMatching(/own invite/) });
    await expect(handleAcceptFriendInvite(deps, as('otto'), { inviteId: 'ZZZZZZZZZZZZZZZZZZZZZZ', displayName: 'Otto' })).rejects.toMatchObject({ code: 'not-found' });
    await expect(handleAcceptFriendInvite(deps, undefined, { inviteId: INVITE, displayName: 'Otto' })).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(handleAcceptFriendInvite(deps, as('otto'), { inviteId: 'short', displayName: '' })).rejects.toMatchObject({ code: 'invalid-argument' });
    expect(friendsOf(deps, 'vera')).toHaveLength(0);
  });

  it('keeps a pair friends once: a second invite between them answers the existing friendship', async () => {
    const deps = withInvite();
    const first = await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    deps.docs.seed(friendPaths.invite('second-invite-0123456789'), { ownerUid: 'otto', displayName: 'Otto', createdAt: NOW });
    const second = await handleAcceptFriendInvite(deps, as('vera'), { inviteId: 'second-invite-0123456789', displayName: 'Vera' });
    expect(second.friendshipId).toBe(first.friendshipId);
    expect(friendsOf(deps, 'vera')).toHaveLength(1);
  });

  it(`refuses a friend beyond ${MAX_FRIENDS}, with a message that says why`, async () => {
    const deps = withInvite();
    for (let i = 0; i < MAX_FRIENDS; i++) deps.docs.seed(friendPaths.friend('otto', `fs-${i}`), { displayName: `F${i}`, planId: `plan-${i}`, createdAt: NOW });
    await expect(handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' })).rejects.toMatchObject({
      code: 'failed-precondition',
      message: expect.stringMatching(/50 friends/),
    });
    expect(deps.docs.data(friendPaths.invite(INVITE))).not.toHaveProperty('acceptedBy');
  });
});

describe('removeFriend', () => {
  it('removes both sides and both readers at once; removing again is no error', async () => {
    const deps = withInvite();
    const { friendshipId } = await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    const veraPlan = deps.docs.data(friendPaths.friend('otto', friendshipId))!.planId as string;
    expect(await handleRemoveFriend(deps, as('vera'), { friendshipId })).toEqual({ removed: true });
    expect(friendsOf(deps, 'vera')).toEqual([]);
    expect(friendsOf(deps, 'otto')).toEqual([]);
    expect(deps.docs.data(friendPaths.planReader(veraPlan, 'otto'))).toBeUndefined();
    expect(await handleRemoveFriend(deps, as('otto'), { friendshipId })).toEqual({ removed: false });
  });

  it("cannot remove other people's friendships", async () => {
    const deps = withInvite();
    const { friendshipId } = await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    expect(await handleRemoveFriend(deps, as('sol'), { friendshipId })).toEqual({ removed: false });
    expect(friendsOf(deps, 'vera')).toHaveLength(1);
  });
});

describe('publishFriendPlan', () => {
  it('writes the same plan however often the same favourites are published, and follows a removal', async () => {
    const deps = withInvite();
    const { friendshipId } = await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    const veraPlan = friendPaths.plan(deps.docs.data(friendPaths.friend('otto', friendshipId))!.planId as string);
    deps.docs.seed(firestorePaths.favorite('vera', 'p-opener'), { festivalId: 'encore-2026', performanceId: 'p-opener', createdAt: NOW });
    await handlePublishFriendPlan(deps, 'vera');
    const once = deps.docs.data(veraPlan);
    await handlePublishFriendPlan(deps, 'vera');
    expect(deps.docs.data(veraPlan)).toEqual(once);
    expect(once).toMatchObject({ sets: [{ performanceId: 'p-headliner' }, { performanceId: 'p-opener' }] });
    deps.docs.store.delete(firestorePaths.favorite('vera', 'p-headliner'));
    await handlePublishFriendPlan(deps, 'vera');
    expect(deps.docs.data(veraPlan)).toMatchObject({ sets: [{ performanceId: 'p-opener' }] });
  });

  it('writes nothing for someone who never had a friend', async () => {
    const deps = withInvite();
    expect(await handlePublishFriendPlan(deps, 'vera')).toBe('no-plan');
    expect([...deps.docs.store.keys()].some((path) => path.startsWith('friendPlans/'))).toBe(false);
  });
});

describe('publishFriendPlan with priorities and hidden sets', () => {
  async function friends(): Promise<{ deps: TestDeps; plan: string }> {
    const deps = withInvite();
    const { friendshipId } = await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
    return { deps, plan: friendPaths.plan(deps.docs.data(friendPaths.friend('otto', friendshipId))!.planId as string) };
  }

  it('carries each set\'s priority and leaves out a set hidden from friends, however often the event is delivered', async () => {
    const { deps, plan } = await friends();
    deps.docs.seed(firestorePaths.favorite('vera', 'p-opener'), { festivalId: 'encore-2026', performanceId: 'p-opener', createdAt: NOW, priority: 'must' });
    deps.docs.seed(firestorePaths.favorite('vera', 'p-secret'), { festivalId: 'encore-2026', performanceId: 'p-secret', createdAt: NOW, priority: 'maybe', hiddenFromFriends: true });
    for (let delivery = 0; delivery < 3; delivery++) await handlePublishFriendPlan(deps, 'vera');
    expect(deps.docs.data(plan)!.sets).toEqual([
      { festivalId: 'encore-2026', performanceId: 'p-headliner' },
      { festivalId: 'encore-2026', performanceId: 'p-opener', priority: 'must' },
    ]);
  });

  it('drops a set the moment it is hidden and brings it back when shown, whichever event arrives late', async () => {
    const { deps, plan } = await friends();
    const headliner = firestorePaths.favorite('vera', 'p-headliner');
    deps.docs.seed(headliner, { festivalId: 'encore-2026', performanceId: 'p-headliner', createdAt: NOW, hiddenFromFriends: true });
    await handlePublishFriendPlan(deps, 'vera');
    expect(deps.docs.data(plan)!.sets).toEqual([]);
    deps.docs.seed(headliner, { festivalId: 'encore-2026', performanceId: 'p-headliner', createdAt: NOW, hiddenFromFriends: false, priority: 'maybe' });
    // The hide's event delivered again after the show: the plan follows the favourites as they stand.
    await handlePublishFriendPlan(deps, 'vera');
    await handlePublishFriendPlan(deps, 'vera');
    expect(deps.docs.data(plan)!.sets).toEqual([{ festivalId: 'encore-2026', performanceId: 'p-headliner', priority: 'maybe' }]);
  });
});
