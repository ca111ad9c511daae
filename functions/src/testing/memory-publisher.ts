import type { DomainEvent } from '@encore/model';
import type { Publisher } from '../platform/publisher.js';

/** Records what would have been published, as it would arrive (through JSON). */
export class MemoryPublisher implements Publisher {
  readonly published: DomainEvent[] = [];

  async publish(event: DomainEvent) {
    this.published.push(JSON.parse(JSON.stringify(event)) as DomainEvent);
  }

  ofType<T extends DomainEvent['type']>(type: T): Array<DomainEvent<T>> {
    return this.published.filter((event): event is DomainEvent<T> => event.type === type);
  }
}
