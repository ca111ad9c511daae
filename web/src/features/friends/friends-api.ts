import {
  favoritePrioritySchema,
  friendPaths,
  type AcceptFriendInviteAnswer,
  type CreateFriendInviteAnswer,
  type DescribeFriendInviteAnswer,
  type FavoritePriority,
  type RemoveFriendAnswer,
  type SetFriendPlanHiddenAnswer,
} from '@encore/model';
import { collection, doc, onSnapshot } from 'firebase/firestore';
import { httpsCallable } from 'firebase/functions';
import { z } from 'zod';
import { db } from '../../firebase/firestore';
import { functions } from '../../firebase/functions';

/** One friend as this person sees them: the friendship's id, the name they chose, their plan's id. */
export interface FriendView {
  friendshipId: string;
  displayName: string;
  planId: string;
  /** This person hides their own plan from this friend. */
  hidingMyPlan?: boolean;
  /** This friend hides their plan from this person: it is not listened to. */
  planHiddenFromMe?: boolean;
}

/** A friend's plan for one festival: each set they plan, with its priority (null: a plain favourite). */
export type PlanView = ReadonlyMap<string, FavoritePriority | null>;

const friendFields = z.object({ displayName: z.string(), planId: z.string(), hidingMyPlan: z.boolean().optional(), planHiddenFromMe: z.boolean().optional() });
const planFields = z.object({
  sets: z.array(z.object({ festivalId: z.string(), performanceId: z.string(), priority: favoritePrioritySchema.optional().catch(undefined) })),
});

/** Makes a single-use invite and answers its id: the backend draws it (128 random bits), so it is never guessable. */
export async function createInvite(displayName: string): Promise<string> {
  const call = httpsCallable<{ displayName: string }, CreateFriendInviteAnswer>(functions(), 'createFriendInvite');
  return (await call({ displayName: displayName.trim() })).data.inviteId;
}

/** Who invites (the name they chose), before one accepts; refused as accepting would be. */
export async function describeInvite(inviteId: string): Promise<DescribeFriendInviteAnswer> {
  const call = httpsCallable<{ inviteId: string }, DescribeFriendInviteAnswer>(functions(), 'describeFriendInvite');
  return (await call({ inviteId })).data;
}

export async function acceptInvite(inviteId: string, displayName: string): Promise<AcceptFriendInviteAnswer> {
  const call = httpsCallable<{ inviteId: string; displayName: string }, AcceptFriendInviteAnswer>(functions(), 'acceptFriendInvite');
  return (await call({ inviteId, displayName: displayName.trim() })).data;
}

export async function removeFriend(friendshipId: string): Promise<RemoveFriendAnswer> {
  const call = httpsCallable<{ friendshipId: string }, RemoveFriendAnswer>(functions(), 'removeFriend');
  return (await call({ friendshipId })).data;
}

/** Hides one's plan from one friend (their reader document goes: the rules refuse them), or shows it again. */
export async function setPlanHiddenFrom(friendshipId: string, hidden: boolean): Promise<SetFriendPlanHiddenAnswer> {
  const call = httpsCallable<{ friendshipId: string; hidden: boolean }, SetFriendPlanHiddenAnswer>(functions(), 'setFriendPlanHidden');
  return (await call({ friendshipId, hidden })).data;
}

export function listenToFriends(uid: string, onFriends: (friends: FriendView[]) => void, onError: (error: Error) => void): () => void {
  return onSnapshot(
    collection(db(), friendPaths.friends(uid)),
    (snapshot) =>
      onFriends(
        snapshot.docs
          .map((friend) => ({ friendshipId: friend.id, ...friendFields.parse(friend.data()) }))
          .sort((a, b) => a.displayName.localeCompare(b.displayName)),
      ),
    onError,
  );
}

/**
 * A friend's plan for one festival: its sets and their priorities. When the friendship ends,
 * or the friend hides their plan from this person, the rules refuse the listener: the plan is
 * then gone (empty), as it should be.
 */
export function listenToPlan(planId: string, festivalId: string, onPlan: (plan: PlanView) => void): () => void {
  return onSnapshot(
    doc(db(), friendPaths.plan(planId)),
    (snapshot) => {
      const sets = snapshot.exists() ? planFields.parse(snapshot.data()).sets : [];
      onPlan(new Map(sets.filter((set) => set.festivalId === festivalId).map((set) => [set.performanceId, set.priority ?? null])));
    },
    () => onPlan(new Map()),
  );
}
