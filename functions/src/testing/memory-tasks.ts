import type { Tasks } from '../platform/tasks.js';

export interface EnqueuedTask {
  queue: string;
  data: Record<string, unknown>;
  id: string;
  at: Date;
}

/** Cloud Tasks in memory: what was enqueued, each id once (a second enqueue of an id is 'exists'). */
export class MemoryTasks implements Tasks {
  readonly enqueued: EnqueuedTask[] = [];
  /** Enqueued and not yet taken by `takeNext`. */
  private readonly pending: EnqueuedTask[] = [];
  private readonly ids = new Set<string>();
  /** Set to make the next enqueue fail (a Cloud Tasks outage). */
  failNext: Error | undefined;

  async enqueue(queue: string, data: Record<string, unknown>, { id, at }: { id: string; at: Date }): Promise<'enqueued' | 'exists'> {
    await Promise.resolve();
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = undefined;
      throw error;
    }
    if (this.ids.has(`${queue}/${id}`)) return 'exists';
    this.ids.add(`${queue}/${id}`);
    const task = { queue, data, id, at };
    this.enqueued.push(task);
    this.pending.push(task);
    return 'enqueued';
  }

  /** The pending task due first (only if due by `until`), taken off the queue (Cloud Tasks dispatching it). */
  takeNext(until?: Date): EnqueuedTask | undefined {
    if (this.pending.length === 0) return undefined;
    const next = this.pending.reduce((first, task) => (task.at.getTime() < first.at.getTime() ? task : first));
    if (until && next.at.getTime() > until.getTime()) return undefined;
    this.pending.splice(this.pending.indexOf(next), 1);
    return next;
  }

  of(queue: string): EnqueuedTask[] {
    return this.enqueued.filter((task) => task.queue === queue);
  }
}
