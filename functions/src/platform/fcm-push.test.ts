import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PushPayload } from '@encore/model';

const sendEach = vi.fn();
vi.mock('firebase-admin/messaging', () => ({ getMessaging: () => ({ sendEach }) }));
vi.mock('./firestore.js', () => ({ adminApp: () => ({}) }));

const { fcmPush, toFcmMessage } = await import('./fcm-push.js');

const payload: PushPayload = { kind: 'cancelled', title: 'Cancelled: Nina', body: 'Nina is cancelled.', link: '/performances/nina-main', tag: 'set-nina-main' };
const message = (token: string) => ({ uid: 'ann', deviceId: 'd1', token, payload, ttlSeconds: 3600, urgent: true });

beforeEach(() => sendEach.mockReset());

describe('pushing through FCM', () => {
  it('sends a data message the service worker shows itself, with urgency and a time to live', () => {
    expect(toFcmMessage(message('tok-a'))).toEqual({
      token: 'tok-a',
      data: { kind: 'cancelled', title: 'Cancelled: Nina', body: 'Nina is cancelled.', link: '/performances/nina-main', tag: 'set-nina-main' },
      webpush: { headers: { Urgency: 'high', TTL: '3600' } },
    });
    expect(toFcmMessage({ ...message('tok-a'), urgent: false, ttlSeconds: 59.6 }).webpush?.headers).toEqual({ Urgency: 'normal', TTL: '60' });
  });

  it('answers one outcome per message, in order, with FCM’s error codes', async () => {
    sendEach.mockResolvedValue({
      successCount: 1,
      failureCount: 1,
      responses: [
        { success: true, messageId: 'projects/p/messages/1' },
        { success: false, error: { code: 'messaging/registration-token-not-registered', message: 'Requested entity was not found.' } },
      ],
    });
    expect(await fcmPush().send([message('tok-a'), message('tok-b')])).toEqual([
      { ok: true, messageId: 'projects/p/messages/1' },
      { ok: false, code: 'messaging/registration-token-not-registered', message: 'Requested entity was not found.' },
    ]);
    expect(sendEach).toHaveBeenCalledWith([toFcmMessage(message('tok-a')), toFcmMessage(message('tok-b'))]);
  });
});
