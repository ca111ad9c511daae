import { firestorePaths, friendGroupSchema, friendPaths, groupPaths, MAX_GROUP_MEMBERS, MAX_GROUPS, noticeSchema } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { meetupNoticeId } from '../domain/groups.js';
import { FESTIVAL_ID, NOW, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { handleRemoveFriend } from './friends.js';
import { handleAddGroupMember, handleCreateFriendGroup, handleLeaveFriendGroup } from './groups.js';
import { handleSweepExpiredLocations } from './location-sweep.js';
import { handleMeetupChanged } from './meetup-changed.js';
import { handleNightlyMaintenance } from './maintenance.js';

const as = (uid: string) => ({ uid, token: {} });
const REQUEST = 'req-0123456789abcdefgh';
const MINUTE = 60_000;

/** Vera's friends otto, sol and kim, by friendship id `fs-<name>` (as acceptFriendInvite makes them). */
function withFriends(): TestDeps {
  const deps = testDeps();
  seedFestival(deps.docs);
  for (const friend of ['otto', 'sol', 'kim']) {
    const id = `fs-${friend}`;
    deps.docs.seed(friendPaths.friendship(id), { members: ['vera', friend], pairKey: `pair-${friend}`, createdAt: NOW });
    deps.docs.seed(friendPaths.friend('vera', id), { displayName: friend[0]!.toUpperCase() + friend.slice(1), planId: `plan-${friend}`, createdAt: NOW });
    deps.docs.seed(friendPaths.friend(friend, id), { displayName: 'Vera', planId: 'plan-vera', createdAt: NOW });
  }
  return deps;
}

const create = (deps: TestDeps, friendshipIds = ['fs-otto'], requestId = REQUEST) =>
  handleCreateFriendGroup(deps, as('vera'), { requestId, name: 'Crew', festivalId: FESTIVAL_ID, displayName: 'Vera', friendshipIds });
const group = (deps: TestDeps, groupId: string) => friendGroupSchema.parse(deps.docs.data(groupPaths.group(groupId)));
const memberIdOf = (deps: TestDeps, groupId: string, uid: string) => deps.docs.data(groupPaths.membership(groupId, uid))?.memberId as string | undefined;

describe('createFriendGroup', () => {
  it('makes the group with member ids and chosen names only, and lists it for each member', async () => {
    const deps = withFriends();
    const { groupId } = await create(deps, ['fs-otto', 'fs-sol']);
    const made = group(deps, groupId);
    expect(made.members.map((member) => member.displayName)).toEqual(['Vera', 'Otto', 'Sol']);
    // What members read holds no uid and no friendship id.
    expect(JSON.stringify([made, deps.docs.data(groupPaths.userGroup('otto', groupId))])).not.toMatch(/vera|otto|sol|fs-/);
    for (const uid of ['vera', 'otto', 'sol']) {
      expect(deps.docs.data(groupPaths.userGroup(uid, groupId))).toMatchObject({ name: 'Crew', memberId: memberIdOf(deps, groupId, uid) });
    }
    expect(new Set(made.members.map((member) => member.memberId)).size).toBe(3);
  });

  it('answers a retry with the same group and writes nothing new, even when the retries run at once', async () => {
    const deps = withFriends();
    const [first, second] = await Promise.all([create(deps), create(deps)]);
    expect(second).toEqual(first);
    const before = new Map(deps.docs.store);
    expect(await create(deps)).toEqual(first);
    expect(deps.docs.store).toEqual(before);
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('friendGroups/') && path.split('/').length === 2)).toHaveLength(1);
  });

  it("refuses someone who is not the caller's friend, and a friendship of others", async () => {
    const deps = withFriends();
    await expect(create(deps, ['fs-nobody'])).rejects.toMatchObject({ code: 'not-found', groupReason: 'not-a-friend' });
    await expect(handleCreateFriendGroup(deps, as('otto'), { requestId: REQUEST, name: 'X', festivalId: FESTIVAL_ID, displayName: 'Otto', friendshipIds: ['fs-sol'] })).rejects.toMatchObject({ groupReason: 'not-a-friend' });
    await expect(handleCreateFriendGroup(deps, undefined, {})).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(handleCreateFriendGroup(deps, as('vera'), { requestId: 'short', name: '', festivalId: FESTIVAL_ID, displayName: 'Vera', friendshipIds: [] })).rejects.toMatchObject({ code: 'invalid-argument' });
  });

  it(`refuses a ${MAX_GROUPS + 1}th group, for the caller and for a friend, saying why`, async () => {
    const deps = withFriends();
    for (let i = 0; i < MAX_GROUPS; i++) await create(deps, ['fs-otto'], `req-${i}-0123456789abcdefg`);
    await expect(create(deps, ['fs-sol'], 'req-x-0123456789abcdefg')).rejects.toMatchObject({ code: 'failed-precondition', message: expect.stringMatching(/5 groups/), groupReason: 'too-many-groups' });
    const other = withFriends();
    for (let i = 0; i < MAX_GROUPS; i++) other.docs.seed(groupPaths.userGroup('otto', `g${i}`), { name: 'G', memberId: 'member-0123456789ab', joinedAt: NOW });
    await expect(create(other)).rejects.toMatchObject({ message: 'Otto is already in 5 groups, the most Encore keeps.', groupReason: 'friend-has-too-many-groups' });
  });
});

describe('addGroupMember and leaveFriendGroup', () => {
  it('a member adds a friend of theirs; a retry answers added: false and writes nothing', async () => {
    const deps = withFriends();
    const { groupId } = await create(deps);
    expect(await handleAddGroupMember(deps, as('vera'), { groupId, friendshipId: 'fs-kim' })).toEqual({ added: true });
    const before = new Map(deps.docs.store);
    expect(await handleAddGroupMember(deps, as('vera'), { groupId, friendshipId: 'fs-kim' })).toEqual({ added: false });
    expect(deps.docs.store).toEqual(before);
    expect(group(deps, groupId).members.map((member) => member.displayName)).toEqual(['Vera', 'Otto', 'Kim']);
    // Otto is not Kim's friend: he cannot add her through Vera's friendship.
    await expect(handleAddGroupMember(deps, as('otto'), { groupId, friendshipId: 'fs-kim' })).rejects.toMatchObject({ groupReason: 'not-a-friend' });
    await expect(handleAddGroupMember(deps, as('sol'), { groupId, friendshipId: 'fs-sol' })).rejects.toMatchObject({ groupReason: 'no-group' });
  });

  it(`refuses a member past ${MAX_GROUP_MEMBERS}`, async () => {
    const deps = withFriends();
    const { groupId } = await create(deps);
    const full = group(deps, groupId);
    const padding = Array.from({ length: MAX_GROUP_MEMBERS - full.members.length }, (_, i) => ({ memberId: `padding-${i}-0123456789`, displayName: `P${i}` }));
    deps.docs.seed(groupPaths.group(groupId), { ...full, members: [...full.members, ...padding] });
    await expect(handleAddGroupMember(deps, as('vera'), { groupId, friendshipId: 'fs-kim' })).rejects.toMatchObject({ message: 'This group has 12 members, the most a group has.', groupReason: 'group-full' });
  });

  it('leaving takes the membership, the entry and the live location at once; the last out deletes the group; leaving again is no error', async () => {
    const deps = withFriends();
    const { groupId } = await create(deps);
    const otto = memberIdOf(deps, groupId, 'otto')!;
    deps.docs.seed(groupPaths.location(groupId, otto), { lat: 52, lng: 4, accuracy: 5, sharedAt: NOW, expiresAt: new Date(NOW.getTime() + 15 * MINUTE) });
    expect(await handleLeaveFriendGroup(deps, as('otto'), { groupId })).toEqual({ left: true });
    expect(deps.docs.data(groupPaths.membership(groupId, 'otto'))).toBeUndefined();
    expect(deps.docs.data(groupPaths.userGroup('otto', groupId))).toBeUndefined();
    expect(deps.docs.data(groupPaths.location(groupId, otto))).toBeUndefined();
    expect(group(deps, groupId).members.map((member) => member.displayName)).toEqual(['Vera']);
    expect(await handleLeaveFriendGroup(deps, as('otto'), { groupId })).toEqual({ left: false });
    expect(await handleLeaveFriendGroup(deps, as('vera'), { groupId })).toEqual({ left: true });
    expect(deps.docs.data(groupPaths.group(groupId))).toBeUndefined();
  });

  it('removing a friend changes no group and tells the group nothing new', async () => {
    const deps = withFriends();
    const { groupId } = await create(deps);
    const before = structuredClone(deps.docs.data(groupPaths.group(groupId)));
    await handleRemoveFriend(deps, as('vera'), { friendshipId: 'fs-otto' });
    expect(deps.docs.data(groupPaths.group(groupId))).toEqual(before);
  });
});

describe('a meet-up point set', () => {
  async function withMeetup(place: Record<string, unknown> = { x: 0.4, y: 0.6, label: 'Main Stage', markerId: 'main-stage' }) {
    const deps = withFriends();
    const { groupId } = await create(deps, ['fs-otto', 'fs-sol']);
    deps.docs.seed(firestorePaths.userPreferences('otto'), { locale: 'nl', updatedAt: NOW });
    deps.docs.seed(firestorePaths.device('otto', 'otto-phone'), { token: 'tok-otto', festivalId: FESTIVAL_ID, locale: 'nl', userAgent: 'Chrome on Android', createdAt: NOW, updatedAt: NOW });
    deps.docs.seed(firestorePaths.device('vera', 'vera-phone'), { token: 'tok-vera', festivalId: FESTIVAL_ID, locale: 'en', userAgent: 'Chrome on Android', createdAt: NOW, updatedAt: NOW });
    const before = deps.docs.data(groupPaths.group(groupId))!;
    const meetup = { place, at: new Date('2026-08-14T21:30:00Z'), setBy: memberIdOf(deps, groupId, 'vera')!, setAt: NOW };
    const after: Record<string, unknown> = { ...before, meetup };
    return { deps, groupId, before, after };
  }

  it("gives every other member a notice in their language and a push, once however often the event comes", async () => {
    const { deps, groupId, before, after } = await withMeetup();
    expect(await handleMeetupChanged(deps, groupId, before, after)).toEqual({ notified: 2 });
    const noticeId = meetupNoticeId(groupId, NOW);
    deps.docs.seed(firestorePaths.notice('sol', noticeId), { ...deps.docs.data(firestorePaths.notice('sol', noticeId))!, readAt: NOW });
    await handleMeetupChanged(deps, groupId, before, after);
    expect(noticeSchema.parse(deps.docs.data(firestorePaths.notice('otto', noticeId)))).toMatchObject({ kind: 'meetup', text: 'Crew: afspreken bij Main Stage, vr 14 aug, 23:30.', readAt: null });
    expect(noticeSchema.parse(deps.docs.data(firestorePaths.notice('sol', noticeId)))).toMatchObject({ text: 'Crew: meet at Main Stage, Fri 14 Aug, 23:30.', readAt: NOW });
    expect(deps.docs.data(firestorePaths.notice('vera', noticeId))).toBeUndefined();
    expect(deps.push.sent.map((sent) => [sent.token, sent.payload.title, sent.payload.link])).toEqual([['tok-otto', 'Afspraak: Crew', '/groups']]);
  });

  it('names a free point of the plan by its label, or as "a point on the map" in each reader\'s language when unnamed', async () => {
    const unnamed = await withMeetup({ x: 0.25, y: 0.75 });
    expect(await handleMeetupChanged(unnamed.deps, unnamed.groupId, unnamed.before, unnamed.after)).toEqual({ notified: 2 });
    const noticeId = meetupNoticeId(unnamed.groupId, NOW);
    expect(noticeSchema.parse(unnamed.deps.docs.data(firestorePaths.notice('otto', noticeId))).text).toBe('Crew: afspreken bij een punt op de kaart, vr 14 aug, 23:30.');
    expect(noticeSchema.parse(unnamed.deps.docs.data(firestorePaths.notice('sol', noticeId))).text).toBe('Crew: meet at a point on the map, Fri 14 Aug, 23:30.');
    expect(unnamed.deps.push.sent.map((sent) => sent.payload.body)).toEqual(['Crew: afspreken bij een punt op de kaart, vr 14 aug, 23:30.']);

    const named = await withMeetup({ x: 0.25, y: 0.75, label: 'the big tree' });
    await handleMeetupChanged(named.deps, named.groupId, named.before, named.after);
    expect(noticeSchema.parse(named.deps.docs.data(firestorePaths.notice('sol', noticeId))).text).toBe('Crew: meet at the big tree, Fri 14 Aug, 23:30.');
  });

  it('sends nothing when the group changes but its meet-up point does not', async () => {
    const { deps, groupId, after } = await withMeetup();
    expect(await handleMeetupChanged(deps, groupId, after, { ...after, members: (after.members as unknown[]).slice(0, 2) })).toEqual({ notified: 0 });
    expect(await handleMeetupChanged(deps, groupId, after, undefined)).toEqual({ notified: 0 });
    expect(deps.push.sent).toEqual([]);
  });
});

describe('live locations past their expiry', () => {
  it('are deleted by the sweep and by the nightly job; unexpired ones stay', async () => {
    const deps = withFriends();
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);
    const location = (expiresAt: Date) => ({ lat: 52, lng: 4, accuracy: 5, sharedAt: at(-30), expiresAt });
    deps.docs.seed(groupPaths.location('group-a-0123456789ab', 'member-old-0123456789'), location(at(-1)));
    deps.docs.seed(groupPaths.location('group-a-0123456789ab', 'member-now-0123456789'), location(at(0)));
    deps.docs.seed(groupPaths.location('group-b-0123456789ab', 'member-new-0123456789'), location(at(10)));
    expect(await handleSweepExpiredLocations(deps)).toBe(2);
    expect([...deps.docs.store.keys()].filter((path) => path.includes('/locations/'))).toEqual([groupPaths.location('group-b-0123456789ab', 'member-new-0123456789')]);
    expect(await handleSweepExpiredLocations(deps)).toBe(0);

    await deps.sleep(11 * MINUTE);
    expect((await handleNightlyMaintenance(deps)).locationsExpired).toBe(1);
    expect([...deps.docs.store.keys()].filter((path) => path.includes('/locations/'))).toEqual([]);
  });
});
