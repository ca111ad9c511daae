/**
 * What the functions' instances cost, from what the code says and what the local runner
 * measured. Cloud Functions (2nd gen) are Cloud Run services billed in Cloud Run's
 * request-based mode ("CPU only allocated during request processing", the default for
 * functions): an instance is billed, per vCPU-second and GiB-second of what it is configured
 * with, for the time at least one request is in flight on it (rounded up to 100 ms), plus a
 * price per request; requests in flight together on one instance (its `concurrency`) share it.
 *
 * The settings come from the functions' own `__endpoint` (firebase-functions attaches it to
 * every v2 export: memory, cpu, concurrency), read from functions/src/index.ts, so a change of
 * options shows here. The durations are the local runner's (wall clock per attempt, on a
 * shared laptop-class machine: an estimate of production's, not its measurement).
 *
 * The day's billed instance time of a function called N times a day, each call d seconds long
 * on average, over T seconds: the calls in flight at a moment average L = N·d/T (Little's law);
 * with calls arriving independently, at least one is in flight for a share 1 - e^-L of the day
 * (the M/G/∞ queue), and L/c instances are needed when more than c are in flight. Billed:
 * T·(1 - e^-L)·max(1, L/c) instance-seconds, and no less than one 100 ms unit per call when
 * calls are sparse. With c = 1 (a fraction of a vCPU allows no more) nothing is shared: each
 * call pays its own duration, at least one unit. Durations measured at a whole core are
 * stretched by 1/vCPU below one, as if every millisecond were CPU. Cold starts and idle
 * instances kept warm are not in it. The leading underscore keeps `npm run bench` from
 * running this file as a benchmark.
 */
import type { Invocation } from '../test/integration/local-stack.js';

export interface FunctionSettings {
  memoryGiB: number;
  vcpu: number;
  concurrency: number;
  kind: 'event' | 'pubsub' | 'https' | 'callable' | 'schedule';
}

/** Cloud Run functions' vCPU for a memory size when `cpu` is not set (the 1st-gen table firebase-functions keeps by default). */
function defaultVcpu(memoryMb: number): number {
  const table: Array<[number, number]> = [
    [128, 0.083],
    [256, 0.167],
    [512, 0.333],
    [1024, 0.583],
    [2048, 1],
    [4096, 2],
  ];
  return table.find(([mb]) => memoryMb <= mb)?.[1] ?? 2;
}

interface Endpoint {
  availableMemoryMb?: number | null;
  cpu?: number | 'gcf_gen1' | null;
  concurrency?: number | null;
  eventTrigger?: { eventType: string };
  scheduleTrigger?: object;
  httpsTrigger?: object;
  callableTrigger?: object;
}

/** Every exported function's settings, from its `__endpoint` (functions/src/index.ts, loaded from sources). */
export async function functionSettings(projectId: string): Promise<Map<string, FunctionSettings>> {
  // firebase-functions resolves the default bucket from these when a Storage trigger is defined.
  process.env.FIREBASE_CONFIG ??= JSON.stringify({ projectId, storageBucket: `${projectId}.appspot.com` });
  process.env.GCLOUD_PROJECT ??= projectId;
  const exports = (await import('../src/index.js')) as Record<string, unknown>;
  const settings = new Map<string, FunctionSettings>();
  for (const [name, value] of Object.entries(exports)) {
    const endpoint = (value as { __endpoint?: Endpoint } | null)?.__endpoint;
    if (!endpoint) continue;
    const memoryMb = endpoint.availableMemoryMb ?? 256;
    const kind = endpoint.scheduleTrigger
      ? 'schedule'
      : endpoint.httpsTrigger
        ? 'https'
        : endpoint.callableTrigger
          ? 'callable'
          : endpoint.eventTrigger?.eventType.includes('pubsub')
            ? 'pubsub'
            : 'event';
    settings.set(name, {
      memoryGiB: memoryMb / 1024,
      vcpu: typeof endpoint.cpu === 'number' ? endpoint.cpu : defaultVcpu(memoryMb),
      // Scheduled functions take one request at a time; v2's default is 80.
      concurrency: endpoint.concurrency ?? (kind === 'schedule' ? 1 : 80),
      kind,
    });
  }
  return settings;
}

/** Calls and their total duration per function, from the runner's records. */
export type CallTimes = Map<string, { calls: number; totalMs: number }>;

export function callTimes(records: readonly Invocation[]): CallTimes {
  const times: CallTimes = new Map();
  for (const record of records) {
    const entry = times.get(record.function) ?? { calls: 0, totalMs: 0 };
    entry.calls += 1;
    entry.totalMs += record.durationMs;
    times.set(record.function, entry);
  }
  return times;
}

/**
 * An action's calls with each function's duration the median of its successful attempts over
 * several runs of the action (`runs`: every attempt the runs logged), not of its one call in
 * the measured run. One call on a shared 2-core machine varies up to 2x from run to run
 * (processPhoto took 614-1,250 ms over one evening's bills), and the median of a few is
 * steadier than either the one call or a mean. The number of calls stays the measured run's; a
 * function the runs never completed keeps its measured time.
 */
export function withMedianDurations(calls: CallTimes, runs: readonly Invocation[]): CallTimes {
  const typical: CallTimes = new Map();
  for (const [name, times] of calls) {
    const durations = runs.filter((record) => record.function === name && record.outcome === 'ok').map((record) => record.durationMs);
    typical.set(name, durations.length === 0 ? { ...times } : { calls: times.calls, totalMs: times.calls * median(durations) });
  }
  return typical;
}

function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Adds `times` scaled by `factor` into `into` (a day's calls from one action's). */
export function addCalls(into: CallTimes, times: CallTimes, factor: number): void {
  for (const [name, { calls, totalMs }] of times) {
    const entry = into.get(name) ?? { calls: 0, totalMs: 0 };
    entry.calls += calls * factor;
    entry.totalMs += totalMs * factor;
    into.set(name, entry);
  }
}

/** Billed instance-seconds of one function over a day of `daySeconds` (see the file's comment). */
export function billedInstanceSeconds(calls: number, meanSeconds: number, concurrency: number, daySeconds: number): number {
  if (calls <= 0) return 0;
  // One request per instance: nothing is shared, every call pays its own time, at least a unit.
  if (concurrency === 1) return calls * Math.max(meanSeconds, 0.1);
  const inFlight = (calls * Math.max(meanSeconds, 0.1)) / daySeconds;
  const busy = daySeconds * (1 - Math.exp(-inFlight)) * Math.max(1, inFlight / concurrency);
  // Sparse calls each pay at least one 100 ms unit (the busy share above already covers dense ones).
  return Math.max(busy, Math.min(calls * 0.1, daySeconds));
}

export interface InstanceLine {
  name: string;
  calls: number;
  meanSeconds: number;
  settings: FunctionSettings;
  instanceSeconds: number;
  vcpuSeconds: number;
  gibSeconds: number;
}

/** Each function's day: calls, mean duration, billed instance time, in vCPU- and GiB-seconds. */
export function instanceDay(day: CallTimes, settings: Map<string, FunctionSettings>, daySeconds: number): InstanceLine[] {
  return [...day]
    .map(([name, { calls, totalMs }]) => {
      const found = settings.get(name);
      if (!found) throw new Error(`the runner called ${name}, which functions/src/index.ts does not export`);
      // The runner's calls had a whole core; on a fraction of one, a call is taken to stretch as if it
      // were all CPU (a ceiling: time spent waiting on the network would not stretch).
      const meanSeconds = totalMs / calls / 1000 / Math.min(1, found.vcpu);
      const instanceSeconds = billedInstanceSeconds(calls, meanSeconds, found.concurrency, daySeconds);
      return { name, calls, meanSeconds, settings: found, instanceSeconds, vcpuSeconds: instanceSeconds * found.vcpu, gibSeconds: instanceSeconds * found.memoryGiB };
    })
    .sort((a, b) => b.vcpuSeconds - a.vcpuSeconds);
}
