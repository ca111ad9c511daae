/** Shared setup: one emulator per test file and clients of the real @google-cloud/pubsub. */
import { credentials } from '@grpc/grpc-js';
import { afterAll, beforeAll } from 'vitest';
import { PubSub, v1, type Message, type Subscription } from '@google-cloud/pubsub';
import { startPubSubEmulator, type PubSubEmulator } from '../../src/pubsub/index.js';

export const PROJECT = 'encore-test';

// No credentials exist here: keep google-auth-library from probing the GCE metadata server.
process.env.METADATA_SERVER_DETECTION = 'none';

export async function startEmulator(): Promise<PubSubEmulator> {
  return startPubSubEmulator({ port: 0 });
}

export interface PubSubTestBed {
  emulator: PubSubEmulator;
  /** The real client, as an app configures it with PUBSUB_EMULATOR_HOST. */
  pubsub: PubSub;
  /** The raw GAPIC subscriber, for unary Pull, Acknowledge and ModifyAckDeadline. */
  subscriber: v1.SubscriberClient;
}

/**
 * One emulator and its clients for the calling test file: started before its tests, closed
 * after them. A file's own hooks registered later run after this start and before this close.
 */
export function usePubSubTestBed(): PubSubTestBed {
  const bed = {} as PubSubTestBed;
  beforeAll(async () => {
    bed.emulator = await startEmulator();
    bed.pubsub = clientFor(bed.emulator);
    bed.subscriber = subscriberClientFor(bed.emulator);
  });
  afterAll(async () => {
    await bed.subscriber?.close();
    await bed.pubsub?.close();
    await bed.emulator?.close();
  });
  return bed;
}

/** A client configured as with PUBSUB_EMULATOR_HOST (insecure gRPC, no credentials). */
export function clientFor(emulator: PubSubEmulator): PubSub {
  return new PubSub({ projectId: PROJECT, apiEndpoint: emulator.endpoint });
}

/** The raw GAPIC subscriber client, for unary Pull, Acknowledge and ModifyAckDeadline. */
export function subscriberClientFor(emulator: PubSubEmulator): v1.SubscriberClient {
  return new v1.SubscriberClient({
    servicePath: emulator.host,
    port: emulator.port,
    sslCreds: credentials.createInsecure(),
    projectId: PROJECT,
  });
}

export function topicName(id: string): string {
  return `projects/${PROJECT}/topics/${id}`;
}

export function subscriptionName(id: string): string {
  return `projects/${PROJECT}/subscriptions/${id}`;
}

let counter = 0;
/** A fresh resource id, so tests never collide. */
export function uniqueId(prefix: string): string {
  counter++;
  return `${prefix}-${counter}-${Date.now().toString(36)}`;
}

/** Resolves once `predicate` holds, polling briefly; rejects after `timeoutMs`. */
export async function waitFor(predicate: () => boolean, timeoutMs = 15_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Collects messages from `subscription.on('message')` with a handler deciding ack or nack. */
export function collect(
  subscription: Subscription,
  handle: (message: Message) => 'ack' | 'nack' | 'ignore' = () => 'ack',
): Message[] {
  const received: Message[] = [];
  subscription.on('message', (message: Message) => {
    received.push(message);
    const action = handle(message);
    if (action === 'ack') message.ack();
    else if (action === 'nack') message.nack();
  });
  subscription.on('error', (error: Error) => {
    throw error;
  });
  return received;
}
