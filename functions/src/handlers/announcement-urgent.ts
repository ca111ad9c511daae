import {
  announcementSchema,
  announcementText,
  deviceSchema,
  isLiveUrgent,
  firestorePaths,
  makeDomainEvent,
  pushReceiptSchema,
  message,
  type DomainEvent,
  type PushPayload,
} from '@encore/model';
import { pushKeys } from '../domain/push-receipts.js';
import { increment, parseIfPresent, readsOf, type DocData, type Docs } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { deliverPush, type Outgoing } from './push-delivery.js';
import { localeFor, readPreferences } from './push-targets.js';

/** Devices per push batch: one `sendEach` of FCM's 500. */
export const ANNOUNCEMENT_BATCH_SIZE = 500;
/** An urgent announcement is news for an hour; a phone offline longer than that gets it from the app. */
export const ANNOUNCEMENT_TTL_SECONDS = 60 * 60;
const BODY_MAX = 1000;

const isUrgent = (data: DocData | undefined, path: string) => isLiveUrgent(parseIfPresent(path, data, announcementSchema));

/** The announcement as it stands now, if it is still urgent and not withdrawn: staff may call it off at any moment. */
async function liveUrgent(docs: Pick<Docs, 'get'>, festivalId: string, announcementId: string) {
  const announcement = await docs.get(firestorePaths.announcement(festivalId, announcementId), announcementSchema);
  return isLiveUrgent(announcement) ? announcement : undefined;
}

/**
 * Trigger side of `festivals/{f}/announcements/{id}` writes: publish when an announcement
 * becomes urgent (posted urgent, or raised to urgent by an edit). Lowering it, withdrawing
 * it, editing an urgent one or counting its pushes publishes nothing: each announcement is
 * pushed once (receipts, see deliverPush).
 */
export async function publishAnnouncementUrgent(
  deps: Pick<Deps, 'publisher' | 'now'>,
  eventId: string,
  ids: { festivalId: string; announcementId: string },
  before: DocData | undefined,
  after: DocData | undefined,
): Promise<boolean> {
  const path = firestorePaths.announcement(ids.festivalId, ids.announcementId);
  if (!isUrgent(after, path) || isUrgent(before, path)) return false;
  const event = makeDomainEvent('announcement.urgent', eventId, ids, deps.now());
  await deps.publisher.publish(event);
  logs.eventPublished({ type: event.type, eventId, announcementId: ids.announcementId });
  return true;
}

/**
 * One page of the devices an urgent announcement goes to, from `startAfterId` on. An urgent
 * one: every device registered for the festival (a collection-group query). An "all clear"
 * (`followUpOf`): the devices the one it follows up reached, as its push receipts record them
 * (receipts live RECEIPT_TTL_DAYS, longer than any urgent situation), so the people it woke hear
 * that it is over, even after it was lowered or withdrawn. Returns the device paths and where
 * the next page starts; a page shorter than the batch size is the last.
 */
async function devicePage(docs: Pick<Docs, 'query'>, festivalId: string, followUpOf: string | undefined, startAfterId: string | undefined) {
  const after = startAfterId === undefined ? {} : { startAfterId };
  if (followUpOf === undefined) {
    const devices = await docs.query({ collection: 'devices', group: true, where: [['festivalId', '==', festivalId]], limit: ANNOUNCEMENT_BATCH_SIZE, ...after }, deviceSchema);
    return { devicePaths: devices.map((device) => device.path), count: devices.length, next: devices.at(-1)?.path };
  }
  const receipts = await docs.query(
    { collection: 'pushReceipts', where: [['key', '==', pushKeys.announcement(festivalId, followUpOf)]], limit: ANNOUNCEMENT_BATCH_SIZE, ...after },
    pushReceiptSchema,
  );
  // One device may hold two receipts (its token changed between two claims): one push (deliverPush also dedupes by token).
  const devicePaths = [...new Set(receipts.map((receipt) => firestorePaths.device(receipt.data.uid, receipt.data.deviceId)))];
  return { devicePaths, count: receipts.length, next: receipts.at(-1)?.id };
}

/**
 * Fan-out: pages through the devices it goes to (`devicePage`: every device registered for
 * the festival, or for an "all clear" the ones the urgent announcement reached) and publishes
 * one `announcement.push-batch` per page of 500. Batch ids derive from
 * the event id and the page, and every push is guarded by a receipt per device token, so a
 * retried fan-out (whose pages may differ if devices came or went) sends nothing twice.
 * The announcement is read again before each page: once withdrawn or lowered, no more batches.
 */
export async function handleAnnouncementUrgent(deps: Pick<Deps, 'docs' | 'publisher' | 'now'>, event: DomainEvent<'announcement.urgent'>): Promise<number> {
  const { festivalId, announcementId } = event.data;
  let page = 0;
  let startAfterId: string | undefined;
  for (;;) {
    const announcement = await liveUrgent(deps.docs, festivalId, announcementId);
    if (!announcement) break;
    const { devicePaths, count, next } = await devicePage(deps.docs, festivalId, announcement.followUpOf, startAfterId);
    if (count === 0) break;
    await deps.publisher.publish(makeDomainEvent('announcement.push-batch', `${event.id}#${page}`, { festivalId, announcementId, devicePaths }, deps.now()));
    page++;
    startAfterId = next;
    if (count < ANNOUNCEMENT_BATCH_SIZE) break;
  }
  logs.fanOutPublished({ festivalId, announcementId, batches: page });
  return page;
}

/**
 * One page of devices: the announcement pushed to each, in its person's language (the other
 * language where staff left that one empty). The announcement is checked again before each
 * send to the push service (`stillWanted`), so once staff withdraw or lower it, no device
 * that has not had it yet gets it, whatever is redelivered. Devices reached are counted on
 * the announcement for the staff console (a redelivery sends, so counts, nothing twice).
 */
export async function handleAnnouncementPushBatch(deps: Pick<Deps, 'docs' | 'push' | 'now'>, event: DomainEvent<'announcement.push-batch'>) {
  const { festivalId, announcementId, devicePaths } = event.data;
  const announcement = await liveUrgent(deps.docs, festivalId, announcementId);
  // Withdrawn, lowered or deleted since it was posted: staff took it back, so it is not pushed any more.
  if (!announcement) return null;
  const devices = await deps.docs.getAll(readsOf(devicePaths, deviceSchema));
  const present = devicePaths.flatMap((path, index) => {
    const device = devices[index];
    const [, uid, , deviceId] = path.split('/');
    return device ? [{ uid: uid!, deviceId: deviceId!, device }] : [];
  });
  const preferences = await readPreferences(deps.docs, present.map((entry) => entry.uid));
  const outgoing: Outgoing[] = present.map(({ uid, deviceId, device }) => {
    const locale = localeFor(preferences.get(uid), device);
    const text = announcementText(announcement, locale);
    const { followUpOf } = announcement;
    const payload: PushPayload = {
      kind: 'announcement',
      // An all clear is titled as it is ("All clear: …"), not "Urgent: …".
      title: followUpOf === undefined ? message('pushUrgentTitle', locale, { title: text.title }) : text.title,
      body: text.body.length <= BODY_MAX ? text.body : `${text.body.slice(0, BODY_MAX - 1)}…`,
      link: '/inbox',
      // An all clear takes the urgent one's tag: on a phone it replaces that notification.
      tag: `announcement-${followUpOf ?? announcementId}`,
    };
    return { key: pushKeys.announcement(festivalId, announcementId), target: { uid, deviceId, token: device.token, locale }, payload, ttlSeconds: ANNOUNCEMENT_TTL_SECONDS, urgent: true };
  });
  const stillWanted = async () => (await liveUrgent(deps.docs, festivalId, announcementId)) !== undefined;
  const report = await deliverPush(deps, outgoing, { stillWanted });
  if (report.sent > 0) {
    await deps.docs.batch((batch) => batch.set(firestorePaths.announcement(festivalId, announcementId), { pushedDevices: increment(report.sent) }, { merge: true }));
  }
  return report;
}
