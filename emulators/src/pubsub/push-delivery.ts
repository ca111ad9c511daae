/**
 * Push subscriptions: each message is POSTed as JSON to the push endpoint
 * (https://cloud.google.com/pubsub/docs/push). 102, 200, 201, 202 and 204 ack it; any other
 * status, a network error or no answer within the ack deadline nacks it, and the queue
 * redelivers it with the subscription's backoff. Messages go out concurrently, one at a
 * time per ordering key when the subscription orders them. An endpoint served in this
 * process (`LocalPushEndpoints`: the stack's functions runner) gets the same body as a call
 * instead of an HTTP request; its status acks or nacks the same way.
 */
import type { LocalPushEndpoints, LocalPushHandler } from '../common/local-push.js';
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
   * How each push in flight is given up, at its ack deadline or when this deliverer is retired:
   * an HTTP push's request is aborted, an in-process one is no longer waited for. A timer per
   * push, but no AbortController or abort listener for the in-process ones (the stack's every
   * push): they cost several per cent of the emulators' CPU on a hot set.
   */
  private readonly inFlight = new Set<InFlight>();
  /** Aborted when this deliverer is retired: the signal in-process endpoints get. */
  private readonly retired = new AbortController();
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
    this.retired.abort(new Error('the push subscription changed or was deleted'));
    for (const push of [...this.inFlight]) push.giveUp();
  }

  private async push(delivery: Delivery): Promise<void> {
    if (this.detached) return;
    const { name, deadLetterPolicy } = this.subscription;
    const endpoint = this.endpoint;
    const body = toPushBody(delivery.message, name, deadLetterPolicy ? delivery.deliveryAttempt : undefined);
    const inProcess = this.local?.find(endpoint);
    const status = inProcess ? await this.answeredInProcess(inProcess, endpoint, body) : await this.answeredOverHttp(endpoint, body);
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

  /** The endpoint's HTTP status, or 0 if it fails or does not answer within the ack deadline. */
  private answeredInProcess(handler: LocalPushHandler, endpoint: string, body: object): Promise<number> {
    return new Promise<number>((resolve) => {
      const pending = new PendingPush(resolve, this.inFlight, this.leaseSeconds() * 1000);
      try {
        handler(endpoint, body, this.retired.signal).then(
          (status) => pending.settle(status),
          () => pending.settle(0),
        );
      } catch {
        pending.settle(0);
      }
    });
  }

  private async answeredOverHttp(endpoint: string, body: object): Promise<number> {
    const controller = new AbortController();
    const inFlight = { giveUp: () => controller.abort(new Error('no answer within the ack deadline')) };
    const deadline = setTimeout(inFlight.giveUp, this.leaseSeconds() * 1000).unref();
    this.inFlight.add(inFlight);
    try {
      return (await postJson(endpoint, JSON.stringify(body), { signal: controller.signal })).status;
    } catch {
      return 0;
    } finally {
      clearTimeout(deadline);
      this.inFlight.delete(inFlight);
    }
  }
}

interface InFlight {
  giveUp(): void;
}

/**
 * An in-process push waiting for its answer, settled once: by the answer, by its ack deadline
 * (status 0), or when the deliverer is retired (status 0). Methods rather than closures made
 * per push: run from TypeScript sources (tsx keeps function names), every named closure is a
 * property definition more per push.
 */
class PendingPush implements InFlight {
  private settled = false;
  private readonly deadline: NodeJS.Timeout;

  constructor(
    private readonly resolve: (status: number) => void,
    private readonly inFlight: Set<InFlight>,
    deadlineMs: number,
  ) {
    // Like AbortSignal.timeout's: a push in flight does not keep the process alive.
    this.deadline = setTimeout(() => this.settle(0), deadlineMs).unref();
    inFlight.add(this);
  }

  giveUp(): void {
    this.settle(0);
  }

  settle(status: number): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.deadline);
    this.inFlight.delete(this);
    this.resolve(status);
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
