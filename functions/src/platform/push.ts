import type { PushPayload } from '@encore/model';

/**
 * The push port: hands messages to a push service, one outcome per message, in order.
 * Production sends through Firebase Cloud Messaging (`fcm-push.ts`); FCM has no emulator, so
 * on the emulators `local-push-outbox.ts` records each send in Firestore for the app to show.
 * Handlers never talk to either directly: they go through `handlers/push-delivery.ts`, which
 * makes sends idempotent and cleans up dead tokens.
 */
export interface PushMessage {
  /** Whose device and which one: the local outbox files the message there; FCM needs only the token. */
  uid: string;
  deviceId: string;
  token: string;
  payload: PushPayload;
  /** How long the push service may hold the message for an offline device (a reminder after its set began is noise). */
  ttlSeconds: number;
  /** Delivered at once even to a phone saving battery (an urgent announcement, a cancelled set). */
  urgent: boolean;
}

/** What the push service said of one message; `code` as firebase-admin names it ("messaging/…"). */
export type PushOutcome = { ok: true; messageId: string } | { ok: false; code: string; message: string };

export interface Push {
  /** The most messages one `send` takes (FCM's `sendEach` takes 500). */
  readonly maxBatch: number;
  send(messages: readonly PushMessage[]): Promise<PushOutcome[]>;
}
