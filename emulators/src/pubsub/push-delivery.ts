/**
 * Push subscriptions: each message is POSTed as JSON to the push endpoint
 * (https://cloud.google.com/pubsub/docs/push). 102, 200, 201, 202 and 204 ack it; any other
 * status, a network error or no answer within the ack deadline nacks it, and the queue
 * redelivers it with the subscription's backoff. Messages go out concurrently, one at a
 * time per ordering key when the subscription orders them. An endpoint served in this
 * process (`LocalPushEndpoints`: the stack's functions runner) gets the same body as a call
 * instead of an HTTP request; its status acks or nacks the same way.
 */
import { untilAborted, type LocalPushEndpoints } from '../common/local-push.js';
import { postJson } from '../common/post-json.js';
import { PUSH_WITHOUT_RETRY_POLICY } from './backoff.js';
import { toPushBody } from './message.js';
import type { SubscriptionObserver } from './broker.js';
import type { Consumer, Delivery, SubscriptionQueue } from './subscription-queue.js';
import type { Subscription } from './wire.js';

const ACK_STATUSES = new Set([102, 200, 201, 202, 204]);
/** Push requests in flight per subscription, like the service's initial push window. */
const MAX_CONCURRENT_PUSHES = 1000;

export interface PushAttempt {
  subscription: string;
  endpoint: string;
  messageId: string;
  deliveryAttempt: number;
  /** The HTTP status, or 0 when the request failed or timed out. */
  status: number;
  acked: boolean;
}

class PushDeliverer implements Consumer {
  readonly maxMessages = MAX_CONCURRENT_PUSHES;
  readonly maxBytes = 0;
  readonly onePerOrderingKey = true;
  readonly defaultBackoff = PUSH_WITHOUT_RETRY_POLICY;
  /**
   * One controller per push in flight, aborted at its ack deadline or when this deliverer is
   * retired. A plain controller and timer each: `AbortSignal.any` of a `AbortSignal.timeout`
   * per push (weakly held signals) cost a few per cent of the emulators' CPU on a hot set.
   */
  private readonly inFlight = new Set<AbortController>();
  private detached = false;

  constructor(
    private subscription: Subscription,
    private readonly queue: SubscriptionQueue,
    private readonly onAttempt: (attempt: PushAttempt) => void,
    private readonly local: LocalPushEndpoints | undefined,
  ) {}

  get endpoint(): string {
    return this.subscription.pushConfig?.pushEndpoint ?? '';
  }

  reconfigure(subscription: Subscription): void {
    this.subscription = subscription;
  }

  leaseSeconds(): number {
    return this.subscription.ackDeadlineSeconds;
  }

  deliver(deliveries: Delivery[]): void {
    for (const delivery of deliveries) void this.push(delivery);
  }

  detach(): void {
    this.detached = true;
    for (const controller of this.inFlight) controller.abort();
  }

  private async push(delivery: Delivery): Promise<void> {
    if (this.detached) return;
    const { name, deadLetterPolicy } = this.subscription;
    const endpoint = this.endpoint;
    const body = toPushBody(delivery.message, name, deadLetterPolicy ? delivery.deliveryAttempt : undefined);
    const controller = new AbortController();
    const { signal } = controller;
    const deadline = setTimeout(() => controller.abort(new Error('no answer within the ack deadline')), this.leaseSeconds() * 1000);
    // Like AbortSignal.timeout's: a push in flight does not keep the process alive.
    deadline.unref();
    this.inFlight.add(controller);
    const inProcess = this.local?.find(endpoint);
    let status = 0;
    try {
      status = inProcess
        ? await untilAborted(inProcess(endpoint, body, signal), signal)
        : (await postJson(endpoint, JSON.stringify(body), { signal })).status;
    } catch {
      status = 0;
    } finally {
      clearTimeout(deadline);
      this.inFlight.delete(controller);
    }
    if (this.detached) return;
    const acked = ACK_STATUSES.has(status);
    if (acked) this.queue.acknowledge([delivery.ackId]);
    else this.queue.modifyAckDeadline([delivery.ackId], 0);
    this.onAttempt({
      subscription: name,
      endpoint,
      messageId: delivery.message.id,
      deliveryAttempt: delivery.deliveryAttempt,
      status,
      acked,
    });
  }
}

/** Keeps one deliverer per push subscription, following CreateSubscription, ModifyPushConfig and deletes. */
export class PushDelivery implements SubscriptionObserver {
  private readonly deliverers = new Map<string, PushDeliverer>();

  constructor(
    private readonly onAttempt: (attempt: PushAttempt) => void,
    /** Endpoints answered in this process instead of over HTTP. */
    private readonly local?: LocalPushEndpoints,
  ) {}

  changed(subscription: Subscription, queue: SubscriptionQueue): void {
    const endpoint = subscription.pushConfig?.pushEndpoint ?? '';
    const current = this.deliverers.get(subscription.name);
    if (current && current.endpoint === endpoint && endpoint !== '') {
      current.reconfigure(subscription);
      return;
    }
    if (current) {
      queue.removeConsumer(current);
      current.detach();
      this.deliverers.delete(subscription.name);
    }
    if (endpoint === '') return;
    const deliverer = new PushDeliverer(subscription, queue, this.onAttempt, this.local);
    this.deliverers.set(subscription.name, deliverer);
    queue.addConsumer(deliverer);
  }

  deleted(name: string): void {
    this.deliverers.get(name)?.detach();
    this.deliverers.delete(name);
  }
}
