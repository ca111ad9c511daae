/**
 * The delivery state of one subscription: which messages wait, which are leased to a
 * consumer (a Pull call, a StreamingPull stream, the push deliverer) until their ack
 * deadline, and when a nacked or expired message may go out again.
 *
 * Rules, as the service applies them with exactly-once delivery off:
 * - a delivery is leased for the consumer's ack deadline; ModifyAckDeadline moves the
 *   deadline, 0 returns the message at once (a nack);
 * - a nack or an expired deadline counts a failed attempt: the message is redelivered after
 *   the retry backoff, or, once it has been delivered `maxDeliveryAttempts` times, forwarded
 *   to the dead-letter topic;
 * - an ack id names one delivery: acks from an earlier delivery of a message that has since
 *   been redelivered are ignored, like the service's expired ack ids;
 * - with message ordering, a key's messages go out in publish order, to the consumer that
 *   holds the key's earlier messages; when one comes back, every later message of its key
 *   comes back too, so the key restarts from there.
 */
import { backoffDelay, type Backoff } from './backoff.js';
import type { StoredMessage } from './message.js';

export interface Delivery {
  ackId: string;
  message: StoredMessage;
  /** 1 for the first delivery. */
  deliveryAttempt: number;
}

/** Something that takes deliveries: a Pull call, a StreamingPull stream, a push endpoint. */
export interface Consumer {
  /** Flow control: the most unacked messages and bytes it holds at once; 0 means no limit. */
  readonly maxMessages: number;
  readonly maxBytes: number;
  /** Push sends a key's next message only after the previous one is acked. */
  readonly onePerOrderingKey: boolean;
  /** Used when the subscription has no retry policy (push backs off, pull does not). */
  readonly defaultBackoff: Backoff | null;
  /** The ack deadline of a new delivery. */
  leaseSeconds(): number;
  deliver(deliveries: Delivery[]): void;
  /** The subscription was deleted or the emulator cleared. */
  detach(): void;
}

export interface QueueConfig {
  ordering: boolean;
  retainAcked: boolean;
  deadLetter: { topic: string; maxDeliveryAttempts: number } | null;
  retry: Backoff | null;
}

/** Forwards a message to the dead-letter topic; false if that topic does not exist (keep retrying). */
export type DeadLetterForwarder = (message: StoredMessage, deliveryAttempts: number) => boolean;

interface Lease {
  consumer: Consumer;
  timer: NodeJS.Timeout;
}

interface Entry {
  message: StoredMessage;
  /** Deliveries so far; the current delivery's attempt number. */
  attempts: number;
  /** Only kept when the subscription retains acked messages (for Seek). */
  acked: boolean;
  lease: Lease | null;
  /** Backoff: not redelivered before this time (ms since epoch). */
  availableAt: number;
}

interface Holding {
  messages: number;
  bytes: number;
}

const ACK_ID = /^(\d+)-(\d+)$/;

export function isWellFormedAckId(ackId: string): boolean {
  return ACK_ID.test(ackId);
}

export class SubscriptionQueue {
  /** In publish order (Map keeps insertion order and seq only grows). */
  private readonly entries = new Map<number, Entry>();
  private readonly consumers: Consumer[] = [];
  private readonly holdings = new Map<Consumer, Holding>();
  private nextConsumer = 0;
  private wakeTimer: NodeJS.Timeout | null = null;
  private wakeAt = Infinity;
  private closed = false;

  constructor(
    readonly subscription: string,
    private config: QueueConfig,
    private readonly forwardToDeadLetter: DeadLetterForwarder,
    /** Told when a message stops being outstanding (acked, dead-lettered): the durable journal's hook. */
    private readonly onSettled?: (seq: number) => void,
  ) {}

  get settings(): Readonly<QueueConfig> {
    return this.config;
  }

  configure(config: QueueConfig): void {
    this.config = config;
    this.dispatch();
  }

  enqueue(message: StoredMessage): void {
    if (this.closed) return;
    this.entries.set(message.seq, { message, attempts: 0, acked: false, lease: null, availableAt: 0 });
    this.dispatch();
  }

  /** Drops a message without counting anything (replaying an ack from the journal). */
  forget(seq: number): void {
    const entry = this.entries.get(seq);
    if (!entry) return;
    this.release(entry);
    this.entries.delete(seq);
  }

  /** Messages not yet acked (leased or waiting), in publish order: what a durable snapshot keeps. */
  outstanding(): StoredMessage[] {
    const messages: StoredMessage[] = [];
    for (const entry of this.entries.values()) if (!entry.acked) messages.push(entry.message);
    return messages;
  }

  /** Messages not yet acked (leased or waiting). */
  get backlog(): number {
    let count = 0;
    for (const entry of this.entries.values()) if (!entry.acked) count++;
    return count;
  }

  addConsumer(consumer: Consumer): void {
    this.consumers.push(consumer);
    this.holdings.set(consumer, { messages: 0, bytes: 0 });
    this.dispatch();
  }

  /** Its leases stay until acked or expired: a client may ack them over another stream. */
  removeConsumer(consumer: Consumer): void {
    const index = this.consumers.indexOf(consumer);
    if (index >= 0) this.consumers.splice(index, 1);
    this.holdings.delete(consumer);
  }

  acknowledge(ackIds: readonly string[]): void {
    for (const ackId of ackIds) {
      const entry = this.entryFor(ackId);
      if (!entry) continue;
      this.release(entry);
      this.markAcked(entry);
    }
    this.dispatch();
  }

  modifyAckDeadline(ackIds: readonly string[], seconds: number): void {
    const now = Date.now();
    for (const ackId of ackIds) {
      const entry = this.entryFor(ackId);
      if (!entry?.lease) continue;
      if (seconds === 0) this.returnToQueue(entry, now);
      else this.startLeaseTimer(entry, entry.lease.consumer, seconds);
    }
    this.dispatch();
  }

  /** Seek to a time: messages published before it count as acked, the rest as not acked. */
  seek(timeMs: number): void {
    for (const entry of [...this.entries.values()]) {
      this.release(entry);
      if (entry.message.publishTimeMs < timeMs) {
        this.markAcked(entry);
      } else {
        entry.acked = false;
        entry.availableAt = 0;
      }
    }
    this.dispatch();
  }

  /** Stops all timers and detaches every consumer; the queue takes nothing afterwards. */
  close(): void {
    this.closed = true;
    for (const entry of this.entries.values()) if (entry.lease) clearTimeout(entry.lease.timer);
    this.entries.clear();
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    for (const consumer of this.consumers.splice(0)) consumer.detach();
    this.holdings.clear();
  }

  /** Hands every deliverable message to a consumer with room for it. */
  dispatch(): void {
    if (this.closed || this.consumers.length === 0) return;
    const now = Date.now();
    const batches = new Map<Consumer, Delivery[]>();
    // With ordering: keys whose next message cannot go out now, and who holds each key.
    const blockedKeys = new Set<string>();
    const keyHolders = new Map<string, Consumer>();
    let nextWake = Infinity;

    // Room changes only when this loop leases: checked then, not once per entry (held acks
    // keep hundreds of leased entries in the map, and every publish and ack dispatches).
    let room = this.anyConsumerHasRoom();
    for (const entry of this.entries.values()) {
      if (!room) break;
      if (entry.acked) continue;
      const key = this.config.ordering ? entry.message.orderingKey : '';
      if (entry.lease) {
        if (key !== '') keyHolders.set(key, entry.lease.consumer);
        continue;
      }
      if (key !== '' && blockedKeys.has(key)) continue;
      if (entry.availableAt > now) {
        nextWake = Math.min(nextWake, entry.availableAt);
        if (key !== '') blockedKeys.add(key);
        continue;
      }
      const consumer = this.chooseConsumer(entry, key, keyHolders);
      if (!consumer) {
        if (key !== '') blockedKeys.add(key);
        continue;
      }
      if (key !== '') keyHolders.set(key, consumer);
      const batch = batches.get(consumer) ?? [];
      batch.push(this.lease(entry, consumer));
      batches.set(consumer, batch);
      room = this.anyConsumerHasRoom();
    }

    this.scheduleWake(nextWake);
    for (const [consumer, deliveries] of batches) consumer.deliver(deliveries);
  }

  private chooseConsumer(entry: Entry, key: string, keyHolders: Map<string, Consumer>): Consumer | undefined {
    const holder = key === '' ? undefined : keyHolders.get(key);
    if (holder) {
      const usable = !holder.onePerOrderingKey && this.holdings.has(holder) && this.hasRoom(holder, entry);
      return usable ? holder : undefined;
    }
    for (let i = 0; i < this.consumers.length; i++) {
      const index = (this.nextConsumer + i) % this.consumers.length;
      const consumer = this.consumers[index]!;
      if (this.hasRoom(consumer, entry)) {
        this.nextConsumer = (index + 1) % this.consumers.length;
        return consumer;
      }
    }
    return undefined;
  }

  /** Cheap early exit for long backlogs: every consumer holds as many messages as it may. */
  private anyConsumerHasRoom(): boolean {
    return this.consumers.some((consumer) => {
      const holding = this.holdings.get(consumer);
      return holding !== undefined && (consumer.maxMessages <= 0 || holding.messages < consumer.maxMessages);
    });
  }

  private hasRoom(consumer: Consumer, entry: Entry): boolean {
    const holding = this.holdings.get(consumer);
    if (!holding) return false;
    if (consumer.maxMessages > 0 && holding.messages >= consumer.maxMessages) return false;
    // A message bigger than the byte limit still goes out alone, or it would never be delivered.
    if (consumer.maxBytes > 0 && holding.messages > 0 && holding.bytes + entry.message.size > consumer.maxBytes) {
      return false;
    }
    return true;
  }

  private lease(entry: Entry, consumer: Consumer): Delivery {
    entry.attempts++;
    this.startLeaseTimer(entry, consumer, consumer.leaseSeconds());
    const holding = this.holdings.get(consumer)!;
    holding.messages++;
    holding.bytes += entry.message.size;
    return { ackId: `${entry.message.seq}-${entry.attempts}`, message: entry.message, deliveryAttempt: entry.attempts };
  }

  private startLeaseTimer(entry: Entry, consumer: Consumer, seconds: number): void {
    if (entry.lease) clearTimeout(entry.lease.timer);
    const timer = setTimeout(() => {
      if (entry.lease?.timer !== timer) return;
      this.returnToQueue(entry, Date.now());
      this.dispatch();
    }, seconds * 1000);
    timer.unref();
    entry.lease = { consumer, timer };
  }

  /** Ends a lease without counting anything. */
  private release(entry: Entry): void {
    if (!entry.lease) return;
    clearTimeout(entry.lease.timer);
    const holding = this.holdings.get(entry.lease.consumer);
    if (holding) {
      holding.messages--;
      holding.bytes -= entry.message.size;
    }
    entry.lease = null;
  }

  /** A failed delivery (nack or expired deadline): back off, or dead-letter. */
  private returnToQueue(entry: Entry, now: number): void {
    const consumer = entry.lease?.consumer;
    this.release(entry);
    const deadLetter = this.config.deadLetter;
    if (deadLetter && entry.attempts >= deadLetter.maxDeliveryAttempts) {
      if (this.forwardToDeadLetter(entry.message, entry.attempts)) {
        this.entries.delete(entry.message.seq);
        this.onSettled?.(entry.message.seq);
        return;
      }
    }
    entry.availableAt = now + backoffDelay(this.config.retry ?? consumer?.defaultBackoff ?? null, entry.attempts);
    const key = this.config.ordering ? entry.message.orderingKey : '';
    if (key !== '') this.returnLaterMessagesOfKey(entry.message.seq, key);
  }

  private returnLaterMessagesOfKey(seq: number, key: string): void {
    for (const later of this.entries.values()) {
      if (later.message.seq > seq && later.message.orderingKey === key && later.lease) this.release(later);
    }
  }

  private markAcked(entry: Entry): void {
    if (this.config.retainAcked) entry.acked = true;
    else this.entries.delete(entry.message.seq);
    this.onSettled?.(entry.message.seq);
  }

  /** The entry an ack id names, if that delivery is still the message's latest. */
  private entryFor(ackId: string): Entry | undefined {
    const match = ACK_ID.exec(ackId);
    if (!match) return undefined;
    const entry = this.entries.get(Number(match[1]));
    if (!entry || entry.acked || entry.attempts !== Number(match[2])) return undefined;
    return entry;
  }

  private scheduleWake(at: number): void {
    if (at === Infinity || at >= this.wakeAt) return;
    if (this.wakeTimer) clearTimeout(this.wakeTimer);
    this.wakeAt = at;
    this.wakeTimer = setTimeout(() => {
      this.wakeTimer = null;
      this.wakeAt = Infinity;
      this.dispatch();
    }, at - Date.now());
    this.wakeTimer.unref();
  }
}
