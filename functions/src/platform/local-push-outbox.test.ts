import { describe, expect, it } from 'vitest';
import { firestorePaths, localDeliverySchema, type PushPayload } from '@encore/model';
import { NOW } from '../testing/deps.js';
import { MemoryDocs } from '../testing/memory-docs.js';
import { LocalPushOutbox } from './local-push-outbox.js';

const payload: PushPayload = { kind: 'reminder', title: 'Nina starts in 15 minutes', body: 'On Main Stage at 21:30.', link: '/performances/nina-main', tag: 'set-nina-main' };
const TOKEN = 'local:0123456789abcdef0123456789abcdef';

describe('the local push outbox (FCM’s stand-in on the emulators)', () => {
  it('files each push in its device’s outbox, once per send, with the token it went to', async () => {
    const docs = new MemoryDocs();
    let id = 0;
    const outbox = new LocalPushOutbox(docs, () => NOW, () => `m${++id}`);
    const message = { uid: 'ann', deviceId: 'phone-0001', token: TOKEN, payload, ttlSeconds: 900, urgent: false };
    expect(await outbox.send([message, message])).toEqual([
      { ok: true, messageId: 'projects/local/messages/m1' },
      { ok: true, messageId: 'projects/local/messages/m2' },
    ]);
    const outboxPath = firestorePaths.localDeliveries('ann', 'phone-0001');
    expect(localDeliverySchema.parse(docs.data(`${outboxPath}/m1`))).toEqual({ ...payload, token: TOKEN, sentAt: NOW });
    expect(docs.data(`${outboxPath}/m2`)).toBeDefined();
  });

  it('refuses a token it never issued as FCM does, and files nothing for it', async () => {
    const docs = new MemoryDocs();
    const outbox = new LocalPushOutbox(docs, () => NOW);
    const outcomes = await outbox.send([{ uid: 'ann', deviceId: 'phone-0001', token: 'fcm-token-from-elsewhere', payload, ttlSeconds: 900, urgent: false }]);
    expect(outcomes).toEqual([{ ok: false, code: 'messaging/invalid-registration-token', message: expect.stringContaining('registration token') }]);
    expect(docs.store.size).toBe(0);
  });
});
