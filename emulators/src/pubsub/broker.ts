/**
 * The emulator's state: topics, subscriptions and their queues, and publishing.
 * Transport-free: the gRPC services translate requests into these calls.
 */
import { parseFilter, type MessageFilter } from './filter.js';
import { messageSize, type StoredMessage } from './message.js';
import { DELETED_TOPIC, parseName, parseProject } from './names.js';
import {
  normalizeSubscription,
  normalizeTopic,
  queueConfigOf,
  updateSubscription,
  updateTopic,
} from './resources.js';
import { invalidArgument, notFound, alreadyExists } from './status.js';
import { SubscriptionQueue } from './subscription-queue.js';
import type { FieldMask, PubsubMessage, PushConfig, Subscription, Topic } from './wire.js';

/** The service's limits (https://cloud.google.com/pubsub/quotas#resource_limits). */
export const MAX_REQUEST_BYTES = 10 * 1024 * 1024;
const MAX_ATTRIBUTES = 100;
const MAX_ATTRIBUTE_KEY_BYTES = 256;
const MAX_ATTRIBUTE_VALUE_BYTES = 1024;
const MAX_ORDERING_KEY_BYTES = 1024;
const DEFAULT_PAGE_SIZE = 100;

interface SubscriptionState {
  resource: Subscription;
  queue: SubscriptionQueue;
  filter: MessageFilter;
}

export interface Page<T> {
  items: T[];
  nextPageToken: string;
}

/**
 * Told about every change that must outlive the process (durable-broker.ts journals them),
 * each before the call that made it returns.
 */
export interface BrokerLog {
  topic(topic: Topic): void;
  topicDeleted(name: string): void;
  subscription(subscription: Subscription): void;
  subscriptionDeleted(name: string): void;
  /** Messages stored, and the subscriptions each went to (`routes`: subscription name → seqs). */
  published(messages: readonly StoredMessage[], routes: ReadonlyMap<string, number[]>): void;
  /** A message stopped being outstanding in a subscription (acked, dead-lettered). */
  settled(subscription: string, seq: number): void;
  cleared(): void;
}

/** What a durable snapshot holds: the resources, and each outstanding message with the subscriptions it waits in. */
export interface BrokerState {
  nextSeq: number;
  topics: Topic[];
  subscriptions: Subscription[];
  messages: Array<{ message: StoredMessage; subscriptions: string[] }>;
}

/** Told about subscription changes, so push delivery can follow push configs. */
export interface SubscriptionObserver {
  changed(subscription: Subscription, queue: SubscriptionQueue): void;
  deleted(name: string): void;
}

export class Broker {
  private readonly topics = new Map<string, Topic>();
  private readonly subscriptions = new Map<string, SubscriptionState>();
  private nextSeq = 1;
  /** Set while the broker is durable (durable-broker.ts). */
  log: BrokerLog | undefined;

  constructor(private readonly observer: SubscriptionObserver) {}

  createTopic(request: Topic): Topic {
    const topic = normalizeTopic(request);
    if (this.topics.has(topic.name)) throw alreadyExists(parseName(topic.name, 'topics').id);
    this.log?.topic(topic);
    this.topics.set(topic.name, topic);
    return topic;
  }

  getTopic(name: string): Topic {
    const { id } = parseName(name, 'topics');
    const topic = this.topics.get(name);
    if (!topic) throw notFound(id);
    return topic;
  }

  updateTopic(update: Topic | null, mask: FieldMask | null): Topic {
    if (!update) throw invalidArgument('The topic in the UpdateTopicRequest must be set.');
    const updated = updateTopic(this.getTopic(update.name), update, mask);
    this.log?.topic(updated);
    this.topics.set(updated.name, updated);
    return updated;
  }

  listTopics(project: string, pageSize: number, pageToken: string): Page<Topic> {
    const projectId = parseProject(project);
    const topics = [...this.topics.values()].filter((topic) => parseName(topic.name, 'topics').project === projectId);
    return paginate(topics, (topic) => topic.name, pageSize, pageToken);
  }

  listTopicSubscriptions(topic: string, pageSize: number, pageToken: string): Page<string> {
    this.getTopic(topic);
    const names = [...this.subscriptions.values()]
      .filter((state) => state.resource.topic === topic)
      .map((state) => state.resource.name);
    return paginate(names, (name) => name, pageSize, pageToken);
  }

  /** Like the service, a deleted topic's subscriptions stay, attached to `_deleted-topic_`. */
  deleteTopic(name: string): void {
    this.getTopic(name);
    this.log?.topicDeleted(name);
    this.topics.delete(name);
    for (const state of this.subscriptions.values()) {
      if (state.resource.topic === name) state.resource = { ...state.resource, topic: DELETED_TOPIC };
    }
  }

  publish(topicName: string, messages: readonly PubsubMessage[]): string[] {
    const { id } = parseName(topicName, 'topics');
    if (!this.topics.has(topicName)) throw notFound(id);
    validatePublish(messages);
    const publishTimeMs = Date.now();
    const stored = messages.map((message) => this.store(message, publishTimeMs));
    this.route(topicName, stored);
    return stored.map((message) => message.id);
  }

  createSubscription(request: Subscription): Subscription {
    const subscription = normalizeSubscription(request);
    const { id } = parseName(subscription.name, 'subscriptions');
    const topic = parseName(subscription.topic, 'topics');
    if (!this.topics.has(subscription.topic)) throw notFound(topic.id);
    if (this.subscriptions.has(subscription.name)) throw alreadyExists(id);
    this.log?.subscription(subscription);
    this.observer.changed(subscription, this.addSubscription(subscription));
    return subscription;
  }

  private addSubscription(subscription: Subscription): SubscriptionQueue {
    const queue = new SubscriptionQueue(
      subscription.name,
      queueConfigOf(subscription),
      (message, attempts) => this.forwardToDeadLetter(subscription.name, message, attempts),
      (seq) => this.log?.settled(subscription.name, seq),
    );
    this.subscriptions.set(subscription.name, { resource: subscription, queue, filter: parseFilter(subscription.filter) });
    return queue;
  }

  getSubscription(name: string): Subscription {
    return this.subscriptionState(name).resource;
  }

  /** The queue behind a subscription, for pulls, acks and streams. */
  queue(name: string): SubscriptionQueue {
    return this.subscriptionState(name).queue;
  }

  updateSubscription(update: Subscription | null, mask: FieldMask | null): Subscription {
    if (!update) throw invalidArgument('The subscription in the UpdateSubscriptionRequest must be set.');
    const state = this.subscriptionState(update.name);
    return this.replaceSubscription(state, updateSubscription(state.resource, update, mask));
  }

  modifyPushConfig(name: string, pushConfig: PushConfig | null): void {
    const state = this.subscriptionState(name);
    const resource = normalizeSubscription({ ...state.resource, pushConfig });
    this.replaceSubscription(state, resource);
  }

  listSubscriptions(project: string, pageSize: number, pageToken: string): Page<Subscription> {
    const projectId = parseProject(project);
    const subscriptions = [...this.subscriptions.values()]
      .map((state) => state.resource)
      .filter((subscription) => parseName(subscription.name, 'subscriptions').project === projectId);
    return paginate(subscriptions, (subscription) => subscription.name, pageSize, pageToken);
  }

  deleteSubscription(name: string): void {
    const state = this.subscriptionState(name);
    this.log?.subscriptionDeleted(name);
    this.subscriptions.delete(name);
    state.queue.close();
    this.observer.deleted(name);
  }

  /** Forgets every topic and subscription (ending their streams). */
  clear(): void {
    const log = this.log;
    this.log = undefined;
    log?.cleared();
    try {
      for (const name of [...this.subscriptions.keys()]) this.deleteSubscription(name);
      this.topics.clear();
    } finally {
      this.log = log;
    }
  }

  // ---- durability (durable-broker.ts): restoring without journaling or telling the observer ----

  /** The state a snapshot keeps. */
  capture(): BrokerState {
    const messages = new Map<number, { message: StoredMessage; subscriptions: string[] }>();
    for (const [name, state] of this.subscriptions) {
      for (const message of state.queue.outstanding()) {
        const held = messages.get(message.seq) ?? { message, subscriptions: [] };
        held.subscriptions.push(name);
        messages.set(message.seq, held);
      }
    }
    return {
      nextSeq: this.nextSeq,
      topics: [...this.topics.values()],
      subscriptions: [...this.subscriptions.values()].map((state) => state.resource),
      messages: [...messages.values()].sort((a, b) => a.message.seq - b.message.seq),
    };
  }

  restoreTopic(topic: Topic): void {
    this.topics.set(topic.name, topic);
  }

  restoreTopicDeleted(name: string): void {
    this.topics.delete(name);
    for (const state of this.subscriptions.values()) {
      if (state.resource.topic === name) state.resource = { ...state.resource, topic: DELETED_TOPIC };
    }
  }

  restoreSubscription(subscription: Subscription): void {
    const state = this.subscriptions.get(subscription.name);
    if (!state) {
      this.addSubscription(subscription);
      return;
    }
    state.resource = subscription;
    state.filter = parseFilter(subscription.filter);
    state.queue.configure(queueConfigOf(subscription));
  }

  restoreSubscriptionDeleted(name: string): void {
    this.subscriptions.get(name)?.queue.close();
    this.subscriptions.delete(name);
  }

  /** A stored message back into the subscriptions it waited in (as a first delivery). */
  restoreMessage(message: StoredMessage, subscriptions: readonly string[]): void {
    this.nextSeq = Math.max(this.nextSeq, message.seq + 1);
    for (const name of subscriptions) this.subscriptions.get(name)?.queue.enqueue(message);
  }

  restoreSettled(subscription: string, seq: number): void {
    this.subscriptions.get(subscription)?.queue.forget(seq);
  }

  restoreNextSeq(seq: number): void {
    this.nextSeq = Math.max(this.nextSeq, seq);
  }

  restoreCleared(): void {
    for (const name of [...this.subscriptions.keys()]) this.restoreSubscriptionDeleted(name);
    this.topics.clear();
  }

  /** Starts push delivery of restored subscriptions (until then, a restart holds it back). */
  resumePush(): void {
    for (const state of this.subscriptions.values()) this.observer.changed(state.resource, state.queue);
  }

  private subscriptionState(name: string): SubscriptionState {
    const { id } = parseName(name, 'subscriptions');
    const state = this.subscriptions.get(name);
    if (!state) throw notFound(id);
    return state;
  }

  private replaceSubscription(state: SubscriptionState, resource: Subscription): Subscription {
    this.log?.subscription(resource);
    state.resource = resource;
    state.queue.configure(queueConfigOf(resource));
    this.observer.changed(resource, state.queue);
    return resource;
  }

  private store(message: PubsubMessage, publishTimeMs: number): StoredMessage {
    const seq = this.nextSeq++;
    const data = Buffer.from(message.data ?? Buffer.alloc(0));
    const attributes = { ...message.attributes };
    const orderingKey = message.orderingKey ?? '';
    return { seq, id: String(seq), data, attributes, orderingKey, publishTimeMs, size: messageSize(data, attributes, orderingKey) };
  }

  /** Hands messages to every subscription of the topic; a filter's rejects count as acked. */
  private route(topicName: string, messages: readonly StoredMessage[]): void {
    if (this.log) return this.routeDurably(topicName, messages, this.log);
    for (const state of this.subscriptions.values()) {
      if (state.resource.topic !== topicName) continue;
      for (const message of messages) if (state.filter(message.attributes)) state.queue.enqueue(message);
    }
  }

  /** Journaled before any subscription sees the messages, so a delivery can never precede its record. */
  private routeDurably(topicName: string, messages: readonly StoredMessage[], log: BrokerLog): void {
    const routes = new Map<string, number[]>();
    const routed = new Set<StoredMessage>();
    const targets: Array<[SubscriptionQueue, StoredMessage[]]> = [];
    for (const [name, state] of this.subscriptions) {
      if (state.resource.topic !== topicName) continue;
      const accepted = messages.filter((message) => state.filter(message.attributes));
      if (accepted.length === 0) continue;
      routes.set(name, accepted.map((message) => message.seq));
      targets.push([state.queue, accepted]);
      for (const message of accepted) routed.add(message);
    }
    // A message no subscription takes is gone at once, as in the service: nothing to keep.
    if (routes.size === 0) return;
    log.published([...routed], routes);
    for (const [queue, accepted] of targets) for (const message of accepted) queue.enqueue(message);
  }

  /** Republishes to the dead-letter topic with the attributes the service adds. */
  private forwardToDeadLetter(subscriptionName: string, message: StoredMessage, deliveryAttempts: number): boolean {
    const state = this.subscriptions.get(subscriptionName);
    const topicName = state?.resource.deadLetterPolicy?.deadLetterTopic;
    if (!topicName || !this.topics.has(topicName)) return false;
    const { project } = parseName(subscriptionName, 'subscriptions');
    const forwarded = this.store(
      {
        data: message.data,
        attributes: {
          ...message.attributes,
          CloudPubSubDeadLetterSourceDeliveryCount: String(deliveryAttempts),
          CloudPubSubDeadLetterSourceSubscription: parseName(subscriptionName, 'subscriptions').id,
          CloudPubSubDeadLetterSourceSubscriptionProject: project,
          CloudPubSubDeadLetterSourceTopicPublishTime: new Date(message.publishTimeMs).toISOString(),
        },
        messageId: '',
        publishTime: null,
        orderingKey: message.orderingKey,
      },
      Date.now(),
    );
    this.route(topicName, [forwarded]);
    return true;
  }
}

function validatePublish(messages: readonly PubsubMessage[]): void {
  if (messages.length === 0) throw invalidArgument('The request must contain at least one message.');
  let requestBytes = 0;
  for (const message of messages) {
    const attributes = Object.entries(message.attributes ?? {});
    const data = message.data ?? Buffer.alloc(0);
    if (data.length === 0 && attributes.length === 0) {
      throw invalidArgument(
        'One or more messages in the publish request is empty. Each message must contain either non-empty data, or at least one attribute.',
      );
    }
    if (attributes.length > MAX_ATTRIBUTES) {
      throw invalidArgument(`Too many attributes in a message: ${attributes.length} (the limit is ${MAX_ATTRIBUTES}).`);
    }
    for (const [key, value] of attributes) {
      if (key === '' || Buffer.byteLength(key) > MAX_ATTRIBUTE_KEY_BYTES || key.toLowerCase().startsWith('goog')) {
        throw invalidArgument(`Invalid attribute key given (key=${key}).`);
      }
      if (Buffer.byteLength(value) > MAX_ATTRIBUTE_VALUE_BYTES) {
        throw invalidArgument(`Attribute value too long for key ${key}: the limit is ${MAX_ATTRIBUTE_VALUE_BYTES} bytes.`);
      }
    }
    if (Buffer.byteLength(message.orderingKey ?? '') > MAX_ORDERING_KEY_BYTES) {
      throw invalidArgument(`Ordering key too long: the limit is ${MAX_ORDERING_KEY_BYTES} bytes.`);
    }
    requestBytes += messageSize(data, message.attributes ?? {}, message.orderingKey ?? '');
  }
  if (requestBytes > MAX_REQUEST_BYTES) {
    throw invalidArgument(`Request payload size exceeds the limit: ${MAX_REQUEST_BYTES} bytes.`);
  }
}

/** Name-ordered pages; the page token is the last name of the previous page. */
function paginate<T>(items: T[], nameOf: (item: T) => string, pageSize: number, pageToken: string): Page<T> {
  const sorted = [...items].sort((a, b) => (nameOf(a) < nameOf(b) ? -1 : 1));
  const start = pageToken === '' ? 0 : sorted.findIndex((item) => nameOf(item) > pageToken);
  const remaining = start < 0 ? [] : sorted.slice(start);
  const size = pageSize > 0 ? pageSize : DEFAULT_PAGE_SIZE;
  const page = remaining.slice(0, size);
  const nextPageToken = remaining.length > size ? nameOf(page[page.length - 1]!) : '';
  return { items: page, nextPageToken };
}
