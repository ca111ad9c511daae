/** The functions runner's report of every attempt, with ways to wait on it (Encore's target only). */
import type { InvocationRecord } from '@encore/emulators/stack';

/** One attempt of one function, as the runner logs it. */
export type Invocation = InvocationRecord;

/** Every function attempt the runner reports, with a way to wait for a condition over them. */
export class InvocationLog {
  readonly records: Invocation[] = [];
  private waiters: Array<() => void> = [];

  add(record: Invocation): void {
    this.records.push(record);
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Resolves once `accept(records)` is true; rejects with what was seen after `timeoutMs`. */
  async until(accept: (records: Invocation[]) => boolean, what: string, timeoutMs = 60_000): Promise<Invocation[]> {
    const deadline = Date.now() + timeoutMs;
    while (!accept(this.records)) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}; failures: ${JSON.stringify(this.records.filter((r) => r.outcome !== 'ok').slice(-5))}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.records;
  }

  /**
   * Resolves once the asynchronous `check` holds, asking again whenever the runner reports
   * another function call (the only way the backend changes anything), never on a timer.
   */
  async whenever(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const seen = this.records.length;
      if (await check()) return;
      await this.until((records) => records.length > seen, what, Math.max(1, deadline - Date.now()));
    }
  }

  /** Successful calls of one function. */
  ok(name: string): Invocation[] {
    return this.records.filter((record) => record.function === name && record.outcome === 'ok');
  }
}
