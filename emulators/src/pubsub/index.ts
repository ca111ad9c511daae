/**
 * The Pub/Sub emulator: google.pubsub.v1 Publisher and Subscriber over insecure gRPC, as
 * `@google-cloud/pubsub` reaches them with `PUBSUB_EMULATOR_HOST=host:port`.
 *
 * The local functions runner needs only the gRPC API (CreateSubscription with a push
 * config); `pushAttempts` lets in-process callers watch push deliveries, and `localPush`
 * lets an in-process push endpoint take its messages as calls.
 */
import * as grpc from '@grpc/grpc-js';
import { Feed } from '../common/feed.js';
import { grpcTimeoutOptions, httpTimeouts, type HttpTimeouts } from '../common/http-timeouts.js';
import { LocalPushEndpoints } from '../common/local-push.js';
import { Broker, MAX_REQUEST_BYTES } from './broker.js';
import { openDurablePubSub, type DurablePubSub, type DurablePubSubOptions } from './durable-broker.js';
import { loadPubSubServices } from './proto.js';
import { publisherService } from './publisher-service.js';
import { PushDelivery, type PushAttempt } from './push-delivery.js';
import { subscriberService } from './subscriber-service.js';

export type { PushAttempt } from './push-delivery.js';

export const DEFAULT_PUBSUB_PORT = 8085;

export interface PubSubEmulatorOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 8085; 0 picks a free port. */
  port?: number;
  /**
   * Keep topics, subscriptions and every message not yet acked durably in this folder
   * (durable-broker.ts): a crash or a stop loses no published message, and the next start
   * on the same folder delivers what was outstanding. Without it, state lives in memory.
   */
  dataDir?: string;
  /** Tuning of the data folder's journal (fsync interval, compaction threshold, where problems are reported). */
  journal?: DurablePubSubOptions;
  /**
   * Restored push subscriptions wait for `resumePush()` (or a new push config) before they
   * push: the stack starts the functions runner, which re-points them, first. Default false.
   */
  holdPush?: boolean;
  /**
   * Idle timeout of the port's HTTP/2 connections, in milliseconds (the request timeout has
   * no use on a gRPC-only port); default `DEFAULT_HTTP_TIMEOUTS`. See common/http-timeouts.ts.
   */
  timeouts?: Partial<HttpTimeouts>;
}

export interface PubSubEmulator {
  host: string;
  port: number;
  /** `host:port`, the value for PUBSUB_EMULATOR_HOST. */
  endpoint: string;
  /** Every push request and its outcome, in the order they complete. */
  pushAttempts: Feed<PushAttempt>;
  /**
   * Push endpoints served in this process (the stack's functions runner registers its
   * own): pushes to them are calls, not HTTP requests; every other endpoint is POSTed.
   */
  localPush: LocalPushEndpoints;
  /** Forgets all topics and subscriptions, ending open streams with NOT_FOUND. */
  clear(): void;
  /** Starts pushing the subscriptions restored from the data folder (with `holdPush`). */
  resumePush(): void;
  close(): Promise<void>;
}

export async function startPubSubEmulator(options: PubSubEmulatorOptions = {}): Promise<PubSubEmulator> {
  const host = options.host ?? '127.0.0.1';
  const pushAttempts = new Feed<PushAttempt>();
  const localPush = new LocalPushEndpoints();
  const broker = new Broker(new PushDelivery((attempt) => pushAttempts.publish(attempt), localPush));
  const services = loadPubSubServices();
  const durable: DurablePubSub | undefined = options.dataDir ? await openDurablePubSub(broker, options.dataDir, options.journal) : undefined;
  if (!options.holdPush) broker.resumePush();

  const server = new grpc.Server({
    // Above the 10 MB publish limit, so oversized requests get the service's INVALID_ARGUMENT
    // instead of a transport-level RESOURCE_EXHAUSTED.
    'grpc.max_receive_message_length': 4 * MAX_REQUEST_BYTES,
    'grpc.max_send_message_length': -1,
    // No channelz: per-call counters for a debugging service nothing here serves (firestore/transport/grpc.ts).
    'grpc.enable_channelz': 0,
    ...grpcTimeoutOptions(httpTimeouts(options.timeouts)),
  });
  server.addService(services.Publisher, publisherService(broker));
  server.addService(services.Subscriber, subscriberService(broker));

  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync(`${host}:${options.port ?? DEFAULT_PUBSUB_PORT}`, grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    );
  }).catch(async (error: unknown) => {
    await durable?.close();
    throw error;
  });

  return {
    host,
    port,
    endpoint: `${host.includes(':') ? `[${host}]` : host}:${port}`,
    pushAttempts,
    localPush,
    clear: () => broker.clear(),
    resumePush: () => broker.resumePush(),
    close: async () => {
      // Forced: open StreamingPull streams would hold a graceful shutdown forever.
      server.forceShutdown();
      // Detached from the journal first: ending the streams is not the data being cleared.
      await durable?.close();
      broker.clear();
    },
  };
}
