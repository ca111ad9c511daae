/**
 * Redelivery delays after a nack or an expired ack deadline.
 *
 * With a retry policy the delay grows exponentially from its minimum to its maximum backoff
 * (defaults 10 s and 600 s, as the service's). Without one, pull subscriptions redeliver at
 * once and push subscriptions back off from 100 ms to 60 s, as the service's push
 * flow control does.
 */
export interface Backoff {
  minMs: number;
  maxMs: number;
}

export const DEFAULT_RETRY_POLICY: Backoff = { minMs: 10_000, maxMs: 600_000 };
export const PUSH_WITHOUT_RETRY_POLICY: Backoff = { minMs: 100, maxMs: 60_000 };

/** The delay before redelivery after `failures` (1 or more) failed deliveries. */
export function backoffDelay(backoff: Backoff | null, failures: number): number {
  if (!backoff) return 0;
  const exponent = Math.min(Math.max(failures - 1, 0), 30);
  return Math.min(backoff.maxMs, backoff.minMs * 2 ** exponent);
}
