import { firestorePaths, type LocalDelivery } from '@encore/model';
import { randomUUID } from 'node:crypto';
import type { Docs } from './docs.js';
import type { Push, PushMessage, PushOutcome } from './push.js';

/** Tokens the app issues itself on the emulators (web/src/features/notifications/local-push.ts). */
export const LOCAL_TOKEN = /^local:[A-Za-z0-9_-]{16,200}$/;

/**
 * The emulators' stand-in for FCM, which has no emulator: each message becomes a document
 * in the device's outbox, `users/{uid}/devices/{deviceId}/deliveries/{id}` (model:
 * localDeliverySchema), which the app on the emulators listens to and hands to its service
 * worker, and which a test can count. Like FCM it refuses a token it never issued
 * (`messaging/invalid-registration-token`), so dead-token clean-up runs locally too; the
 * TTL and urgency are FCM's business and are not modelled.
 */
export class LocalPushOutbox implements Push {
  readonly maxBatch = 500;

  constructor(
    private readonly docs: Docs,
    private readonly now: () => Date = () => new Date(),
    private readonly newId: () => string = randomUUID,
  ) {}

  async send(messages: readonly PushMessage[]): Promise<PushOutcome[]> {
    const outcomes: PushOutcome[] = [];
    const deliveries: Array<[path: string, delivery: LocalDelivery]> = [];
    for (const message of messages) {
      if (!LOCAL_TOKEN.test(message.token)) {
        outcomes.push({ ok: false, code: 'messaging/invalid-registration-token', message: 'The registration token is not a valid FCM registration token' });
        continue;
      }
      const id = this.newId();
      deliveries.push([`${firestorePaths.localDeliveries(message.uid, message.deviceId)}/${id}`, { ...message.payload, token: message.token, sentAt: this.now() }]);
      outcomes.push({ ok: true, messageId: `projects/local/messages/${id}` });
    }
    if (deliveries.length > 0) await this.docs.batch((batch) => deliveries.forEach(([path, delivery]) => batch.set(path, { ...delivery })));
    return outcomes;
  }
}
