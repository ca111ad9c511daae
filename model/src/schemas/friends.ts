import { z } from 'zod';
import { documentIdSchema, slugIdSchema, timestampSchema } from './common.js';
import { favoritePrioritySchema } from './user.js';

/**
 * Friends, privately (issue 25). Friends find each other only through an invite; each sees
 * the other as a per-friendship id and the display name the other chose: never a uid, an
 * email or the other's friends. A person's plan is one document under an opaque id that
 * only the readers the backend lists may get (the rules check a reader document).
 */

/** At most this many friends a person (both sides are checked when an invite is accepted). */
export const MAX_FRIENDS = 50;
/** An invite is good for this long after it was made, and for one acceptance. */
export const FRIEND_INVITE_DAYS = 7;
/** At most this many sets in a published plan (the app's favourites are far fewer). */
export const MAX_PLAN_SETS = 500;

/** An invite id: 22 base64url characters or more (at least 128 random bits); the id is the secret. */
export const friendInviteIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'an invite id is 22 to 64 base64url characters');
export const friendDisplayNameSchema = z.string().trim().min(1, 'a display name is needed').max(40, 'a display name is at most 40 characters');

/**
 * `friendInvites/{inviteId}`: made by `createFriendInvite` (the backend draws the id, so it is
 * always 128 random bits: a client cannot pick a guessable one); accepted only through
 * `acceptFriendInvite`; its owner reads and withdraws it.
 */
export const friendInviteSchema = z
  .object({
    ownerUid: documentIdSchema,
    /** The name the invitee will see for its owner. */
    displayName: friendDisplayNameSchema,
    createdAt: timestampSchema,
    /** Set by functions when accepted: whoever accepted it, when, and the friendship it made. */
    acceptedBy: documentIdSchema.optional(),
    acceptedAt: timestampSchema.optional(),
    friendshipId: documentIdSchema.optional(),
  })
  .strict();
export type FriendInvite = z.infer<typeof friendInviteSchema>;

/** `users/{uid}/friends/{friendshipId}`: one friend as this person sees them; written by functions. */
export const friendSchema = z
  .object({
    /** The name the friend chose. */
    displayName: friendDisplayNameSchema,
    /** The friend's plan document (`friendPlans/{planId}`), readable while this friendship lasts. */
    planId: documentIdSchema,
    createdAt: timestampSchema,
    /** True while this person hides their own plan from this friend (`setFriendPlanHidden`). */
    hidingMyPlan: z.boolean().optional(),
    /** True while this friend hides their plan from this person: their plan is then unreadable. */
    planHiddenFromMe: z.boolean().optional(),
  })
  .strict();
export type Friend = z.infer<typeof friendSchema>;

/** `friendships/{friendshipId}`: functions only; who the two members are. */
export const friendshipSchema = z
  .object({
    members: z.tuple([documentIdSchema, documentIdSchema]),
    /** The pair's key (`friendPairs/{pairKey}`), so one pair is friends once. */
    pairKey: documentIdSchema,
    createdAt: timestampSchema,
  })
  .strict();
export type Friendship = z.infer<typeof friendshipSchema>;

/** `friendPairs/{pairKey}`: functions only; the friendship of one pair (key: sha-256 of the sorted uids). */
export const friendPairSchema = z.object({ friendshipId: documentIdSchema }).strict();

/**
 * `friendPartings/{pairKey}`: functions only; exists while a pair who were friends is not (one
 * removed the other). Groups they share, or come to share, keep each one's live position from
 * the other (`hiddenFrom`, friends' groups); a new friendship of the pair deletes it.
 */
export const friendPartingSchema = z.object({ partedAt: timestampSchema }).strict();

/** `users/{uid}/private/friendPlan`: functions only; the person's plan id, made at their first friendship. */
export const friendPlanOwnerSchema = z.object({ planId: documentIdSchema }).strict();

export const planSetSchema = z
  .object({ festivalId: slugIdSchema, performanceId: documentIdSchema, priority: favoritePrioritySchema.optional() })
  .strict();
export type PlanSet = z.infer<typeof planSetSchema>;

/** `friendPlans/{planId}`: the sets a person plans, published by functions from their favourites. */
export const friendPlanSchema = z
  .object({
    /** The owner's favourites, by festival and set id. */
    sets: z.array(planSetSchema).max(MAX_PLAN_SETS),
    updatedAt: timestampSchema,
  })
  .strict();
export type FriendPlan = z.infer<typeof friendPlanSchema>;

/** `friendPlans/{planId}/readers/{uid}`: functions only; exists while `uid` may read the plan. */
export const friendPlanReaderSchema = z.object({ friendshipId: documentIdSchema }).strict();

/** `createFriendInvite`: the name the invitee will see for the caller; answers the new invite's id. */
export const createFriendInviteRequestSchema = z.object({ displayName: friendDisplayNameSchema }).strict();
export type CreateFriendInviteRequest = z.infer<typeof createFriendInviteRequestSchema>;
export interface CreateFriendInviteAnswer {
  inviteId: string;
}

/**
 * `describeFriendInvite`: what an invite link's page says before one accepts: who invites
 * (the name they chose for the invite). A callable, not a read of the invite: the invite holds
 * its owner's uid, which friends never see.
 */
export const describeFriendInviteRequestSchema = z.object({ inviteId: friendInviteIdSchema }).strict();
export type DescribeFriendInviteRequest = z.infer<typeof describeFriendInviteRequestSchema>;
export interface DescribeFriendInviteAnswer {
  /** The inviter's display name, as they chose it for this invite. */
  inviterName: string;
  /** True when the caller accepted this invite already (accepting again answers the same friendship). */
  accepted: boolean;
}

export const acceptFriendInviteRequestSchema = z.object({ inviteId: friendInviteIdSchema, displayName: friendDisplayNameSchema }).strict();
export type AcceptFriendInviteRequest = z.infer<typeof acceptFriendInviteRequestSchema>;
export interface AcceptFriendInviteAnswer {
  friendshipId: string;
  /** The inviter's display name. */
  friendName: string;
}
export const removeFriendRequestSchema = z.object({ friendshipId: documentIdSchema }).strict();
export interface RemoveFriendAnswer {
  removed: boolean;
}
/** `setFriendPlanHidden`: hide one's plan from one friend (or show it again). */
export const setFriendPlanHiddenRequestSchema = z.object({ friendshipId: documentIdSchema, hidden: z.boolean() }).strict();
export type SetFriendPlanHiddenRequest = z.infer<typeof setFriendPlanHiddenRequestSchema>;
export interface SetFriendPlanHiddenAnswer {
  /** False when the friendship is not (or no longer) the caller's. */
  changed: boolean;
}

export const friendPaths = {
  invite: (inviteId: string) => `friendInvites/${inviteId}`,
  friends: (uid: string) => `users/${uid}/friends`,
  friend: (uid: string, friendshipId: string) => `users/${uid}/friends/${friendshipId}`,
  friendship: (friendshipId: string) => `friendships/${friendshipId}`,
  pair: (pairKey: string) => `friendPairs/${pairKey}`,
  parting: (pairKey: string) => `friendPartings/${pairKey}`,
  planOwner: (uid: string) => `users/${uid}/private/friendPlan`,
  plan: (planId: string) => `friendPlans/${planId}`,
  planReader: (planId: string, uid: string) => `friendPlans/${planId}/readers/${uid}`,
} as const;
