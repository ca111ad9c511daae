/**
 * A synchronous, typed publish/subscribe feed.
 *
 * Emulators publish what changed (documents written, objects finalized); the local
 * functions runner subscribes and turns each change into a CloudEvent. Subscribers are
 * called in publish order; a throwing subscriber is isolated so one bad listener cannot
 * break a write.
 */
export class Feed<T> {
  private readonly subscribers = new Set<(event: T) => void>();

  subscribe(subscriber: (event: T) => void): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  publish(event: T): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber(event);
      } catch (error) {
        console.error('[feed] subscriber failed', error);
      }
    }
  }
}
