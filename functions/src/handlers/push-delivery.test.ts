import { describe, expect, it } from 'vitest';
import { deviceSchema, firestorePaths, type Device, type PushPayload } from '@encore/model';
import { NOW, testDeps } from '../testing/deps.js';
import { MemoryPush } from '../testing/memory-push.js';
import { deliverPush, PushRetryError, type Outgoing } from './push-delivery.js';

const payload: PushPayload = { kind: 'announcement', title: 'Urgent: EVACUATE', body: 'Leave by the north gate.', link: '/inbox', tag: 'announcement-a1' };
const device = (token: string): Device => ({ token, festivalId: 'encore-2026', locale: 'en', userAgent: 'Chrome on Android', createdAt: NOW, updatedAt: NOW });

/** Device documents for (uid, deviceId, token) and one push to each about `key`. */
function setUp(deps: ReturnType<typeof testDeps>, devices: Array<[uid: string, deviceId: string, token: string]>, key = 'announcement|encore-2026|a1'): Outgoing[] {
  for (const [uid, deviceId, token] of devices) deps.docs.seed(firestorePaths.device(uid, deviceId), device(token));
  return devices.map(([uid, deviceId, token]) => ({ key, target: { uid, deviceId, token, locale: 'en' }, payload, ttlSeconds: 3600, urgent: true }));
}

const deviceExists = (deps: ReturnType<typeof testDeps>, uid: string, deviceId: string) => deps.docs.data(firestorePaths.device(uid, deviceId)) !== undefined;

describe('delivering pushes', () => {
  it('sends each subject to each device token once, however often it is asked', async () => {
    const deps = testDeps();
    const outgoing = setUp(deps, [['ann', 'd1', 'tok-a'], ['ann', 'd2', 'tok-b'], ['bo', 'd3', 'tok-c']]);
    expect(await deliverPush(deps, outgoing)).toEqual({ sent: 3, duplicates: 0, dead: 0, failed: 0, retrying: 0, stopped: 0 });
    expect(await deliverPush(deps, outgoing)).toEqual({ sent: 0, duplicates: 3, dead: 0, failed: 0, retrying: 0, stopped: 0 });
    // Another subject to the same devices is news of its own.
    const other = outgoing.map((item) => ({ ...item, key: 'announcement|encore-2026|a2' }));
    expect((await deliverPush(deps, other)).sent).toBe(3);
    expect(deps.push.sent.map((message) => message.token)).toEqual(['tok-a', 'tok-b', 'tok-c', 'tok-a', 'tok-b', 'tok-c']);
  });

  it('sends once to a browser whose token sits in two people’s device documents', async () => {
    const deps = testDeps();
    const outgoing = setUp(deps, [['guest', 'd1', 'tok-shared'], ['member', 'd2', 'tok-shared']]);
    expect(await deliverPush(deps, outgoing)).toMatchObject({ sent: 1, duplicates: 1 });
  });

  it('sends nothing twice when two deliveries of one event overlap (the store serialises their claims, as Firestore serialises transactions)', async () => {
    const deps = testDeps();
    const outgoing = setUp(deps, Array.from({ length: 30 }, (_, index): [string, string, string] => [`u${index}`, `d${index}`, `tok-${index}`]));
    const [first, second] = await Promise.all([deliverPush(deps, outgoing), deliverPush(deps, outgoing)]);
    expect(first.sent + second.sent).toBe(30);
    expect(first.duplicates + second.duplicates).toBe(30);
    expect(new Set(deps.push.sent.map((message) => message.token)).size).toBe(30);
    expect(deps.push.sent).toHaveLength(30);
  });

  it('hands the push service at most its batch size per call', async () => {
    const deps = testDeps({ push: new MemoryPush(4) });
    const outgoing = setUp(deps, Array.from({ length: 10 }, (_, index): [string, string, string] => [`u${index}`, `d${index}`, `tok-${index}`]));
    await deliverPush(deps, outgoing);
    expect(deps.push.calls).toEqual([4, 4, 2]);
  });
});

describe('dead tokens', () => {
  it('delete the device when FCM says its token is not registered, invalid, or an invalid argument as a token', async () => {
    const deps = testDeps();
    const outgoing = setUp(deps, [['ann', 'gone', 'tok-gone'], ['ann', 'garbled', 'tok-garbled'], ['bo', 'malformed', 'tok-malformed'], ['bo', 'fine', 'tok-fine']]);
    deps.push.answer('tok-gone', 'messaging/registration-token-not-registered', 'Requested entity was not found.');
    deps.push.answer('tok-garbled', 'messaging/invalid-registration-token', 'Invalid registration token provided.');
    deps.push.answer('tok-malformed', 'messaging/invalid-argument', 'The registration token is not a valid FCM registration token');
    expect(await deliverPush(deps, outgoing)).toEqual({ sent: 1, duplicates: 0, dead: 3, failed: 0, retrying: 0, stopped: 0 });
    expect(['gone', 'garbled', 'malformed', 'fine'].map((id) => deviceExists(deps, id === 'malformed' || id === 'fine' ? 'bo' : 'ann', id))).toEqual([false, false, false, true]);
  });

  it('keep the device when the invalid argument is about the message, not the token', async () => {
    const deps = testDeps();
    const outgoing = setUp(deps, [['ann', 'd1', 'tok-a']]);
    deps.push.answer('tok-a', 'messaging/invalid-argument', 'Invalid value at \'message.webpush.headers\'');
    expect(await deliverPush(deps, outgoing)).toMatchObject({ sent: 0, dead: 0, failed: 1 });
    expect(deviceExists(deps, 'ann', 'd1')).toBe(true);
  });

  it('keep a device the app gave a new token while the old one was being refused', async () => {
    const deps = testDeps();
    const outgoing = setUp(deps, [['ann', 'd1', 'tok-old']]);
    deps.push.answer('tok-old', 'messaging/registration-token-not-registered');
    // The app refreshed the token after this delivery read the device.
    deps.docs.seed(firestorePaths.device('ann', 'd1'), device('tok-new'));
    await deliverPush(deps, outgoing);
    expect(deviceSchema.parse(deps.docs.data(firestorePaths.device('ann', 'd1'))).token).toBe('tok-new');
  });
});

describe('push service trouble', () => {
  it('gives back the receipts of refusals worth retrying, so the retry sends exactly those', async () => {
    const deps = testDeps();
    const outgoing = setUp(deps, [['ann', 'd1', 'tok-a'], ['bo', 'd2', 'tok-b']]);
    deps.push.answer('tok-b', 'messaging/server-unavailable');
    await expect(deliverPush(deps, outgoing)).rejects.toBeInstanceOf(PushRetryError);
    deps.push.heal('tok-b');
    expect(await deliverPush(deps, outgoing)).toEqual({ sent: 1, duplicates: 1, dead: 0, failed: 0, retrying: 0, stopped: 0 });
    expect(deps.push.sent.map((message) => message.token)).toEqual(['tok-a', 'tok-b']);
  });

  it('retries a whole call that failed on the wire, sending each message once in the end', async () => {
    const deps = testDeps();
    const outgoing = setUp(deps, [['ann', 'd1', 'tok-a'], ['bo', 'd2', 'tok-b']]);
    deps.push.failNextSend();
    await expect(deliverPush(deps, outgoing)).rejects.toThrow(/ECONNRESET/);
    expect(await deliverPush(deps, outgoing)).toMatchObject({ sent: 2, duplicates: 0 });
    expect(deps.push.sent).toHaveLength(2);
  });
});
