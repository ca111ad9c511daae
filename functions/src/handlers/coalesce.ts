/**
 * Coalesces recomputations of one hot document within an instance. A subscriber that
 * just changed a shard needs "a recomputation that starts after my change": if one is
 * already waiting to start, it shares that one; otherwise it queues the next. So under a
 * burst of 40 concurrent favourites an instance writes the visible count a couple of
 * times instead of 40, and every caller still returns only after a recomputation that
 * includes its own change.
 */
export class Coalescer {
  private readonly lanes = new Map<string, { running: Promise<unknown> | null; waiting: Promise<unknown> | null }>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const lane = this.lanes.get(key) ?? { running: null, waiting: null };
    this.lanes.set(key, lane);
    if (lane.waiting) return lane.waiting as Promise<T>;
    const previous = lane.running ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(() => {
        // From here on, later callers need a fresh run: this one may already have read.
        lane.waiting = null;
        lane.running = next;
        return work();
      })
      .finally(() => {
        if (lane.running === next) lane.running = null;
        if (!lane.running && !lane.waiting) this.lanes.delete(key);
      });
    lane.waiting = next;
    return next;
  }
}

const perStore = new WeakMap<object, Coalescer>();

/** One coalescer per document store (an instance has one; each unit test has its own). */
export function coalescerFor(store: object): Coalescer {
  let coalescer = perStore.get(store);
  if (!coalescer) perStore.set(store, (coalescer = new Coalescer()));
  return coalescer;
}
