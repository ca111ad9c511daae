import { createHash } from 'node:crypto';
import { locationShareEnd, MAX_GROUP_MEMBERS, MAX_GROUPS, type FriendGroup, type MemberLocation } from '@encore/model';

/**
 * A group's id from its creator and the app's request id: a retried create names the same
 * group (and finds it made), while nobody can derive a group's id from a uid alone (the
 * request id is 128 random bits the app made).
 */
export function groupIdFor(creatorUid: string, requestId: string): string {
  return createHash('sha256').update(`group\n${creatorUid}\n${requestId}`).digest('base64url').slice(0, 22);
}

export const hasGroupRoom = (groupCount: number) => groupCount < MAX_GROUPS;
export const hasMemberRoom = (group: Pick<FriendGroup, 'members'>, adding = 1) => group.members.length + adding <= MAX_GROUP_MEMBERS;

/**
 * A meet-up point's notice id, the same for every delivery of the same meet-up (one group,
 * one `setAt`): so a redelivered trigger writes one notice per member and one push each.
 */
export function meetupNoticeId(groupId: string, setAt: Date): string {
  return `meetup-${createHash('sha256').update(`${groupId}\n${setAt.toISOString()}`).digest('hex').slice(0, 32)}`;
}

/** Whether the meet-up changed between two versions of a group: a new `setAt` is a new meet-up point. */
export function isNewMeetup(before: FriendGroup | undefined, after: FriendGroup | undefined): boolean {
  if (!after?.meetup) return false;
  return before?.meetup?.setAt.getTime() !== after.meetup.setAt.getTime();
}

/**
 * A live location stops being shown, and may be deleted, at `expiresAt`; a share whose end was
 * never written (its sharer went away after the first write) at `startedAt` + `minutes`, as
 * the rules stop taking its updates then. One with neither was never valid: it may go.
 */
export function isExpired(location: Pick<MemberLocation, 'expiresAt' | 'startedAt' | 'minutes'>, now: Date): boolean {
  const { expiresAt, startedAt, minutes } = location;
  const end = expiresAt ?? (startedAt && minutes ? locationShareEnd({ startedAt, minutes }) : undefined);
  return !end || end.getTime() <= now.getTime();
}

/** A list of member ids with `memberId` in it (once), in a stable order. */
export function withMemberId(ids: readonly string[] | undefined, memberId: string): string[] {
  return [...new Set([...(ids ?? []), memberId])].sort();
}

/** A list of member ids without `memberId`. */
export function withoutMemberId(ids: readonly string[] | undefined, memberId: string): string[] {
  return (ids ?? []).filter((id) => id !== memberId);
}

