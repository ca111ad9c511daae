/**
 * Connects `onMessagePublished` functions to the Pub/Sub emulator the way Eventarc does in
 * production: the topic is created if missing, and a push subscription delivers each
 * message to the runner. A function with `retry` gets a subscription whose nacks are
 * redelivered with backoff and dead-lettered after `maxAttempts`; without `retry` the
 * runner always acks (failures are logged and dropped).
 */
import { PubSub } from '@google-cloud/pubsub';
import type { RetryPolicy } from './backoff.js';
import type { FunctionDefinition } from './definitions.js';

const ALREADY_EXISTS = 6;

export interface PushTarget {
  definition: FunctionDefinition & { trigger: { kind: 'pubsub' } };
  pushEndpoint: string;
}

export interface PubSubBridgeOptions {
  /** `host:port` of the Pub/Sub emulator. */
  host: string;
  projectId: string;
  retry: RetryPolicy;
  /** Topic that receives messages whose retried deliveries all failed. */
  deadLetterTopic: string;
}

export class PubSubBridge {
  private readonly client: PubSub;
  /** Subscriptions this runner created, so a reload can delete those of removed functions. */
  private connected = new Set<string>();

  constructor(private readonly options: PubSubBridgeOptions) {
    this.client = new PubSub({ projectId: options.projectId, apiEndpoint: options.host });
  }

  /** Subscription that feeds `functionName`; stable across reloads, so a reload only re-points it. */
  static subscriptionName(functionName: string): string {
    return `encore-functions-${functionName}`;
  }

  async connect(targets: PushTarget[]): Promise<void> {
    if (targets.some((target) => target.definition.retry)) await this.ensureTopic(this.options.deadLetterTopic);
    for (const target of targets) {
      await this.ensureTopic(target.definition.trigger.topic);
      await this.ensurePushSubscription(target);
    }
    const current = new Set(targets.map((target) => PubSubBridge.subscriptionName(target.definition.name)));
    // A removed function's subscription would otherwise push to a 404 (a nack) forever.
    for (const name of this.connected) {
      if (!current.has(name)) await this.client.subscription(name).delete().catch(() => {});
    }
    this.connected = current;
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async ensureTopic(topic: string): Promise<void> {
    try {
      await this.client.createTopic(topic);
    } catch (error) {
      if (grpcCode(error) !== ALREADY_EXISTS) throw error;
    }
  }

  private async ensurePushSubscription({ definition, pushEndpoint }: PushTarget): Promise<void> {
    const { retry, deadLetterTopic, projectId } = this.options;
    const name = PubSubBridge.subscriptionName(definition.name);
    const topic = this.client.topic(definition.trigger.topic);
    const retrySettings = definition.retry
      ? {
          retryPolicy: { minimumBackoff: duration(retry.minBackoffMs), maximumBackoff: duration(retry.maxBackoffMs) },
          deadLetterPolicy: {
            deadLetterTopic: `projects/${projectId}/topics/${deadLetterTopic}`,
            // The service only accepts 5 to 100 attempts.
            maxDeliveryAttempts: Math.min(100, Math.max(5, retry.maxAttempts)),
          },
        }
      : { retryPolicy: null, deadLetterPolicy: null };
    try {
      await topic.createSubscription(name, { pushConfig: { pushEndpoint }, ackDeadlineSeconds: 600, ...retrySettings });
    } catch (error) {
      if (grpcCode(error) !== ALREADY_EXISTS) throw error;
      // Left over from an earlier load: point it here, with the function's current retry settings.
      await this.client.subscription(name).setMetadata({ pushConfig: { pushEndpoint }, ...retrySettings });
    }
  }
}

function duration(ms: number): { seconds: number; nanos: number } {
  return { seconds: Math.floor(ms / 1000), nanos: (ms % 1000) * 1_000_000 };
}

function grpcCode(error: unknown): number | undefined {
  return typeof error === 'object' && error !== null ? (error as { code?: number }).code : undefined;
}
