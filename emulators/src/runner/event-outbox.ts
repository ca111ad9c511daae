/**
 * Trigger events the runner accepted and has not finished delivering, kept in a data folder
 * (../durability/journaled-state.ts), so that a Firestore write or a Storage upload that was
 * acknowledged always gets its function call, even across a `kill -9` or Ctrl-C: production
 * delivers events at least once, and so does the local stack.
 *
 * - `accepted`: appended synchronously while the emulator's change feed is being published,
 *   that is inside the write that caused it and before that write is acknowledged (the
 *   emulators publish their feeds in the same tick as their own journal append, and reply
 *   afterwards). No fsync of its own: the journal's batched fsync covers it.
 * - `settled`: the event ended (delivered, dropped, or given up after its retries). These are
 *   collected and written as one record per tick: losing the last ones in a crash means a
 *   duplicate delivery after the restart, which the handlers are written to absorb.
 *
 * After a restart, `pending()` is every event accepted and not settled, with the same
 * CloudEvent (id included) as its first delivery, so an idempotent handler recognises it.
 */
import { JournaledState, type Recovery } from '../durability/journaled-state.js';
import type { CloudEvent } from './cloudevents.js';

export interface PendingEvent {
  /** Outbox-wide sequence number, in acceptance order. */
  seq: number;
  /** The function the event is for. */
  function: string;
  /** Its invocation log label (`firestore.written`, `storage.finalized`...). */
  trigger: string;
  event: CloudEvent;
}

type OutboxEntry = ({ op: 'accepted' } & PendingEvent) | { op: 'settled'; seqs: number[] };

interface OutboxState {
  events: PendingEvent[];
  nextSeq: number;
}

export interface EventOutboxOptions {
  fsyncIntervalMs?: number;
  compactAfterBytes?: number;
}

/** Small on purpose: the state is only what is in flight, so compaction is cheap and start-up fast. */
const DEFAULT_COMPACT_AFTER_BYTES = 4 * 1024 * 1024;

export class EventOutbox {
  private readonly events = new Map<number, PendingEvent>();
  private nextSeq = 1;
  private settledSoon: number[] = [];
  private flushDue: NodeJS.Immediate | undefined;
  private closed = false;
  private state!: JournaledState<OutboxState, OutboxEntry>;
  recovery!: Recovery;

  private constructor() {}

  static async open(dir: string, options: EventOutboxOptions = {}): Promise<EventOutbox> {
    const outbox = new EventOutbox();
    const { state, recovery } = await JournaledState.open<OutboxState, OutboxEntry>({
      dir,
      compactAfterBytes: options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES,
      ...(options.fsyncIntervalMs === undefined ? {} : { fsyncIntervalMs: options.fsyncIntervalMs }),
      report: (line) => console.warn(`[functions-runner] events journal ${line}`),
      restore: (saved) => {
        saved.events.forEach((event) => outbox.remember(event));
        outbox.nextSeq = Math.max(outbox.nextSeq, saved.nextSeq);
      },
      replay: (entry) => outbox.apply(entry),
      capture: () => ({ events: [...outbox.events.values()], nextSeq: outbox.nextSeq }),
    });
    outbox.state = state;
    outbox.recovery = recovery;
    return outbox;
  }

  /** Events accepted before the last stop or crash and never settled, in acceptance order. */
  pending(): PendingEvent[] {
    return [...this.events.values()];
  }

  /** Records an event before the write that caused it is acknowledged; returns its sequence number. */
  accept(functionName: string, trigger: string, event: CloudEvent): number | undefined {
    if (this.closed) return undefined;
    const pending: PendingEvent = { seq: this.nextSeq, function: functionName, trigger, event };
    this.state.append({ op: 'accepted', ...pending });
    this.remember(pending);
    return pending.seq;
  }

  /** The event needs no more delivery; written with the others settled in this tick. */
  settle(seq: number | undefined): void {
    if (seq === undefined) return;
    if (this.closed || !this.events.delete(seq)) return;
    this.settledSoon.push(seq);
    this.flushDue ??= setImmediate(() => this.writeSettled());
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.flushDue) clearImmediate(this.flushDue);
    this.writeSettled();
    this.closed = true;
    await this.state.close();
  }

  private writeSettled(): void {
    this.flushDue = undefined;
    if (this.settledSoon.length === 0) return;
    const seqs = this.settledSoon;
    this.settledSoon = [];
    this.state.append({ op: 'settled', seqs });
  }

  private apply(entry: OutboxEntry): void {
    if (entry.op === 'accepted') {
      const { op: _op, ...pending } = entry;
      this.remember(pending);
    } else {
      for (const seq of entry.seqs) this.events.delete(seq);
    }
  }

  private remember(event: PendingEvent): void {
    this.events.set(event.seq, event);
    this.nextSeq = Math.max(this.nextSeq, event.seq + 1);
  }
}
