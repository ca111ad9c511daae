import {
  friendPaths,
  friendPlanOwnerSchema,
  friendSchema,
  friendshipSchema,
  setFriendPlanHiddenRequestSchema,
  type Friend,
  type SetFriendPlanHiddenAnswer,
} from '@encore/model';
import type { Deps } from './deps.js';
import { RequestError, type Caller } from './request-error.js';

type VisibilityDeps = Pick<Deps, 'docs'>;

/** A friend document with `flag` set to true, or without it (absent reads as false). */
function withFlag(friend: Friend, flag: 'hidingMyPlan' | 'planHiddenFromMe', on: boolean): Friend {
  const { [flag]: _dropped, ...rest } = friend;
  return on ? { ...rest, [flag]: true } : rest;
}

/**
 * `setFriendPlanHidden`: hides the caller's plan from one friend, or shows it again. The
 * friend's reader document on the caller's plan is deleted (the rules then refuse their next
 * read, and their open listener) or made again; both friend documents say so, the caller's
 * for the toggle and the friend's so their app stops (or starts again) listening. One
 * transaction, recomputed from the request: a retry or a repeated tap writes the same state.
 */
export async function handleSetFriendPlanHidden(deps: VisibilityDeps, caller: Caller | undefined, data: unknown): Promise<SetFriendPlanHiddenAnswer> {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  const parsed = setFriendPlanHiddenRequestSchema.safeParse(data);
  if (!parsed.success) throw new RequestError('invalid-argument', parsed.error.issues.map((issue) => issue.message).join('; '));
  const { friendshipId, hidden } = parsed.data;
  return deps.docs.transaction(async (tx) => {
    const friendship = await tx.get(friendPaths.friendship(friendshipId), friendshipSchema);
    // Not (or no longer) a friendship of the caller's: nothing to change, and nothing told about others'.
    if (!friendship || !friendship.members.includes(caller.uid)) return { changed: false };
    const friendUid = friendship.members[0] === caller.uid ? friendship.members[1] : friendship.members[0];
    const [mine, theirs, myPlan] = await tx.getAll([
      [friendPaths.friend(caller.uid, friendshipId), friendSchema],
      [friendPaths.friend(friendUid, friendshipId), friendSchema],
      [friendPaths.planOwner(caller.uid), friendPlanOwnerSchema],
    ] as const);
    if (!mine || !theirs || !myPlan) return { changed: false };
    if (hidden) tx.delete(friendPaths.planReader(myPlan.planId, friendUid));
    else tx.set(friendPaths.planReader(myPlan.planId, friendUid), { friendshipId });
    tx.set(friendPaths.friend(caller.uid, friendshipId), withFlag(mine, 'hidingMyPlan', hidden));
    tx.set(friendPaths.friend(friendUid, friendshipId), withFlag(theirs, 'planHiddenFromMe', hidden));
    return { changed: true };
  });
}
