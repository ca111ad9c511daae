import {
  festivalSchema,
  firestorePaths,
  friendGroupSchema,
  groupMembershipSchema,
  groupPaths,
  message,
  noticeSchema,
  storedNoticeText,
  type Locale,
  type Notice,
  type NoticeParams,
  type PushPayload,
} from '@encore/model';
import { isNewMeetup, meetupNoticeId } from '../domain/groups.js';
import { pushKeys } from '../domain/push-receipts.js';
import { parseIfPresent, readsOf, type DocData } from '../platform/docs.js';
import type { Deps } from './deps.js';
import { deliverPush } from './push-delivery.js';
import { localeFor, readPreferences, targetsOf } from './push-targets.js';

/** A meet-up push is worth showing for a few hours at most (a device offline longer gets the notice). */
export const MEETUP_PUSH_TTL_SECONDS = 3 * 60 * 60;

/**
 * A group's meet-up point was set: each other member gets a notice in their own language and
 * a push on their devices. At-least-once safe: the notice id comes from the group and the
 * meet-up's `setAt`, a notice already there is left alone (its `readAt` kept), and the push
 * receipts send each device the push once. Anything else written to the group (members
 * joining or leaving) sends nothing.
 */
export async function handleMeetupChanged(
  deps: Pick<Deps, 'docs' | 'push' | 'now'>,
  groupId: string,
  beforeData: DocData | undefined,
  afterData: DocData | undefined,
): Promise<{ notified: number }> {
  const path = groupPaths.group(groupId);
  const before = parseIfPresent(path, beforeData, friendGroupSchema);
  const after = parseIfPresent(path, afterData, friendGroupSchema);
  if (!after || !isNewMeetup(before, after)) return { notified: 0 };
  const meetup = after.meetup!;
  const festival = await deps.docs.get(firestorePaths.festival(after.festivalId), festivalSchema);
  const memberships = await deps.docs.query({ collection: groupPaths.members(groupId) }, groupMembershipSchema);
  const recipients = memberships.filter((membership) => membership.data.memberId !== meetup.setBy).map((membership) => membership.id);
  if (recipients.length === 0) return { notified: 0 };
  // A free point its member left unnamed has no place: each reader sees "a point on the map" in their language.
  const params: NoticeParams = { group: after.name, ...(meetup.place.label ? { place: meetup.place.label } : {}), startsAt: meetup.at, timeZone: festival?.timeZone ?? 'UTC' };
  const noticeId = meetupNoticeId(groupId, meetup.setAt);
  const preferences = await readPreferences(deps.docs, recipients);
  const now = deps.now();
  await deps.docs.transaction(async (tx) => {
    const existing = await tx.getAll(readsOf(recipients.map((uid) => firestorePaths.notice(uid, noticeId)), noticeSchema));
    recipients.forEach((uid, index) => {
      if (existing[index]) return;
      const notice: Notice = {
        kind: 'meetup',
        festivalId: after.festivalId,
        text: storedNoticeText({ kind: 'meetup', params }, localeFor(preferences.get(uid))),
        params,
        createdAt: now,
        readAt: null,
      };
      tx.set(firestorePaths.notice(uid, noticeId), notice);
    });
  });
  const textIn = (locale: Locale) => storedNoticeText({ kind: 'meetup', params }, locale);
  const targets = await targetsOf(deps.docs, recipients, after.festivalId, preferences);
  await deliverPush(
    deps,
    targets.map((target) => {
      const payload: PushPayload = {
        kind: 'meetup',
        title: message('pushMeetupTitle', target.locale, { group: after.name }),
        body: textIn(target.locale),
        link: '/groups',
        // One notification per group: a newer meet-up point replaces the last on the device.
        tag: `meetup-${groupId}`,
      };
      return { key: pushKeys.notice(target.uid, noticeId), target, payload, ttlSeconds: MEETUP_PUSH_TTL_SECONDS, urgent: false };
    }),
  );
  return { notified: recipients.length };
}
