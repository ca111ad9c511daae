import {
  addGroupMemberRequestSchema,
  answerGroupInviteRequestSchema,
  createFriendGroupRequestSchema,
  friendGroupSchema,
  friendPaths,
  friendSchema,
  friendshipSchema,
  groupInviteSchema,
  groupLeaverSchema,
  groupMembershipSchema,
  groupPaths,
  leaveFriendGroupRequestSchema,
  MAX_GROUP_MEMBERS,
  MAX_GROUPS,
  type AddGroupMemberAnswer,
  type AnswerGroupInviteAnswer,
  type CreateFriendGroupAnswer,
  type FriendGroup,
  type LeaveFriendGroupAnswer,
} from '@encore/model';
import type { ZodType } from 'zod';
import { opaqueId } from '../domain/friends.js';
import { groupIdFor, hasGroupRoom, hasMemberRoom } from '../domain/groups.js';
import { readsOf, type DocTransaction } from '../platform/docs.js';
import type { Deps } from './deps.js';
import { joinVisibility, leaveVisibility, pairsAmong, partedPairs } from './group-visibility.js';
import { RequestError, type Caller } from './request-error.js';

type GroupDeps = Pick<Deps, 'docs' | 'now'>;

/** Why a group request was refused, sent to the app as the callable error's `details.reason` (it says it in the reader's language). */
export type GroupRefusalReason = 'not-a-friend' | 'no-group' | 'too-many-groups' | 'friend-has-too-many-groups' | 'group-full';

export class GroupRefusal extends RequestError {
  constructor(
    code: 'failed-precondition' | 'not-found',
    message: string,
    readonly groupReason: GroupRefusalReason,
  ) {
    // Also as the shared `reason`, which the callable wiring sends as `details.reason`.
    super(code, message, groupReason);
  }
}

function parseRequest<T>(schema: ZodType<T>, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new RequestError('invalid-argument', parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

function signedIn(caller: Caller | undefined): Caller {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  return caller;
}

const notAFriend = () => new GroupRefusal('not-found', 'One of the friends you picked is not (or no longer) your friend.', 'not-a-friend');
const tooManyGroups = () => new GroupRefusal('failed-precondition', `You are in ${MAX_GROUPS} groups, the most Encore keeps. Leave one first.`, 'too-many-groups');
const friendHasTooMany = (name: string) =>
  new GroupRefusal('failed-precondition', `${name} is already in ${MAX_GROUPS} groups, the most Encore keeps.`, 'friend-has-too-many-groups');

/** The other person of each of the caller's friendships, with the name the caller knows them by; refuses one that is not the caller's. */
async function friendsOfCaller(tx: DocTransaction, uid: string, friendshipIds: readonly string[]): Promise<Array<{ uid: string; displayName: string }>> {
  const [friendships, views] = [
    await tx.getAll(readsOf(friendshipIds.map(friendPaths.friendship), friendshipSchema)),
    await tx.getAll(readsOf(friendshipIds.map((id) => friendPaths.friend(uid, id)), friendSchema)),
  ];
  return friendshipIds.map((_, index) => {
    const friendship = friendships[index];
    const view = views[index];
    if (!friendship || !view || !friendship.members.includes(uid)) throw notAFriend();
    return { uid: friendship.members.find((member) => member !== uid)!, displayName: view.displayName };
  });
}

const groupFull = () => new GroupRefusal('failed-precondition', `This group has ${MAX_GROUP_MEMBERS} members, the most a group has.`, 'group-full');

const groupCount = (tx: DocTransaction, uid: string) => tx.count({ collection: groupPaths.userGroups(uid) });

/** One member's membership and list entry; `hiddenFrom`: members they parted from as friends (group-visibility.ts). */
function addMember(tx: DocTransaction, groupId: string, group: Pick<FriendGroup, 'name'>, uid: string, memberId: string, now: Date, hiddenFrom: readonly string[] = []): void {
  const hidden = hiddenFrom.length > 0 ? { hiddenFrom: [...hiddenFrom] } : {};
  tx.set(groupPaths.membership(groupId, uid), { memberId, joinedAt: now, ...hidden });
  tx.set(groupPaths.userGroup(uid, groupId), { name: group.name, memberId, joinedAt: now, ...hidden });
}

/**
 * `createFriendGroup`: the caller and some of their friends, in one transaction. The group's
 * id comes from the caller and the app's request id, so a retry (the answer lost on a bad
 * network) finds the group made and answers it, writing nothing. Each friend gets a random
 * member id; the group stores ids and names only.
 */
export async function handleCreateFriendGroup(deps: GroupDeps, caller: Caller | undefined, data: unknown): Promise<CreateFriendGroupAnswer> {
  const { uid } = signedIn(caller);
  const request = parseRequest(createFriendGroupRequestSchema, data);
  const groupId = groupIdFor(uid, request.requestId);
  const now = deps.now();
  return deps.docs.transaction(async (tx) => {
    const [existing, mine] = await tx.getAll([
      [groupPaths.group(groupId), friendGroupSchema],
      [groupPaths.membership(groupId, uid), groupMembershipSchema],
    ] as const);
    if (existing) {
      if (mine) return { groupId };
      throw new GroupRefusal('not-found', 'You left this group.', 'no-group');
    }
    const friends = await friendsOfCaller(tx, uid, [...new Set(request.friendshipIds)]);
    const counts = [await groupCount(tx, uid)];
    for (const friend of friends) counts.push(await groupCount(tx, friend.uid));
    if (!hasGroupRoom(counts[0]!)) throw tooManyGroups();
    friends.forEach((friend, index) => {
      if (!hasGroupRoom(counts[index + 1]!)) throw friendHasTooMany(friend.displayName);
    });
    const members = [{ uid, displayName: request.displayName }, ...friends].map((member) => ({ ...member, memberId: opaqueId() }));
    // Two of the creator's friends may have parted: they do not see each other's positions.
    const hidden = await partedPairs(tx, pairsAmong(members));
    const group = { name: request.name, festivalId: request.festivalId, members: members.map(({ memberId, displayName }) => ({ memberId, displayName })), createdAt: now };
    tx.create(groupPaths.group(groupId), group);
    for (const member of members) addMember(tx, groupId, group, member.uid, member.memberId, now, hidden.get(member.uid));
    return { groupId };
  });
}

/**
 * `addGroupMember`: a member puts one of their own friends in (named as that member knows
 * them). Adding someone who is a member already answers `added: false` and writes nothing,
 * so a retry is harmless. Someone who left the group is not put back: they get an invitation
 * (`users/{uid}/groupInvites/{groupId}`) and come back only if they accept it.
 */
export async function handleAddGroupMember(deps: GroupDeps, caller: Caller | undefined, data: unknown): Promise<AddGroupMemberAnswer> {
  const { uid } = signedIn(caller);
  const { groupId, friendshipId } = parseRequest(addGroupMemberRequestSchema, data);
  const now = deps.now();
  return deps.docs.transaction(async (tx) => {
    const [group, mine] = await tx.getAll([
      [groupPaths.group(groupId), friendGroupSchema],
      [groupPaths.membership(groupId, uid), groupMembershipSchema],
    ] as const);
    if (!group || !mine) throw new GroupRefusal('not-found', 'This group does not exist, or you are not in it.', 'no-group');
    const [friend] = await friendsOfCaller(tx, uid, [friendshipId]);
    if (await tx.get(groupPaths.membership(groupId, friend!.uid), groupMembershipSchema)) return { added: false };
    if (await tx.get(groupPaths.leaver(groupId, friend!.uid), groupLeaverSchema)) {
      // They chose to leave: coming back is theirs to choose.
      const invitedBy = group.members.find((member) => member.memberId === mine.memberId)?.displayName ?? friend!.displayName;
      tx.set(groupPaths.invite(friend!.uid, groupId), { groupName: group.name, festivalId: group.festivalId, invitedBy, displayName: friend!.displayName, createdAt: now });
      return { added: false, invited: true };
    }
    if (!hasMemberRoom(group)) throw groupFull();
    if (!hasGroupRoom(await groupCount(tx, friend!.uid))) throw friendHasTooMany(friend!.displayName);
    const memberId = opaqueId();
    const visibility = await joinVisibility(tx, groupId, { uid: friend!.uid, memberId });
    tx.set(groupPaths.group(groupId), { ...group, members: [...group.members, { memberId, displayName: friend!.displayName }] });
    addMember(tx, groupId, group, friend!.uid, memberId, now, visibility.hiddenFrom);
    visibility.write();
    return { added: true };
  });
}

/**
 * `leaveFriendGroup`: the caller's membership, their entry, their own list entry and their
 * live location go in one transaction (the rules refuse their next read); the last member
 * out deletes the group. A leaver is remembered (`leavers/{uid}`): no member can put them back,
 * only invite them. Leaving again answers `left: false`.
 */
export async function handleLeaveFriendGroup(deps: GroupDeps, caller: Caller | undefined, data: unknown): Promise<LeaveFriendGroupAnswer> {
  const { uid } = signedIn(caller);
  const { groupId } = parseRequest(leaveFriendGroupRequestSchema, data);
  return deps.docs.transaction(async (tx) => {
    const [group, mine] = await tx.getAll([
      [groupPaths.group(groupId), friendGroupSchema],
      [groupPaths.membership(groupId, uid), groupMembershipSchema],
    ] as const);
    if (!mine) return { left: false };
    const forgetHidden = await leaveVisibility(tx, groupId, { uid, memberId: mine.memberId });
    forgetHidden();
    tx.delete(groupPaths.membership(groupId, uid));
    tx.delete(groupPaths.userGroup(uid, groupId));
    tx.set(groupPaths.leaver(groupId, uid), { leftAt: deps.now() });
    tx.delete(groupPaths.location(groupId, mine.memberId));
    if (group) {
      const members = group.members.filter((member) => member.memberId !== mine.memberId);
      if (members.length === 0) tx.delete(groupPaths.group(groupId));
      else tx.set(groupPaths.group(groupId), { ...group, members });
    }
    return { left: true };
  });
}

/**
 * `answerGroupInvite`: the person invited back into a group they left accepts (they join with a
 * new member id, as anyone added) or declines (the invitation goes). A retry of an accept that
 * went through answers `joined: true` and writes nothing.
 */
export async function handleAnswerGroupInvite(deps: GroupDeps, caller: Caller | undefined, data: unknown): Promise<AnswerGroupInviteAnswer> {
  const { uid } = signedIn(caller);
  const { groupId, accept } = parseRequest(answerGroupInviteRequestSchema, data);
  const now = deps.now();
  return deps.docs.transaction(async (tx) => {
    const [invite, group, mine] = await tx.getAll([
      [groupPaths.invite(uid, groupId), groupInviteSchema],
      [groupPaths.group(groupId), friendGroupSchema],
      [groupPaths.membership(groupId, uid), groupMembershipSchema],
    ] as const);
    if (mine) {
      if (invite) tx.delete(groupPaths.invite(uid, groupId));
      return { joined: true };
    }
    if (!invite) {
      if (accept) throw new GroupRefusal('not-found', 'This invitation was withdrawn or already answered.', 'no-group');
      return { joined: false };
    }
    if (!accept) {
      tx.delete(groupPaths.invite(uid, groupId));
      return { joined: false };
    }
    if (!group) throw new GroupRefusal('not-found', 'This group no longer exists.', 'no-group');
    if (!hasMemberRoom(group)) throw groupFull();
    if (!hasGroupRoom(await groupCount(tx, uid))) throw tooManyGroups();
    const memberId = opaqueId();
    const visibility = await joinVisibility(tx, groupId, { uid, memberId });
    tx.set(groupPaths.group(groupId), { ...group, members: [...group.members, { memberId, displayName: invite.displayName }] });
    addMember(tx, groupId, group, uid, memberId, now, visibility.hiddenFrom);
    visibility.write();
    tx.delete(groupPaths.leaver(groupId, uid));
    tx.delete(groupPaths.invite(uid, groupId));
    return { joined: true };
  });
}
