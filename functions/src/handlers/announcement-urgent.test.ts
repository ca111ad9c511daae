import { describe, expect, it } from 'vitest';
import { firestorePaths, type Locale } from '@encore/model';
import { FESTIVAL_ID, NOW, event, testDeps } from '../testing/deps.js';
import { MemoryPush } from '../testing/memory-push.js';
import { handleAnnouncementPushBatch, handleAnnouncementUrgent, publishAnnouncementUrgent } from './announcement-urgent.js';

type Deps = ReturnType<typeof testDeps>;
const ids = { festivalId: FESTIVAL_ID, announcementId: 'a1' };
const announcement = (priority?: 'normal' | 'urgent') => ({ title: 'EVACUATE', body: 'Leave the field by the north gate now.', createdAt: NOW, ...(priority ? { priority } : {}) });

function device(deps: Deps, uid: string, deviceId: string, token: string, options: { festivalId?: string; deviceLocale?: Locale; preferred?: Locale } = {}) {
  deps.docs.seed(firestorePaths.device(uid, deviceId), {
    token,
    festivalId: options.festivalId ?? FESTIVAL_ID,
    locale: options.deviceLocale ?? 'en',
    userAgent: 'Safari on iPhone',
    createdAt: NOW,
    updatedAt: NOW,
  });
  if (options.preferred) deps.docs.seed(firestorePaths.userPreferences(uid), { locale: options.preferred, updatedAt: NOW });
}

/** The whole path: fan-out, then every batch it published. */
async function pushUrgent(deps: Deps, eventId = 'post-1') {
  const before = deps.publisher.ofType('announcement.push-batch').length;
  await handleAnnouncementUrgent(deps, event('announcement.urgent', ids, eventId));
  for (const batch of deps.publisher.ofType('announcement.push-batch').slice(before)) await handleAnnouncementPushBatch(deps, batch);
}

describe('urgent announcements', () => {
  it('are published when posted urgent or raised to urgent, not when normal, edited or lowered', async () => {
    const deps = testDeps();
    expect(await publishAnnouncementUrgent(deps, 'e1', ids, undefined, announcement('urgent'))).toBe(true);
    expect(await publishAnnouncementUrgent(deps, 'e2', ids, undefined, announcement())).toBe(false);
    expect(await publishAnnouncementUrgent(deps, 'e3', ids, announcement('normal'), announcement('urgent'))).toBe(true);
    expect(await publishAnnouncementUrgent(deps, 'e4', ids, announcement('urgent'), { ...announcement('urgent'), body: 'Typo fixed.' })).toBe(false);
    expect(await publishAnnouncementUrgent(deps, 'e5', ids, announcement('urgent'), announcement('normal'))).toBe(false);
    expect(await publishAnnouncementUrgent(deps, 'e6', ids, announcement('urgent'), undefined)).toBe(false);
    expect(deps.publisher.ofType('announcement.urgent').map((published) => published.id)).toEqual(['e1', 'e3']);
  });

  it('reach every device registered for the festival once, titled in its person’s language', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('urgent'));
    device(deps, 'ann', 'phone-0001', 'tok-ann', { preferred: 'nl' });
    device(deps, 'bo', 'phone-0002', 'tok-bo');
    device(deps, 'bo', 'laptop-0003', 'tok-bo-laptop');
    device(deps, 'guest', 'phone-0004', 'tok-guest', { deviceLocale: 'nl' });
    device(deps, 'elsewhere', 'phone-0005', 'tok-other-festival', { festivalId: 'encore-2027' });
    await pushUrgent(deps);
    expect(deps.push.sent.map((message) => [message.token, message.payload.title]).sort()).toEqual([
      ['tok-ann', 'Dringend: EVACUATE'],
      ['tok-bo', 'Urgent: EVACUATE'],
      ['tok-bo-laptop', 'Urgent: EVACUATE'],
      ['tok-guest', 'Dringend: EVACUATE'],
    ]);
    expect(deps.push.sent[0]).toMatchObject({ urgent: true, payload: { kind: 'announcement', body: 'Leave the field by the north gate now.', link: '/inbox', tag: 'announcement-a1' } });
  });

  it('fan out in batches of 500 devices, and send nothing twice when the event or a batch is redelivered', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('urgent'));
    for (let index = 0; index < 1100; index++) device(deps, `u${String(index).padStart(4, '0')}`, `device-${index}-x`, `tok-${index}`);
    await pushUrgent(deps, 'post-1');
    expect(deps.publisher.ofType('announcement.push-batch').map((batch) => [batch.id, batch.data.devicePaths.length])).toEqual([
      ['post-1#0', 500],
      ['post-1#1', 500],
      ['post-1#2', 100],
    ]);
    expect(deps.push.calls).toEqual([500, 500, 100]);
    // The same event again, and a batch delivered twice.
    await pushUrgent(deps, 'post-1');
    await handleAnnouncementPushBatch(deps, deps.publisher.ofType('announcement.push-batch')[0]!);
    expect(deps.push.sent).toHaveLength(1100);
    expect(new Set(deps.push.sent.map((message) => message.token)).size).toBe(1100);
  });

  it('are not pushed once staff deleted or lowered them before the batch ran', async () => {
    const deps = testDeps();
    device(deps, 'ann', 'phone-0001', 'tok-ann');
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('urgent'));
    await handleAnnouncementUrgent(deps, event('announcement.urgent', ids, 'post-1'));
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('normal'));
    expect(await handleAnnouncementPushBatch(deps, deps.publisher.ofType('announcement.push-batch')[0]!)).toBeNull();
    expect(deps.push.sent).toEqual([]);
  });

  it('forget a device whose token FCM calls dead, and skip one deleted since the fan-out', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('urgent'));
    device(deps, 'ann', 'phone-0001', 'tok-ann');
    device(deps, 'bo', 'phone-0002', 'tok-bo-uninstalled');
    device(deps, 'cy', 'phone-0003', 'tok-cy-signed-out');
    deps.push.answer('tok-bo-uninstalled', 'messaging/registration-token-not-registered');
    await handleAnnouncementUrgent(deps, event('announcement.urgent', ids, 'post-1'));
    deps.docs.store.delete(firestorePaths.device('cy', 'phone-0003'));
    expect(await handleAnnouncementPushBatch(deps, deps.publisher.ofType('announcement.push-batch')[0]!)).toMatchObject({ sent: 1, dead: 1 });
    expect(deps.docs.data(firestorePaths.device('bo', 'phone-0002'))).toBeUndefined();
    expect(deps.docs.data(firestorePaths.device('ann', 'phone-0001'))).toBeDefined();
  });

  it('go in each device’s language, the other language standing in where staff left one empty', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), { title: 'Storm', body: '', titleNl: 'Onweer', bodyNl: 'Zoek beschutting.', createdAt: NOW, priority: 'urgent' });
    device(deps, 'ann', 'phone-0001', 'tok-ann', { preferred: 'nl' });
    device(deps, 'bo', 'phone-0002', 'tok-bo');
    await pushUrgent(deps);
    expect(deps.push.sent.map((message) => [message.token, message.payload.title, message.payload.body]).sort()).toEqual([
      ['tok-ann', 'Dringend: Onweer', 'Zoek beschutting.'],
      ['tok-bo', 'Urgent: Storm', 'Zoek beschutting.'],
    ]);
    // Staff see how many devices it reached.
    expect(deps.docs.data(firestorePaths.announcement(FESTIVAL_ID, 'a1'))).toMatchObject({ pushedDevices: 2 });
  });
});

describe('a withdrawn urgent announcement', () => {
  /** Staff withdraw it as the rules let them: status, who and when, the rest kept. */
  const withdraw = (deps: Deps) => {
    const path = firestorePaths.announcement(FESTIVAL_ID, 'a1');
    deps.docs.seed(path, { ...deps.docs.data(path), status: 'withdrawn', withdrawnAt: NOW, withdrawnBy: 'boss' });
  };

  it('is pushed to no device that had not got it yet, whatever batch or event is delivered again after the withdrawal', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('urgent'));
    for (let index = 0; index < 1100; index++) device(deps, `u${String(index).padStart(4, '0')}`, `device-${index}-x`, `tok-${index}`);
    await handleAnnouncementUrgent(deps, event('announcement.urgent', ids, 'post-1'));
    const batches = deps.publisher.ofType('announcement.push-batch');
    expect(batches).toHaveLength(3);
    await handleAnnouncementPushBatch(deps, batches[0]!);
    expect(deps.push.sent).toHaveLength(500);

    withdraw(deps);
    // The rest of the batches, the first one redelivered, and the whole fan-out redelivered.
    for (const batch of [batches[1]!, batches[2]!, batches[0]!]) expect(await handleAnnouncementPushBatch(deps, batch)).toBeNull();
    expect(await handleAnnouncementUrgent(deps, event('announcement.urgent', ids, 'post-1'))).toBe(0);
    for (const batch of deps.publisher.ofType('announcement.push-batch').slice(3)) await handleAnnouncementPushBatch(deps, batch);
    expect(deps.push.sent).toHaveLength(500);
    expect(deps.publisher.ofType('announcement.push-batch')).toHaveLength(3);
    expect(deps.docs.data(firestorePaths.announcement(FESTIVAL_ID, 'a1'))).toMatchObject({ status: 'withdrawn', pushedDevices: 500 });
  });

  it('stops inside a batch: sends after the withdrawal go to nobody, and a redelivery of that batch sends nothing more', async () => {
    const push = new MemoryPush(100);
    const deps = testDeps({ push });
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('urgent'));
    for (let index = 0; index < 300; index++) device(deps, `u${String(index).padStart(4, '0')}`, `device-${index}-x`, `tok-${index}`);
    await handleAnnouncementUrgent(deps, event('announcement.urgent', ids, 'post-1'));
    const [batch] = deps.publisher.ofType('announcement.push-batch');
    // Staff withdraw it while the batch is between its first and second send.
    const send = push.send.bind(push);
    push.send = async (messages) => {
      const outcomes = await send(messages);
      withdraw(deps);
      return outcomes;
    };
    expect(await handleAnnouncementPushBatch(deps, batch!)).toMatchObject({ sent: 100, stopped: 200 });
    expect(await handleAnnouncementPushBatch(deps, batch!)).toBeNull();
    expect(push.sent).toHaveLength(100);
    expect(push.calls).toEqual([100]);
    // What was claimed but never sent was given back, not left as if delivered.
    expect([...deps.docs.store.keys()].filter((path) => path.startsWith('pushReceipts/'))).toHaveLength(100);
  });

  it('publishes no fan-out, and a fan-out under way publishes no further batch', async () => {
    const deps = testDeps();
    for (let index = 0; index < 1100; index++) device(deps, `u${String(index).padStart(4, '0')}`, `device-${index}-x`, `tok-${index}`);
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('urgent'));
    expect(await publishAnnouncementUrgent(deps, 'e1', ids, announcement('urgent'), { ...announcement('urgent'), status: 'withdrawn' })).toBe(false);
    const publish = deps.publisher.publish.bind(deps.publisher);
    deps.publisher.publish = async (published) => {
      await publish(published);
      withdraw(deps);
    };
    expect(await handleAnnouncementUrgent(deps, event('announcement.urgent', ids, 'post-2'))).toBe(1);
  });
});


describe('an "all clear"', () => {
  const clearIds = { festivalId: FESTIVAL_ID, announcementId: 'a1-all-clear' };
  const allClear = { title: 'All clear: EVACUATE', body: 'It is over.', titleNl: 'Alles veilig: EVACUATE', bodyNl: 'Het is voorbij.', createdAt: NOW, priority: 'urgent', urgentAt: NOW, followUpOf: 'a1' };

  /** The all clear's whole path: fan-out, then every batch it published. */
  async function pushAllClear(deps: Deps, eventId = 'clear-1') {
    const before = deps.publisher.ofType('announcement.push-batch').length;
    await handleAnnouncementUrgent(deps, event('announcement.urgent', clearIds, eventId));
    for (const batch of deps.publisher.ofType('announcement.push-batch').slice(before)) await handleAnnouncementPushBatch(deps, batch);
  }

  it('goes to the devices the urgent one reached (not to devices registered since), titled as it is, replacing its notification, even after a withdrawal', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('urgent'));
    device(deps, 'ann', 'phone-0001', 'tok-ann', { preferred: 'nl' });
    device(deps, 'bo', 'phone-0002', 'tok-bo');
    await pushUrgent(deps);
    device(deps, 'late', 'phone-0003', 'tok-late');
    const path = firestorePaths.announcement(FESTIVAL_ID, 'a1');
    deps.docs.seed(path, { ...deps.docs.data(path), status: 'withdrawn', withdrawnAt: NOW, withdrawnBy: 'boss' });
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1-all-clear'), allClear);
    deps.push.sent.length = 0;

    await pushAllClear(deps);
    expect(deps.push.sent.map((message) => [message.token, message.payload.title, message.payload.tag]).sort()).toEqual([
      ['tok-ann', 'Alles veilig: EVACUATE', 'announcement-a1'],
      ['tok-bo', 'All clear: EVACUATE', 'announcement-a1'],
    ]);
    expect(deps.push.sent[0]).toMatchObject({ urgent: true });
    expect(deps.docs.data(firestorePaths.announcement(FESTIVAL_ID, 'a1-all-clear'))).toMatchObject({ pushedDevices: 2 });
  });

  it('is published when posted (urgent, following one up), and sent once per device under redelivery of the event and its batches', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('urgent'));
    for (let index = 0; index < 700; index++) device(deps, `u${String(index).padStart(4, '0')}`, `device-${index}-x`, `tok-${index}`);
    await pushUrgent(deps);
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('normal'));
    expect(await publishAnnouncementUrgent(deps, 'clear-1', clearIds, undefined, allClear)).toBe(true);
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1-all-clear'), allClear);
    deps.push.sent.length = 0;

    await pushAllClear(deps, 'clear-1');
    await pushAllClear(deps, 'clear-1');
    const clearBatches = deps.publisher.ofType('announcement.push-batch').filter((batch) => batch.data.announcementId === 'a1-all-clear');
    expect(clearBatches.map((batch) => [batch.id, batch.data.devicePaths.length])).toEqual([
      ['clear-1#0', 500],
      ['clear-1#1', 200],
      ['clear-1#0', 500],
      ['clear-1#1', 200],
    ]);
    await handleAnnouncementPushBatch(deps, clearBatches[0]!);
    expect(deps.push.sent).toHaveLength(700);
    expect(new Set(deps.push.sent.map((message) => message.token)).size).toBe(700);
    expect(deps.push.sent.every((message) => message.payload.title === 'All clear: EVACUATE')).toBe(true);
  });

  it('reaches nobody when the one it follows up was never pushed', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1'), announcement('normal'));
    device(deps, 'ann', 'phone-0001', 'tok-ann');
    deps.docs.seed(firestorePaths.announcement(FESTIVAL_ID, 'a1-all-clear'), allClear);
    expect(await handleAnnouncementUrgent(deps, event('announcement.urgent', clearIds, 'clear-1'))).toBe(0);
    expect(deps.push.sent).toEqual([]);
  });
});
