/**
 * Urgent announcements reaching every device, on the local stack: staff post one (a
 * firebase-admin write, as the staff page's is), the trigger publishes it, the fan-out pages
 * through every device registered for the festival, and the push subscriber sends each
 * device one push through the local delivery adapter (FCM's stand-in, whose outbox
 * `users/{uid}/devices/{d}/deliveries` gets one document per send), titled in each person's
 * language. A device with a token the push service never issued is deleted. The same event
 * delivered again, and the same batch delivered again, send nothing twice.
 */
import { PubSub } from '@google-cloud/pubsub';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firestorePaths, makeDomainEvent, topicOf, type DomainEvent } from '@encore/model';
import { FESTIVAL_ID, encoreOnly, official, startEncoreStack, waitForDoc, waitForQuery, type EncoreStack } from './local-stack.js';

const PROJECT = 'demo-announcements-it';
let stack: EncoreStack;

/** People and their devices: tokens from the local adapter, one the push service never issued, one for another festival. */
const DEVICES = [
  { uid: 'ann', deviceId: 'ann-phone-0001', token: `local:${'a'.repeat(48)}`, festivalId: FESTIVAL_ID, locale: 'en' },
  { uid: 'ann', deviceId: 'ann-laptop-0002', token: `local:${'b'.repeat(48)}`, festivalId: FESTIVAL_ID, locale: 'en' },
  { uid: 'joost', deviceId: 'joost-phone-003', token: `local:${'c'.repeat(48)}`, festivalId: FESTIVAL_ID, locale: 'en' },
  { uid: 'guest', deviceId: 'guest-phone-004', token: `local:${'d'.repeat(48)}`, festivalId: FESTIVAL_ID, locale: 'nl' },
  { uid: 'gone', deviceId: 'gone-phone-0005', token: 'a-token-fcm-never-issued', festivalId: FESTIVAL_ID, locale: 'en' },
  { uid: 'elsewhere', deviceId: 'other-phone-006', token: `local:${'e'.repeat(48)}`, festivalId: 'encore-2027', locale: 'en' },
] as const;
const REACHABLE = DEVICES.filter((device) => device.festivalId === FESTIVAL_ID && device.token.startsWith('local:'));

beforeAll(async () => {
  stack = await startEncoreStack({ projectId: PROJECT });
  const batch = stack.db.batch();
  for (const { uid, deviceId, ...device } of DEVICES) {
    batch.set(stack.db.doc(firestorePaths.device(uid, deviceId)), { ...device, userAgent: 'Firefox on Linux', createdAt: new Date(), updatedAt: new Date() });
  }
  batch.set(stack.db.doc(firestorePaths.userPreferences('joost')), { locale: 'nl', updatedAt: new Date() });
  await batch.commit();
});

afterAll(async () => {
  await stack?.stop();
});

/** Every push the local adapter recorded, per device path. */
async function deliveries(): Promise<Map<string, Array<{ title: string; tag: string }>>> {
  const found = new Map<string, Array<{ title: string; tag: string }>>();
  for (const { uid, deviceId } of DEVICES) {
    const outbox = await stack.db.collection(firestorePaths.localDeliveries(uid, deviceId)).get();
    found.set(`${uid}/${deviceId}`, outbox.docs.map((doc) => ({ title: doc.get('title'), tag: doc.get('tag') })));
  }
  return found;
}

const okCalls = (name: string) => stack.invocations.ok(name).length;

describe('an urgent announcement', () => {
  let announcementId: string;

  beforeAll(async () => {
    const posted = await stack.db.collection(firestorePaths.announcements(FESTIVAL_ID)).add({
      title: 'EVACUATE',
      body: 'Leave the field by the north gate now.',
      createdAt: new Date(),
      priority: 'urgent',
    });
    announcementId = posted.id;
    // Every reachable device's outbox has its push (one batch sends them all).
    await waitForQuery(stack.db.collectionGroup('deliveries'), (snapshot) => snapshot.size >= REACHABLE.length, 'a push to every reachable device');
  });

  it('reaches every device registered for the festival once, titled in its person’s language', async () => {
    const pushed = await deliveries();
    const tag = `announcement-${announcementId}`;
    expect(Object.fromEntries(pushed)).toEqual({
      'ann/ann-phone-0001': [{ title: 'Urgent: EVACUATE', tag }],
      'ann/ann-laptop-0002': [{ title: 'Urgent: EVACUATE', tag }],
      'joost/joost-phone-003': [{ title: 'Dringend: EVACUATE', tag }],
      'guest/guest-phone-004': [{ title: 'Dringend: EVACUATE', tag }],
      'gone/gone-phone-0005': [],
      'elsewhere/other-phone-006': [],
    });
  });

  it('deletes the device whose token the push service refused as never issued', async () => {
    expect(await waitForDoc(stack.db.doc(firestorePaths.device('gone', 'gone-phone-0005')), (data) => data === undefined)).toBeUndefined();
    expect((await stack.db.doc(firestorePaths.device('ann', 'ann-phone-0001')).get()).exists).toBe(true);
  });

  // Nothing happening leaves nothing to wait for: knowing the redeliveries were handled takes the invocation log.
  it.skipIf(official)(encoreOnly('sends nothing twice when its event and its batch are delivered again, or when staff edit it', "the functions runner's invocation log"), async () => {
    const eventId = stack.invocations.ok('onAnnouncementWritten').at(-1)!.eventId;
    const urgent: DomainEvent<'announcement.urgent'> = makeDomainEvent('announcement.urgent', eventId, { festivalId: FESTIVAL_ID, announcementId }, new Date());
    const batch: DomainEvent<'announcement.push-batch'> = makeDomainEvent(
      'announcement.push-batch',
      `${eventId}#0`,
      { festivalId: FESTIVAL_ID, announcementId, devicePaths: REACHABLE.map((device) => firestorePaths.device(device.uid, device.deviceId)) },
      new Date(),
    );
    const pushesBefore = okCalls('pushAnnouncement');
    const pubsub = new PubSub({ projectId: stack.projectId });
    for (const event of [urgent, batch]) await pubsub.topic(topicOf(event.type)).publishMessage({ json: event, attributes: { eventId: event.id, eventType: event.type } });
    await pubsub.close();
    await stack.db.doc(firestorePaths.announcement(FESTIVAL_ID, announcementId)).update({ body: 'Leave by the north gate. Follow the stewards.' });
    // The redelivered event fans out again (one more batch), and the batch itself came twice.
    await stack.invocations.until(() => okCalls('pushAnnouncement') >= pushesBefore + 2, 'both redelivered batches');
    await stack.invocations.until(() => okCalls('onAnnouncementWritten') >= 2, 'the edit’s trigger');

    const pushed = await deliveries();
    for (const device of REACHABLE) expect(pushed.get(`${device.uid}/${device.deviceId}`), device.deviceId).toHaveLength(1);
    // The edit kept it urgent: nothing new was published for it.
    expect(okCalls('fanOutAnnouncement')).toBe(2);
  });
});

describe('an all clear after it (issue 36)', () => {
  let urgentId: string;
  const LATE = { uid: 'late', deviceId: 'late-phone-0007', token: `local:${'f'.repeat(48)}`, festivalId: FESTIVAL_ID, locale: 'en' };

  beforeAll(async () => {
    const urgent = await stack.db.collection(firestorePaths.announcements(FESTIVAL_ID)).where('title', '==', 'EVACUATE').get();
    urgentId = urgent.docs[0]!.id;
    // A device registered after the urgent push: the all clear is not news to it.
    const { uid, deviceId, ...device } = LATE;
    await stack.db.doc(firestorePaths.device(uid, deviceId)).set({ ...device, userAgent: 'Firefox on Linux', createdAt: new Date(), updatedAt: new Date() });
    // Staff withdrew the urgent one, then post the all clear (as the console does: urgent, following it up, under its id).
    await stack.db.doc(firestorePaths.announcement(FESTIVAL_ID, urgentId)).update({ status: 'withdrawn', withdrawnAt: new Date(), withdrawnBy: 'boss' });
    await stack.db.doc(firestorePaths.announcement(FESTIVAL_ID, `${urgentId}-all-clear`)).set({
      title: 'All clear: EVACUATE',
      body: 'It is over.',
      titleNl: 'Alles veilig: EVACUATE',
      bodyNl: 'Het is voorbij.',
      createdAt: new Date(),
      urgentAt: new Date(),
      priority: 'urgent',
      followUpOf: urgentId,
    });
    await waitForQuery(stack.db.collectionGroup('deliveries'), (snapshot) => snapshot.size >= 2 * REACHABLE.length, 'an all clear to every device the urgent one reached');
  });

  it('reaches each device the withdrawn urgent one reached, once, in its language, replacing its notification; not a device registered since', async () => {
    const tag = `announcement-${urgentId}`;
    const pushed = await deliveries();
    // The outbox's document ids are random: compared in title order.
    const titled = (device: string) => [...(pushed.get(device) ?? [])].sort((a, b) => a.title.localeCompare(b.title));
    expect(titled('ann/ann-phone-0001')).toEqual([{ title: 'All clear: EVACUATE', tag }, { title: 'Urgent: EVACUATE', tag }]);
    expect(titled('joost/joost-phone-003')).toEqual([{ title: 'Alles veilig: EVACUATE', tag }, { title: 'Dringend: EVACUATE', tag }]);
    for (const device of REACHABLE) expect(pushed.get(`${device.uid}/${device.deviceId}`), device.deviceId).toHaveLength(2);
    expect((await stack.db.collection(firestorePaths.localDeliveries(LATE.uid, LATE.deviceId)).get()).size).toBe(0);
    expect(await waitForDoc(stack.db.doc(firestorePaths.announcement(FESTIVAL_ID, `${urgentId}-all-clear`)), (data) => data?.['pushedDevices'] === REACHABLE.length)).toMatchObject({
      pushedDevices: REACHABLE.length,
    });
  });
});
