/**
 * Validation, defaults and field-mask updates for Topic and Subscription resources, with
 * the limits and messages of the service. The stored resource is what Get returns.
 */
import { DEFAULT_RETRY_POLICY, type Backoff } from './backoff.js';
import { parseFilter } from './filter.js';
import { parseName } from './names.js';
import type { QueueConfig } from './subscription-queue.js';
import { invalidArgument } from './status.js';
import { durationToMs, msToDuration } from './time.js';
import type { FieldMask, PushConfig, Subscription, Topic } from './wire.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_ACK_DEADLINE_SECONDS = 10;
const DEFAULT_MAX_DELIVERY_ATTEMPTS = 5;
export const MAX_ACK_DEADLINE_SECONDS = 600;
const MIN_SUBSCRIPTION_ACK_DEADLINE_SECONDS = 10;

export function normalizeTopic(topic: Topic): Topic {
  parseName(topic.name, 'topics');
  return { ...topic, state: 'ACTIVE' };
}

export function normalizeSubscription(subscription: Subscription): Subscription {
  parseName(subscription.name, 'subscriptions');
  const ackDeadlineSeconds = subscription.ackDeadlineSeconds || DEFAULT_ACK_DEADLINE_SECONDS;
  if (ackDeadlineSeconds < MIN_SUBSCRIPTION_ACK_DEADLINE_SECONDS || ackDeadlineSeconds > MAX_ACK_DEADLINE_SECONDS) {
    throw invalidArgument(
      `Invalid ack deadline given (ack_deadline=${ackDeadlineSeconds}). The ack deadline must be between ${MIN_SUBSCRIPTION_ACK_DEADLINE_SECONDS} and ${MAX_ACK_DEADLINE_SECONDS} seconds.`,
    );
  }
  if (subscription.pushConfig) validatePushConfig(subscription.pushConfig);
  parseFilter(subscription.filter ?? '');
  return {
    ...subscription,
    ackDeadlineSeconds,
    messageRetentionDuration: subscription.messageRetentionDuration ?? msToDuration(7 * DAY_MS),
    expirationPolicy: subscription.expirationPolicy ?? { ttl: msToDuration(31 * DAY_MS) },
    deadLetterPolicy: normalizeDeadLetterPolicy(subscription.deadLetterPolicy),
    retryPolicy: normalizeRetryPolicy(subscription.retryPolicy),
    state: 'ACTIVE',
  };
}

function validatePushConfig(pushConfig: PushConfig): void {
  const endpoint = pushConfig.pushEndpoint;
  if (endpoint === '') return;
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw invalidArgument(`Invalid push endpoint given (endpoint=${endpoint}). Refer to https://cloud.google.com/pubsub/docs/push for more information.`);
  }
}

function normalizeDeadLetterPolicy(policy: Subscription['deadLetterPolicy']): Subscription['deadLetterPolicy'] {
  if (!policy || policy.deadLetterTopic === '') return null;
  parseName(policy.deadLetterTopic, 'topics');
  const maxDeliveryAttempts = policy.maxDeliveryAttempts || DEFAULT_MAX_DELIVERY_ATTEMPTS;
  if (maxDeliveryAttempts < 5 || maxDeliveryAttempts > 100) {
    throw invalidArgument(
      `Invalid max_delivery_attempts given (max_delivery_attempts=${maxDeliveryAttempts}). It must be between 5 and 100.`,
    );
  }
  return { deadLetterTopic: policy.deadLetterTopic, maxDeliveryAttempts };
}

function normalizeRetryPolicy(policy: Subscription['retryPolicy']): Subscription['retryPolicy'] {
  if (!policy) return null;
  const minMs = durationToMs(policy.minimumBackoff) ?? DEFAULT_RETRY_POLICY.minMs;
  const maxMs = durationToMs(policy.maximumBackoff) ?? DEFAULT_RETRY_POLICY.maxMs;
  const limitMs = MAX_ACK_DEADLINE_SECONDS * 1000;
  if (minMs < 0 || minMs > limitMs || maxMs < 0 || maxMs > limitMs || minMs > maxMs) {
    throw invalidArgument(
      'Invalid retry policy given: minimum_backoff and maximum_backoff must be between 0 and 600 seconds, with minimum_backoff not above maximum_backoff.',
    );
  }
  return { minimumBackoff: msToDuration(minMs), maximumBackoff: msToDuration(maxMs) };
}

export function queueConfigOf(subscription: Subscription): QueueConfig {
  const retry: Backoff | null = subscription.retryPolicy
    ? {
        minMs: durationToMs(subscription.retryPolicy.minimumBackoff) ?? DEFAULT_RETRY_POLICY.minMs,
        maxMs: durationToMs(subscription.retryPolicy.maximumBackoff) ?? DEFAULT_RETRY_POLICY.maxMs,
      }
    : null;
  const policy = subscription.deadLetterPolicy;
  return {
    ordering: subscription.enableMessageOrdering,
    retainAcked: subscription.retainAckedMessages,
    deadLetter: policy ? { topic: policy.deadLetterTopic, maxDeliveryAttempts: policy.maxDeliveryAttempts } : null,
    retry,
  };
}

const IMMUTABLE_SUBSCRIPTION_FIELDS = new Set(['name', 'topic', 'enableMessageOrdering', 'filter']);

/**
 * Applies an update mask (snake_case paths, as clients send them) to a stored resource.
 * Nested paths (`push_config.push_endpoint`) replace their top-level field.
 */
export function applyUpdateMask<T extends Record<string, unknown>>(
  stored: T,
  update: T,
  mask: FieldMask | null,
  immutable: ReadonlySet<string>,
  requestName: string,
): T {
  if (!mask || mask.paths.length === 0) {
    throw invalidArgument(`The update_mask in the ${requestName} must be set, and must be non-empty.`);
  }
  const result: Record<string, unknown> = { ...stored };
  for (const path of mask.paths) {
    const field = snakeToCamel(path.split('.')[0]!);
    if (immutable.has(field) || !(field in update)) {
      throw invalidArgument(`Invalid update_mask provided in the ${requestName}: the '${path}' field cannot be updated.`);
    }
    result[field] = update[field];
  }
  return result as T;
}

export function updateSubscription(stored: Subscription, update: Subscription, mask: FieldMask | null): Subscription {
  const merged = applyUpdateMask(stored, update, mask, IMMUTABLE_SUBSCRIPTION_FIELDS, 'UpdateSubscriptionRequest');
  return normalizeSubscription(merged);
}

export function updateTopic(stored: Topic, update: Topic, mask: FieldMask | null): Topic {
  return normalizeTopic(applyUpdateMask(stored, update, mask, new Set(['name']), 'UpdateTopicRequest'));
}

function snakeToCamel(path: string): string {
  return path.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}
