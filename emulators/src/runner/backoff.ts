/** Exponential backoff for redelivering failed events (doubling from `minMs`, capped at `maxMs`). */
export interface RetryPolicy {
  /** Delivery attempts in all, the first included, before an event is given up. */
  maxAttempts: number;
  minBackoffMs: number;
  maxBackoffMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 5, minBackoffMs: 1_000, maxBackoffMs: 60_000 };

/** Delay before attempt `attempt + 1`, after `attempt` (1-based) failed. */
export function backoffDelay(policy: RetryPolicy, attempt: number): number {
  return Math.min(policy.maxBackoffMs, policy.minBackoffMs * 2 ** (attempt - 1));
}
