/**
 * Attack 5 of issue 39, replayed against the handlers: a removed friend kept seeing the other's
 * live position in a shared group; a member who left could be put back by any member without
 * consent; invite ids were chosen by the client.
 */
import { friendInviteSchema, friendPaths, friendSchema, groupPaths, memberLocationSchema } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { pairKeyOf } from '../domain/friends.js';
import { FESTIVAL_ID, NOW, seedFestival, testDeps, type TestDeps } from '../testing/deps.js';
import { handleAcceptFriendInvite, handleCreateFriendInvite, handleRemoveFriend } from './friends.js';
import { handleAddGroupMember, handleAnswerGroupInvite, handleCreateFriendGroup, handleLeaveFriendGroup } from './groups.js';

const as = (uid: string) => ({ uid, token: {} });
const title = (uid: string) => uid[0]!.toUpperCase() + uid.slice(1);

/** Makes `a` and `b` friends the way the app does: `a` invites, `b` accepts. Answers the friendship id. */
async function befriend(deps: TestDeps, a: string, b: string): Promise<string> {
  const { inviteId } = await handleCreateFriendInvite(deps, as(a), { displayName: title(a) });
  return (await handleAcceptFriendInvite(deps, as(b), { inviteId, displayName: title(b) })).friendshipId;
}

/** Vera, friends with otto and sol; a group "Crew" of the three, where vera and otto share their positions. */
async function crew() {
  const deps = testDeps();
  seedFestival(deps.docs);
  const fsOtto = await befriend(deps, 'vera', 'otto');
  const fsSol = await befriend(deps, 'vera', 'sol');
  const { groupId } = await handleCreateFriendGroup(deps, as('vera'), {
    requestId: 'req-0123456789abcdefgh',
    name: 'Crew',
    festivalId: FESTIVAL_ID,
    displayName: 'Vera',
    friendshipIds: [fsOtto, fsSol],
  });
  const memberId = (uid: string) => deps.docs.data(groupPaths.membership(groupId, uid))?.memberId as string;
  const everyone = ['vera', 'otto', 'sol'].map(memberId);
  // As the app writes them: the whole group, the writer included (they read their own back).
  for (const uid of ['vera', 'otto']) {
    deps.docs.seed(groupPaths.location(groupId, memberId(uid)), { lat: 52.4, lng: 4.9, accuracy: 10, sharedAt: NOW, expiresAt: new Date(NOW.getTime() + 30 * 60_000), visibleTo: everyone });
  }
  const visibleTo = (uid: string) => memberLocationSchema.parse(deps.docs.data(groupPaths.location(groupId, memberId(uid)))).visibleTo;
  const hiddenFrom = (uid: string) => ({
    membership: deps.docs.data(groupPaths.membership(groupId, uid))?.hiddenFrom ?? [],
    entry: deps.docs.data(groupPaths.userGroup(uid, groupId))?.hiddenFrom ?? [],
  });
  return { deps, groupId, fsOtto, fsSol, memberId, visibleTo, hiddenFrom };
}

describe('removing a friend ends what each sees of the other in shared groups', () => {
  it("takes each one's live position from the other's view at once and hides them from each other; the third member still sees both", async () => {
    const { deps, fsOtto, memberId, visibleTo, hiddenFrom } = await crew();
    expect(visibleTo('vera')).toContain(memberId('otto'));

    expect(await handleRemoveFriend(deps, as('vera'), { friendshipId: fsOtto })).toEqual({ removed: true });

    expect(visibleTo('vera')).toEqual([memberId('vera'), memberId('sol')]);
    expect(visibleTo('otto')).toEqual([memberId('otto'), memberId('sol')]);
    // Both sides hold it, in the document the rules read and in the one the app reads.
    expect(hiddenFrom('vera')).toEqual({ membership: [memberId('otto')], entry: [memberId('otto')] });
    expect(hiddenFrom('otto')).toEqual({ membership: [memberId('vera')], entry: [memberId('vera')] });
    expect(hiddenFrom('sol')).toEqual({ membership: [], entry: [] });
    expect(deps.docs.data(friendPaths.parting(pairKeyOf('vera', 'otto')))).toEqual({ partedAt: NOW });
  });

  it('hides them from each other in a group they come to share later, through a friend of both', async () => {
    const { deps, fsOtto } = await crew();
    await handleRemoveFriend(deps, as('otto'), { friendshipId: fsOtto });
    const solOtto = await befriend(deps, 'sol', 'otto');
    const solVera = (await deps.docs.query({ collection: friendPaths.friends('sol') }, friendSchema)).map((found) => found.id).find((id) => id !== solOtto)!;
    const { groupId } = await handleCreateFriendGroup(deps, as('sol'), { requestId: 'req-later-0123456789ab', name: 'Later', festivalId: FESTIVAL_ID, displayName: 'Sol', friendshipIds: [solVera, solOtto] });
    const member = (uid: string) => deps.docs.data(groupPaths.membership(groupId, uid))!;
    expect(member('vera').hiddenFrom).toEqual([member('otto').memberId]);
    expect(member('otto').hiddenFrom).toEqual([member('vera').memberId]);
    expect(member('sol').hiddenFrom).toBeUndefined();
  });

  it('shows them to each other again once they are friends again', async () => {
    const { deps, fsOtto, memberId, visibleTo, hiddenFrom } = await crew();
    await handleRemoveFriend(deps, as('vera'), { friendshipId: fsOtto });
    await befriend(deps, 'otto', 'vera');
    expect(hiddenFrom('vera')).toEqual({ membership: [], entry: [] });
    expect([...(visibleTo('otto') ?? [])].sort()).toEqual(['vera', 'otto', 'sol'].map(memberId).sort());
    expect(deps.docs.data(friendPaths.parting(pairKeyOf('vera', 'otto')))).toBeUndefined();
  });
});

describe('a member who left comes back only by accepting an invitation', () => {
  it('adding them sends an invitation and puts no one back; they join only when they accept, with a new member id', async () => {
    const { deps, groupId, fsOtto, memberId } = await crew();
    const ottoBefore = memberId('otto');
    await handleLeaveFriendGroup(deps, as('otto'), { groupId });

    expect(await handleAddGroupMember(deps, as('vera'), { groupId, friendshipId: fsOtto })).toEqual({ added: false, invited: true });
    expect(deps.docs.data(groupPaths.membership(groupId, 'otto'))).toBeUndefined();
    expect(deps.docs.data(groupPaths.userGroup('otto', groupId))).toBeUndefined();
    expect(deps.docs.data(groupPaths.invite('otto', groupId))).toEqual({ groupName: 'Crew', festivalId: FESTIVAL_ID, invitedBy: 'Vera', displayName: 'Otto', createdAt: NOW });

    expect(await handleAnswerGroupInvite(deps, as('otto'), { groupId, accept: true })).toEqual({ joined: true });
    expect(memberId('otto')).not.toBe(ottoBefore);
    expect(deps.docs.data(groupPaths.invite('otto', groupId))).toBeUndefined();
    // The position Vera shares now reaches him.
    expect(memberLocationSchema.parse(deps.docs.data(groupPaths.location(groupId, memberId('vera')))).visibleTo).toContain(memberId('otto'));
    // A retry of the accept changes nothing.
    const before = new Map(deps.docs.store);
    expect(await handleAnswerGroupInvite(deps, as('otto'), { groupId, accept: true })).toEqual({ joined: true });
    expect(deps.docs.store).toEqual(before);
  });

  it('declining removes the invitation and leaves them out; accepting after that is refused', async () => {
    const { deps, groupId, fsOtto } = await crew();
    await handleLeaveFriendGroup(deps, as('otto'), { groupId });
    await handleAddGroupMember(deps, as('vera'), { groupId, friendshipId: fsOtto });
    expect(await handleAnswerGroupInvite(deps, as('otto'), { groupId, accept: false })).toEqual({ joined: false });
    expect(deps.docs.data(groupPaths.invite('otto', groupId))).toBeUndefined();
    await expect(handleAnswerGroupInvite(deps, as('otto'), { groupId, accept: true })).rejects.toMatchObject({ code: 'not-found', groupReason: 'no-group' });
    expect(deps.docs.data(groupPaths.membership(groupId, 'otto'))).toBeUndefined();
  });

  it('someone never invited cannot answer their way in, and a bad request is refused', async () => {
    const { deps, groupId } = await crew();
    await expect(handleAnswerGroupInvite(deps, as('mallory'), { groupId, accept: true })).rejects.toMatchObject({ code: 'not-found' });
    await expect(handleAnswerGroupInvite(deps, undefined, { groupId, accept: true })).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(handleAnswerGroupInvite(deps, as('otto'), { groupId, accept: 'yes' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});

describe('createFriendInvite', () => {
  it('draws the id itself (128 random bits, 22 base64url characters), a new one each time', async () => {
    const deps = testDeps();
    const first = await handleCreateFriendInvite(deps, as('vera'), { displayName: ' Vera ' });
    const second = await handleCreateFriendInvite(deps, as('vera'), { displayName: 'Vera' });
    expect(first.inviteId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(second.inviteId).not.toBe(first.inviteId);
    expect(friendInviteSchema.parse(deps.docs.data(friendPaths.invite(first.inviteId)))).toEqual({ ownerUid: 'vera', displayName: 'Vera', createdAt: NOW });
  });

  it('refuses the signed-out and a request that names its own id or no name', async () => {
    const deps = testDeps();
    await expect(handleCreateFriendInvite(deps, undefined, { displayName: 'Vera' })).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(handleCreateFriendInvite(deps, as('vera'), { displayName: 'Vera', inviteId: 'AAAAAAAAAAAAAAAAAAAAAA' })).rejects.toMatchObject({ code: 'invalid-argument' });
    await expect(handleCreateFriendInvite(deps, as('vera'), { displayName: '  ' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
