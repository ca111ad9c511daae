/** What the stack benches print about the functions' calls. The leading underscore keeps `npm run bench` from running this file. */
import { percentile } from './_photo-bench.js';
import type { Invocation } from '../test/integration/local-stack.js';

/** Calls, attempts that did not succeed, and the p50/p95 duration of each function's attempts: where the time went. */
export function describeCalls(records: Invocation[]): string {
  const byFunction = new Map<string, Invocation[]>();
  for (const record of records) {
    const calls = byFunction.get(record.function) ?? [];
    calls.push(record);
    byFunction.set(record.function, calls);
  }
  return [...byFunction]
    .map(([name, calls]) => {
      const failed = calls.filter((call) => call.outcome !== 'ok').length;
      const durations = calls.map((call) => call.durationMs);
      return `${name} ${calls.length} calls (${failed} not ok), p50 ${percentile(durations, 50).toFixed(0)} ms, p95 ${percentile(durations, 95).toFixed(0)} ms`;
    })
    .join('; ');
}
