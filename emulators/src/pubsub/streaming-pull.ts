/**
 * StreamingPull: the bidirectional stream behind the client's `subscription.on('message')`.
 *
 * The first request names the subscription and sets the stream's ack deadline and flow
 * control; later ones may carry acks, deadline changes and a new stream ack deadline, or be
 * empty keep-alives (the Node client acks over unary calls and pings every 30 s). The
 * stream stays open until the client cancels it; a bad request or a deleted subscription
 * ends it with the service's status, never leaving it hanging.
 */
import type { handleBidiStreamingCall, ServerDuplexStream } from '@grpc/grpc-js';
import type { Broker } from './broker.js';
import { MAX_ACK_DEADLINE_SECONDS } from './resources.js';
import { invalidArgument, notFound, toServiceError } from './status.js';
import type { Consumer, Delivery, SubscriptionQueue } from './subscription-queue.js';
import { parseName } from './names.js';
import { toReceivedMessage } from './message.js';
import { validateAckDeadline, validateAckIds } from './validation.js';
import type { StreamingPullRequest, StreamingPullResponse } from './wire.js';

type PullCall = ServerDuplexStream<StreamingPullRequest, StreamingPullResponse>;

const MIN_STREAM_ACK_DEADLINE_SECONDS = 10;

export function streamingPull(broker: Broker): handleBidiStreamingCall<StreamingPullRequest, StreamingPullResponse> {
  return (call) => {
    new PullStream(broker, call).listen();
  };
}

class PullStream implements Consumer {
  maxMessages = 0;
  maxBytes = 0;
  readonly onePerOrderingKey = false;
  readonly defaultBackoff = null;
  private ackDeadlineSeconds = MIN_STREAM_ACK_DEADLINE_SECONDS;
  private queue: SubscriptionQueue | null = null;
  private subscription = '';
  private finished = false;

  constructor(
    private readonly broker: Broker,
    private readonly call: PullCall,
  ) {}

  listen(): void {
    this.call.on('data', (request: StreamingPullRequest) => {
      try {
        this.onRequest(request);
      } catch (error) {
        this.fail(error);
      }
    });
    // The client half-closed: finish cleanly. Cancelled or broken: just stop delivering.
    this.call.on('end', () => this.finish(() => this.call.end()));
    this.call.on('cancelled', () => this.finish(() => undefined));
    this.call.on('error', () => this.finish(() => undefined));
  }

  leaseSeconds(): number {
    return this.ackDeadlineSeconds;
  }

  deliver(deliveries: Delivery[]): void {
    if (this.finished || !this.queue) return;
    const settings = this.queue.settings;
    this.call.write({
      receivedMessages: deliveries.map((delivery) => toReceivedMessage(delivery, settings.deadLetter !== null)),
      subscriptionProperties: { exactlyOnceDeliveryEnabled: false, messageOrderingEnabled: settings.ordering },
    });
  }

  detach(): void {
    this.fail(notFound(parseName(this.subscription, 'subscriptions').id));
  }

  private onRequest(request: StreamingPullRequest): void {
    if (this.finished) return;
    if (this.queue) {
      if (request.streamAckDeadlineSeconds !== 0) this.setAckDeadline(request.streamAckDeadlineSeconds);
      this.applyAcks(this.queue, request);
      return;
    }
    const queue = this.open(request);
    this.applyAcks(queue, request);
    // Added last, so acks in the first request are applied before anything is dispatched.
    queue.addConsumer(this);
  }

  private open(request: StreamingPullRequest): SubscriptionQueue {
    if (request.subscription === '') {
      throw invalidArgument('The first StreamingPullRequest must set subscription.');
    }
    this.queue = this.broker.queue(request.subscription);
    this.subscription = request.subscription;
    this.setAckDeadline(request.streamAckDeadlineSeconds);
    this.maxMessages = Math.max(Number(request.maxOutstandingMessages), 0);
    this.maxBytes = Math.max(Number(request.maxOutstandingBytes), 0);
    return this.queue;
  }

  private setAckDeadline(seconds: number): void {
    if (seconds < MIN_STREAM_ACK_DEADLINE_SECONDS || seconds > MAX_ACK_DEADLINE_SECONDS) {
      throw invalidArgument(
        `stream_ack_deadline_seconds must be between ${MIN_STREAM_ACK_DEADLINE_SECONDS} and ${MAX_ACK_DEADLINE_SECONDS} seconds (was ${seconds}).`,
      );
    }
    this.ackDeadlineSeconds = seconds;
  }

  private applyAcks(queue: SubscriptionQueue, request: StreamingPullRequest): void {    const { ackIds, modifyDeadlineAckIds, modifyDeadlineSeconds } = request;
    if (modifyDeadlineAckIds.length !== modifyDeadlineSeconds.length) {
      throw invalidArgument(
        `modify_deadline_ack_ids and modify_deadline_seconds must have the same length (${modifyDeadlineAckIds.length} and ${modifyDeadlineSeconds.length}).`,
      );
    }
    validateAckIds(ackIds);
    validateAckIds(modifyDeadlineAckIds);
    modifyDeadlineSeconds.forEach(validateAckDeadline);
    if (ackIds.length > 0) queue.acknowledge(ackIds);
    modifyDeadlineAckIds.forEach((ackId, index) => queue.modifyAckDeadline([ackId], modifyDeadlineSeconds[index]!));
  }

  /** Ends the stream with an error status (grpc-js sends the status of an 'error' on a server stream). */
  private fail(error: unknown): void {
    this.finish(() => this.call.emit('error', toServiceError(error)));
  }

  private finish(end: () => void): void {
    if (this.finished) return;
    this.finished = true;
    this.queue?.removeConsumer(this);
    end();
  }
}
