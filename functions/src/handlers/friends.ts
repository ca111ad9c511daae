import {
  acceptFriendInviteRequestSchema,
  createFriendInviteRequestSchema,
  describeFriendInviteRequestSchema,
  friendPartingSchema,
  favoriteSchema,
  friendInviteSchema,
  friendPairSchema,
  friendPaths,
  friendPlanOwnerSchema,
  friendshipSchema,
  firestorePaths,
  MAX_FRIENDS,
  MAX_PLAN_SETS,
  removeFriendRequestSchema,
  type AcceptFriendInviteAnswer,
  type CreateFriendInviteAnswer,
  type DescribeFriendInviteAnswer,
  type RemoveFriendAnswer,
} from '@encore/model';
import { hasFriendRoom, judgeInvite, opaqueId, pairKeyOf, planOf } from '../domain/friends.js';
import type { DocTransaction } from '../platform/docs.js';
import { pairVisibility } from './group-visibility.js';
import type { Deps } from './deps.js';
import { readBatchFor } from './read-batch.js';
import { RequestError, type Caller } from './request-error.js';

type FriendDeps = Pick<Deps, 'docs' | 'now'>;

/** Why an invite or a budget refused, sent to the app as the callable error's `details.reason` (it says it in the reader's language). */
export type FriendRefusalReason = 'own-invite' | 'used' | 'expired' | 'unknown-invite' | 'too-many-friends' | 'friend-has-too-many';

export class FriendRefusal extends RequestError {
  constructor(
    code: 'failed-precondition' | 'not-found',
    message: string,
    readonly friendReason: FriendRefusalReason,
  ) {
    // Also as the shared `reason`, which the callable wiring sends as `details.reason`.
    super(code, message, friendReason);
  }
}

const REFUSALS = {
  'own-invite': 'This is your own invite: send it to a friend.',
  used: 'This invite was already used. Ask your friend for a new one.',
  expired: 'This invite has expired (invites last 7 days). Ask your friend for a new one.',
} as const;

function parseRequest<T>(schema: { safeParse: (data: unknown) => { success: true; data: T } | { success: false; error: { issues: Array<{ message: string }> } } }, data: unknown): T {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new RequestError('invalid-argument', parsed.error.issues.map((issue) => issue.message).join('; '));
  return parsed.data;
}

/** The person's plan id, made (in this transaction's writes) when they have none yet. */
async function planIdOf(tx: DocTransaction, uid: string): Promise<{ planId: string; isNew: boolean }> {
  const owner = await tx.get(friendPaths.planOwner(uid), friendPlanOwnerSchema);
  return owner ? { planId: owner.planId, isNew: false } : { planId: opaqueId(), isNew: true };
}

/**
 * `createFriendInvite`: the invite's id is its secret, so the backend draws it (128 random
 * bits): no client can make one that is short, patterned or reused. A retry makes a second
 * invite; the first simply goes unused.
 */
export async function handleCreateFriendInvite(deps: FriendDeps, caller: Caller | undefined, data: unknown): Promise<CreateFriendInviteAnswer> {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  const { displayName } = parseRequest(createFriendInviteRequestSchema, data);
  const inviteId = opaqueId();
  await deps.docs.transaction(async (tx) => {
    tx.create(friendPaths.invite(inviteId), { ownerUid: caller.uid, displayName, createdAt: deps.now() });
  });
  return { inviteId };
}

/** A refusal for an invite the caller cannot accept: the same codes and reasons `acceptFriendInvite` gives. */
function inviteRefusal(reason: 'own-invite' | 'used' | 'expired'): FriendRefusal {
  return new FriendRefusal('failed-precondition', REFUSALS[reason], reason);
}

/**
 * `describeFriendInvite`: the invite page's words before accepting: who invites, or (the same
 * refusals `acceptFriendInvite` would give) why this link cannot make a friendship, so the page
 * says so before one types a name. Reads only; the owner's uid never leaves the backend. No
 * account is needed: opening a link makes none (accepting does).
 */
export async function handleDescribeFriendInvite(deps: FriendDeps, caller: Caller | undefined, data: unknown): Promise<DescribeFriendInviteAnswer> {
  const { inviteId } = parseRequest(describeFriendInviteRequestSchema, data);
  const invite = await deps.docs.get(friendPaths.invite(inviteId), friendInviteSchema);
  if (!invite) throw new FriendRefusal('not-found', 'This invite does not exist or was withdrawn.', 'unknown-invite');
  // A visitor without an account may read who invites (opening a link makes no account);
  // only the invite's own owner or its acceptor can be told apart, and both have one.
  const verdict = judgeInvite(invite, caller?.uid ?? '', deps.now());
  if (verdict.kind === 'refused') throw inviteRefusal(verdict.reason);
  return { inviterName: invite.displayName, accepted: verdict.kind === 'already-accepted' };
}

/**
 * `acceptFriendInvite`: one transaction, so two people racing for one invite, or one person's
 * retries, end with one friendship. A retry by the same caller answers the same friendship;
 * a pair already friends gets their existing friendship (the invite is then used up).
 * Afterwards both plans are published, so each sees the other's at once.
 */
export async function handleAcceptFriendInvite(deps: FriendDeps, caller: Caller | undefined, data: unknown): Promise<AcceptFriendInviteAnswer> {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  const request = parseRequest(acceptFriendInviteRequestSchema, data);
  const now = deps.now();
  const answer = await deps.docs.transaction(async (tx) => {
    const invite = await tx.get(friendPaths.invite(request.inviteId), friendInviteSchema);
    if (!invite) throw new FriendRefusal('not-found', 'This invite does not exist or was withdrawn.', 'unknown-invite');
    const verdict = judgeInvite(invite, caller.uid, now);
    if (verdict.kind === 'refused') throw inviteRefusal(verdict.reason);
    if (verdict.kind === 'already-accepted') return { friendshipId: verdict.friendshipId, friendName: invite.displayName, created: false };

    const inviter = invite.ownerUid;
    const pairKey = pairKeyOf(inviter, caller.uid);
    const pair = await tx.get(friendPaths.pair(pairKey), friendPairSchema);
    const markUsed = (friendshipId: string) => tx.set(friendPaths.invite(request.inviteId), { ...invite, acceptedBy: caller.uid, acceptedAt: now, friendshipId });
    if (pair) {
      markUsed(pair.friendshipId);
      return { friendshipId: pair.friendshipId, friendName: invite.displayName, created: false };
    }
    const [inviterFriends, callerFriends] = [await tx.count({ collection: friendPaths.friends(inviter) }), await tx.count({ collection: friendPaths.friends(caller.uid) })];
    if (!hasFriendRoom(callerFriends)) throw new FriendRefusal('failed-precondition', `You have ${MAX_FRIENDS} friends, the most Encore keeps. Remove one first.`, 'too-many-friends');
    if (!hasFriendRoom(inviterFriends)) throw new FriendRefusal('failed-precondition', `Your friend already has ${MAX_FRIENDS} friends, the most Encore keeps.`, 'friend-has-too-many');
    const inviterPlan = await planIdOf(tx, inviter);
    const callerPlan = await planIdOf(tx, caller.uid);
    // A pair that had parted and are friends again see each other's positions in shared groups again.
    const parted = await tx.get(friendPaths.parting(pairKey), friendPartingSchema);
    const showAgain = parted ? await pairVisibility(tx, inviter, caller.uid, false) : undefined;

    const friendshipId = opaqueId();
    for (const [uid, plan] of [[inviter, inviterPlan], [caller.uid, callerPlan]] as const) {
      if (plan.isNew) {
        tx.set(friendPaths.planOwner(uid), { planId: plan.planId });
        tx.set(friendPaths.plan(plan.planId), { sets: [], updatedAt: now });
      }
    }
    if (parted) tx.delete(friendPaths.parting(pairKey));
    showAgain?.();
    tx.create(friendPaths.friendship(friendshipId), { members: [inviter, caller.uid], pairKey, createdAt: now });
    tx.create(friendPaths.pair(pairKey), { friendshipId });
    tx.set(friendPaths.friend(inviter, friendshipId), { displayName: request.displayName, planId: callerPlan.planId, createdAt: now });
    tx.set(friendPaths.friend(caller.uid, friendshipId), { displayName: invite.displayName, planId: inviterPlan.planId, createdAt: now });
    tx.set(friendPaths.planReader(inviterPlan.planId, caller.uid), { friendshipId });
    tx.set(friendPaths.planReader(callerPlan.planId, inviter), { friendshipId });
    markUsed(friendshipId);
    return { friendshipId, friendName: invite.displayName, created: true, members: [inviter, caller.uid] };
  });
  if ('members' in answer && answer.members) await Promise.all(answer.members.map((uid) => handlePublishFriendPlan(deps, uid)));
  return { friendshipId: answer.friendshipId, friendName: answer.friendName };
}

/**
 * `removeFriend`: both sides, both reader documents (the rules refuse the next read of either
 * plan), the friendship and its pair key, in one transaction. In every group the two share,
 * each one's live position is taken from the other's view and each is hidden from the other
 * (the rules refuse sharing with them again); the parting is kept, so groups they come to share
 * later hide them too. Both stay members: names and meet-up points stay shared (the app says
 * so). Removing again is no error.
 */
export async function handleRemoveFriend(deps: FriendDeps, caller: Caller | undefined, data: unknown): Promise<RemoveFriendAnswer> {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  const { friendshipId } = parseRequest(removeFriendRequestSchema, data);
  return deps.docs.transaction(async (tx) => {
    const friendship = await tx.get(friendPaths.friendship(friendshipId), friendshipSchema);
    if (!friendship || !friendship.members.includes(caller.uid)) {
      // Not (or no longer) a friendship of the caller's: nothing to remove, and nothing told about others'.
      return { removed: false };
    }
    const [a, b] = friendship.members;
    const [planA, planB] = [await tx.get(friendPaths.planOwner(a), friendPlanOwnerSchema), await tx.get(friendPaths.planOwner(b), friendPlanOwnerSchema)];
    const hideInGroups = await pairVisibility(tx, a, b, true);
    hideInGroups();
    tx.set(friendPaths.parting(friendship.pairKey), { partedAt: deps.now() });
    if (planA) tx.delete(friendPaths.planReader(planA.planId, b));
    if (planB) tx.delete(friendPaths.planReader(planB.planId, a));
    tx.delete(friendPaths.friend(a, friendshipId));
    tx.delete(friendPaths.friend(b, friendshipId));
    tx.delete(friendPaths.pair(friendship.pairKey));
    tx.delete(friendPaths.friendship(friendshipId));
    return { removed: true };
  });
}

/**
 * Republishes a person's plan from their favourites (the trigger on any favourite write),
 * with each set's priority and without the sets they hid from friends.
 * Recomputed from the favourites as they stand, so a duplicate or late event writes the same
 * plan; someone who never had a friend has no plan and nothing is written. Read and written in
 * one transaction: two favourite events handled at once cannot leave the plan of the earlier
 * read (a favourite written meanwhile makes the transaction run again on the new favourites).
 */
export async function handlePublishFriendPlan(deps: FriendDeps, uid: string): Promise<'published' | 'no-plan'> {
  // Most people favouriting have no friend: one plain read, no transaction (a hot set's every
  // favourite runs this), batched with the instance's other checks of the moment. Safe
  // without the transaction: a plan created after this read is published by its creator
  // (acceptFriendInvite) from favourites that include this one.
  if (!(await readBatchFor(deps.docs).get(friendPaths.planOwner(uid), friendPlanOwnerSchema))) return 'no-plan';
  return deps.docs.transaction(async (tx) => {
    const owner = await tx.get(friendPaths.planOwner(uid), friendPlanOwnerSchema);
    if (!owner) return 'no-plan' as const;
    const favorites = await tx.query({ collection: firestorePaths.favorites(uid), limit: MAX_PLAN_SETS }, favoriteSchema);
    const sets = planOf(favorites.map(({ data }) => data));
    tx.set(friendPaths.plan(owner.planId), { sets, updatedAt: deps.now() });
    return 'published' as const;
  });
}
