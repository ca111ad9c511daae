/**
 * The Pub/Sub emulator's durable form in a data folder (see ../durability/journaled-state.ts),
 * so that a message published and not yet acked survives a crash or a stop and is delivered
 * after the restart, as the service keeps unacked messages for days:
 *
 * - `topic`, `topic-deleted`, `subscription`, `subscription-deleted`, `cleared`: resources,
 *   appended before the call that changed them answers;
 * - `published`: the messages of one Publish (or one dead-letter forward) and the
 *   subscriptions each went to, appended synchronously before the Publish answers and before
 *   any subscription can deliver them (no fsync of its own: the batched fsync covers it);
 * - `settled`: messages acked (or dead-lettered) in a subscription, collected and written as
 *   one record per tick. Losing the last of these in a crash means those messages are
 *   delivered again after the restart: at least once, as the service promises, and the
 *   handlers are idempotent.
 *
 * Kept: topics, subscriptions (push config, retry and dead-letter policies...) and each
 * subscription's outstanding messages, in publish order. Not kept: delivery attempt counts
 * (a restored message starts again at attempt 1), leases (an outstanding message is
 * redelivered at once), acked messages retained for Seek.
 */
import { JournaledState, type Recovery } from '../durability/journaled-state.js';
import type { Broker, BrokerState } from './broker.js';
import type { StoredMessage } from './message.js';
import type { Subscription, Topic } from './wire.js';

/** A stored message with its bytes as base64 (JSON). */
interface MessageRecord extends Omit<StoredMessage, 'data'> {
  data: string;
}

type PubSubJournalEntry =
  | { op: 'topic'; topic: Topic }
  | { op: 'topic-deleted'; name: string }
  | { op: 'subscription'; subscription: Subscription }
  | { op: 'subscription-deleted'; name: string }
  | { op: 'published'; messages: MessageRecord[]; routes: Array<[string, number[]]> }
  | { op: 'settled'; settled: Array<[string, number[]]> }
  | { op: 'cleared' };

interface SavedState extends Omit<BrokerState, 'messages'> {
  messages: Array<{ message: MessageRecord; subscriptions: string[] }>;
}

export interface DurablePubSubOptions {
  fsyncIntervalMs?: number;
  compactAfterBytes?: number;
  report?: (line: string) => void;
}

export interface DurablePubSub {
  recovery: Recovery;
  close(): Promise<void>;
}

/** Only what is outstanding is kept, so a small journal keeps start-up fast. */
const DEFAULT_COMPACT_AFTER_BYTES = 8 * 1024 * 1024;

export async function openDurablePubSub(broker: Broker, dir: string, options: DurablePubSubOptions = {}): Promise<DurablePubSub> {
  const report = options.report ?? ((line: string) => console.warn(`[pubsub] ${line}`));
  const { state, recovery } = await JournaledState.open<SavedState, PubSubJournalEntry>({
    dir,
    compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
    ...(options.fsyncIntervalMs === undefined ? {} : { fsyncIntervalMs: options.fsyncIntervalMs }),
    report: (line) => report(`journal ${line}`),
    restore: (saved) => restore(broker, saved),
    replay: (entry) => replay(broker, entry),
    capture: () => capture(broker),
  });

  // Acks arrive one by one on the hot path: one record per tick for all of them.
  let settled = new Map<string, number[]>();
  let flushDue: NodeJS.Immediate | undefined;
  const writeSettled = () => {
    flushDue = undefined;
    if (settled.size === 0) return;
    const entry: PubSubJournalEntry = { op: 'settled', settled: [...settled] };
    settled = new Map();
    state.append(entry);
  };

  broker.log = {
    topic: (topic) => state.append({ op: 'topic', topic }),
    topicDeleted: (name) => state.append({ op: 'topic-deleted', name }),
    subscription: (subscription) => state.append({ op: 'subscription', subscription }),
    subscriptionDeleted: (name) => {
      writeSettled();
      state.append({ op: 'subscription-deleted', name });
    },
    published: (messages, routes) => state.append({ op: 'published', messages: messages.map(toRecord), routes: [...routes] }),
    settled: (subscription, seq) => {
      const seqs = settled.get(subscription);
      if (seqs) seqs.push(seq);
      else settled.set(subscription, [seq]);
      flushDue ??= setImmediate(writeSettled);
    },
    cleared: () => {
      settled.clear();
      state.append({ op: 'cleared' });
    },
  };

  return {
    recovery,
    async close() {
      if (flushDue) clearImmediate(flushDue);
      writeSettled();
      broker.log = undefined;
      await state.close();
    },
  };
}

function restore(broker: Broker, saved: SavedState): void {
  broker.restoreNextSeq(saved.nextSeq);
  for (const topic of saved.topics) broker.restoreTopic(topic);
  for (const subscription of saved.subscriptions) broker.restoreSubscription(subscription);
  for (const { message, subscriptions } of saved.messages) broker.restoreMessage(fromRecord(message), subscriptions);
}

function replay(broker: Broker, entry: PubSubJournalEntry): void {
  switch (entry.op) {
    case 'topic':
      return broker.restoreTopic(entry.topic);
    case 'topic-deleted':
      return broker.restoreTopicDeleted(entry.name);
    case 'subscription':
      return broker.restoreSubscription(entry.subscription);
    case 'subscription-deleted':
      return broker.restoreSubscriptionDeleted(entry.name);
    case 'published': {
      const messages = new Map(entry.messages.map((record) => [record.seq, fromRecord(record)]));
      for (const message of messages.values()) broker.restoreNextSeq(message.seq + 1);
      for (const [subscription, seqs] of entry.routes) {
        for (const seq of seqs) {
          const message = messages.get(seq);
          if (message) broker.restoreMessage(message, [subscription]);
        }
      }
      return;
    }
    case 'settled':
      for (const [subscription, seqs] of entry.settled) for (const seq of seqs) broker.restoreSettled(subscription, seq);
      return;
    case 'cleared':
      return broker.restoreCleared();
  }
}

function capture(broker: Broker): SavedState {
  const state = broker.capture();
  return { ...state, messages: state.messages.map(({ message, subscriptions }) => ({ message: toRecord(message), subscriptions })) };
}

function toRecord(message: StoredMessage): MessageRecord {
  return { ...message, data: message.data.toString('base64') };
}

function fromRecord(record: MessageRecord): StoredMessage {
  return { ...record, data: Buffer.from(record.data, 'base64') };
}
