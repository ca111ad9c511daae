import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LocalPushEndpoints } from '../common/local-push.js';
import { PushDelivery, type PushAttempt } from './push-delivery.js';
import type { Consumer, SubscriptionQueue } from './subscription-queue.js';
import type { Subscription } from './wire.js';

const ENDPOINT = 'http://127.0.0.1:1/in-process/f';
const subscription = { name: 'projects/p/subscriptions/s', pushConfig: { pushEndpoint: ENDPOINT }, ackDeadlineSeconds: 10, deadLetterPolicy: null } as unknown as Subscription;
const message = { seq: 1, id: '1', data: Buffer.from('x'), attributes: {}, orderingKey: '', publishTimeMs: 0, size: 1 };

/** A push subscription to an in-process handler that answers only when told to, and what the queue heard back. */
function pushing() {
  const endpoints = new LocalPushEndpoints();
  const answers: Array<(status: number) => void> = [];
  const signals: AbortSignal[] = [];
  endpoints.register('http://127.0.0.1:1/in-process/', (_endpoint, _body, signal) => {
    signals.push(signal);
    return new Promise<number>((resolve) => answers.push(resolve));
  });
  const acked: string[] = [];
  const nacked: string[] = [];
  let consumer: Consumer | undefined;
  const queue = {
    addConsumer: (added: Consumer) => (consumer = added),
    removeConsumer: () => {},
    acknowledge: (ids: string[]) => acked.push(...ids),
    modifyAckDeadline: (ids: string[]) => nacked.push(...ids),
  } as unknown as SubscriptionQueue;
  const attempts: PushAttempt[] = [];
  const delivery = new PushDelivery((attempt) => attempts.push(attempt), endpoints);
  delivery.changed(subscription, queue);
  const push = (ackId: string) => consumer!.deliver([{ ackId, message, deliveryAttempt: 1 }]);
  return { delivery, push, answers, signals, acked, nacked, attempts };
}

describe('PushDelivery to an in-process endpoint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('acks an answer within the ack deadline', async () => {
    const { push, answers, acked, attempts } = pushing();
    push('a');
    answers[0]!(204);
    await vi.advanceTimersByTimeAsync(0);
    expect(acked).toEqual(['a']);
    expect(attempts.map(({ status, acked }) => [status, acked])).toEqual([[204, true]]);
  });

  it('nacks a push unanswered at its ack deadline (status 0), and an answer after it changes nothing', async () => {
    const { push, answers, acked, nacked, attempts } = pushing();
    push('a');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(nacked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(nacked).toEqual(['a']);
    answers[0]!(204);
    await vi.advanceTimersByTimeAsync(0);
    expect(acked).toEqual([]);
    expect(attempts.map(({ status, acked }) => [status, acked])).toEqual([[0, false]]);
  });

  it('when the subscription is deleted, aborts the signal its handler got and reports nothing for the push in flight', async () => {
    const { delivery, push, answers, signals, acked, nacked, attempts } = pushing();
    push('a');
    delivery.deleted(subscription.name);
    expect(signals[0]!.aborted).toBe(true);
    answers[0]!(204);
    await vi.advanceTimersByTimeAsync(10_000);
    expect([acked, nacked, attempts]).toEqual([[], [], []]);
  });
});
