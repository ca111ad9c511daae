import { getMessaging, type Message } from 'firebase-admin/messaging';
import { adminApp } from './firestore.js';
import type { Push, PushMessage, PushOutcome } from './push.js';

/** FCM's limit for one `sendEach`. */
export const FCM_MAX_BATCH = 500;

/**
 * A push message as FCM takes it. A data message (no `notification` block): the app's
 * service worker shows it through the FCM SDK's `onBackgroundMessage`, or the open page
 * through `onMessage`, both with the same code (web/src/features/notifications/show-push.ts),
 * so what a person sees does not depend on whether the app was open.
 */
export function toFcmMessage(message: PushMessage): Message {
  const { kind, title, body, link, tag } = message.payload;
  return {
    token: message.token,
    data: { kind, title, body, link, tag },
    webpush: { headers: { Urgency: message.urgent ? 'high' : 'normal', TTL: String(Math.max(0, Math.round(message.ttlSeconds))) } },
  };
}

/** Production's push: firebase-admin's `messaging().sendEach`, one outcome per message. */
export function fcmPush(): Push {
  return {
    maxBatch: FCM_MAX_BATCH,
    async send(messages: readonly PushMessage[]): Promise<PushOutcome[]> {
      if (messages.length === 0) return [];
      const { responses } = await getMessaging(adminApp()).sendEach(messages.map(toFcmMessage));
      return responses.map((response) =>
        response.success
          ? { ok: true, messageId: response.messageId ?? '' }
          : { ok: false, code: response.error?.code ?? 'messaging/unknown-error', message: response.error?.message ?? 'no error given' },
      );
    },
  };
}
