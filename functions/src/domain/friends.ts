import { createHash, randomBytes } from 'node:crypto';
import { FRIEND_INVITE_DAYS, MAX_FRIENDS, type FriendInvite, type PlanSet } from '@encore/model';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An opaque id with 128 random bits (base64url): friendship and plan ids, never derived from a uid. */
export function opaqueId(): string {
  return randomBytes(16).toString('base64url');
}

/** One key per pair of people, whichever of them invited: so a pair is friends at most once. */
export function pairKeyOf(a: string, b: string): string {
  return createHash('sha256').update([a, b].sort().join('\n')).digest('hex');
}

export function inviteExpiresAt(invite: Pick<FriendInvite, 'createdAt'>): Date {
  return new Date(invite.createdAt.getTime() + FRIEND_INVITE_DAYS * DAY_MS);
}

export type InviteVerdict =
  | { kind: 'accept' }
  /** This caller accepted it before (a retry): the same friendship again, nothing new written. */
  | { kind: 'already-accepted'; friendshipId: string }
  | { kind: 'refused'; reason: 'own-invite' | 'used' | 'expired' };

/** Whether `callerUid` may accept `invite` now; budgets are checked apart (they need counts). */
export function judgeInvite(invite: FriendInvite, callerUid: string, now: Date): InviteVerdict {
  if (invite.acceptedBy !== undefined) {
    return invite.acceptedBy === callerUid && invite.friendshipId ? { kind: 'already-accepted', friendshipId: invite.friendshipId } : { kind: 'refused', reason: 'used' };
  }
  if (invite.ownerUid === callerUid) return { kind: 'refused', reason: 'own-invite' };
  if (now.getTime() >= inviteExpiresAt(invite).getTime()) return { kind: 'refused', reason: 'expired' };
  return { kind: 'accept' };
}

export const hasFriendRoom = (friendCount: number) => friendCount < MAX_FRIENDS;

/** A favourite as the plan reads it: its set, its priority, and whether its owner hid it from friends. */
export type PlannedFavorite = PlanSet & { hiddenFromFriends?: boolean | undefined };

/**
 * A plan from favourites: each set once, with its priority, in a stable order, so republishing
 * the same favourites writes the same plan. A set hidden from friends is left out here, before
 * anything is written: it never reaches a friend's copy.
 */
export function planOf(favorites: readonly PlannedFavorite[]): PlanSet[] {
  const shown = favorites.filter((favorite) => favorite.hiddenFromFriends !== true);
  const unique = new Map(shown.map((set) => [`${set.festivalId}/${set.performanceId}`, set]));
  return [...unique.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, set]) => ({ festivalId: set.festivalId, performanceId: set.performanceId, ...(set.priority ? { priority: set.priority } : {}) }));
}
