/**
 * What the runner knows about each exported function, normalized from the `__endpoint`
 * metadata firebase-functions attaches to every v2 export (see its runtime/manifest.js).
 * The worker sends the raw endpoints (ResetValue as null, params resolved); this file
 * turns them into the few facts routing, retries and limits need.
 */

import { DEFAULT_TASK_RETRY, type TaskRetry } from './task-queue.js';

export const DEFAULT_REGION = 'us-central1';
/** Cloud Run functions default: 60 s for every kind of v2 function. */
const DEFAULT_TIMEOUT_SECONDS = 60;
/** v2 default concurrency per instance (with at least one full vCPU). */
const DEFAULT_CONCURRENCY = 80;
/**
 * Production gives each instance its own CPU and memory; locally every instance shares one
 * process on a laptop, so `maxInstances: 20` of a 2 GiB image function must not mean 20
 * images at once. The cap is memory: this many 2 GiB instances' worth per function, so a
 * smaller instance counts for its share (a 256 MiB trigger that takes one call at a time runs
 * 32 side by side, as production spreads a burst over its instances). Instances beyond it are
 * not simulated.
 */
export const DEFAULT_LOCAL_INSTANCES = 4;
/** The memory one instance of the local cap stands for: the image functions'. */
const LOCAL_INSTANCE_MB = 2048;
/** firebase-functions' memory for a v2 function that sets none. */
const DEFAULT_MEMORY_MB = 256;

export interface RawEndpoint {
  entryPoint: string;
  region?: string[] | null;
  timeoutSeconds?: number | null;
  concurrency?: number | null;
  maxInstances?: number | null;
  availableMemoryMb?: number | null;
  eventTrigger?: {
    eventType: string;
    eventFilters?: Record<string, string>;
    eventFilterPathPatterns?: Record<string, string>;
    retry?: boolean | null;
  };
  scheduleTrigger?: {
    schedule: string;
    timeZone?: string | null;
    retryConfig?: { retryCount?: number | null; minBackoffSeconds?: number | null; maxBackoffSeconds?: number | null } | null;
  };
  httpsTrigger?: object;
  callableTrigger?: object;
  taskQueueTrigger?: {
    retryConfig?: { maxAttempts?: number | null; minBackoffSeconds?: number | null; maxBackoffSeconds?: number | null; maxDoublings?: number | null } | null;
  };
}

export type Trigger =
  | { kind: 'firestore'; eventType: string; database: string; document: string }
  | { kind: 'storage'; eventType: string; bucket: string }
  | { kind: 'pubsub'; topic: string }
  | { kind: 'https' }
  | { kind: 'callable' }
  | { kind: 'taskQueue'; retry: TaskRetry }
  | { kind: 'schedule'; schedule: string; timeZone: string; retryCount: number }
  | { kind: 'unsupported'; description: string };

export interface FunctionDefinition {
  /** Export name; nested exports are joined with `-` as the Firebase CLI does. */
  name: string;
  entryPoint: string;
  regions: string[];
  trigger: Trigger;
  /** Event functions only: redeliver failures with backoff. */
  retry: boolean;
  timeoutMs: number;
  /** Bounded parallelism: concurrency per instance times instances (`maxInstances`, 1 when unset; at most the local cap's memory). */
  maxParallel: number;
}

export function defineFunction(name: string, endpoint: RawEndpoint, localInstances = DEFAULT_LOCAL_INSTANCES): FunctionDefinition {
  const concurrency = endpoint.concurrency ?? DEFAULT_CONCURRENCY;
  const simulated = Math.max(1, Math.floor((localInstances * LOCAL_INSTANCE_MB) / (endpoint.availableMemoryMb ?? DEFAULT_MEMORY_MB)));
  const instances = Math.min(endpoint.maxInstances ?? 1, simulated);
  return {
    name,
    entryPoint: endpoint.entryPoint,
    regions: endpoint.region && endpoint.region.length > 0 ? endpoint.region : [DEFAULT_REGION],
    trigger: triggerOf(endpoint),
    retry: endpoint.eventTrigger?.retry === true,
    timeoutMs: (endpoint.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000,
    maxParallel: Math.max(1, concurrency * instances),
  };
}

function triggerOf(endpoint: RawEndpoint): Trigger {
  if (endpoint.httpsTrigger) return { kind: 'https' };
  if (endpoint.callableTrigger) return { kind: 'callable' };
  if (endpoint.taskQueueTrigger) {
    const retry = endpoint.taskQueueTrigger.retryConfig ?? {};
    const maxAttempts = retry.maxAttempts ?? DEFAULT_TASK_RETRY.maxAttempts;
    return {
      kind: 'taskQueue',
      retry: {
        // Cloud Tasks reads -1 as unlimited.
        maxAttempts: maxAttempts < 0 ? Number.POSITIVE_INFINITY : Math.max(1, maxAttempts),
        minBackoffSeconds: retry.minBackoffSeconds ?? DEFAULT_TASK_RETRY.minBackoffSeconds,
        maxBackoffSeconds: retry.maxBackoffSeconds ?? DEFAULT_TASK_RETRY.maxBackoffSeconds,
        maxDoublings: retry.maxDoublings ?? DEFAULT_TASK_RETRY.maxDoublings,
      },
    };
  }
  if (endpoint.scheduleTrigger) {
    return {
      kind: 'schedule',
      schedule: endpoint.scheduleTrigger.schedule,
      timeZone: endpoint.scheduleTrigger.timeZone ?? 'UTC',
      retryCount: endpoint.scheduleTrigger.retryConfig?.retryCount ?? 0,
    };
  }
  const event = endpoint.eventTrigger;
  if (!event) return { kind: 'unsupported', description: 'no trigger in __endpoint' };
  const filters = event.eventFilters ?? {};
  if (event.eventType.startsWith('google.cloud.firestore.document.v1.')) {
    const document = event.eventFilterPathPatterns?.document ?? filters.document;
    if (document === undefined) return { kind: 'unsupported', description: 'Firestore trigger without a document' };
    return { kind: 'firestore', eventType: event.eventType, database: filters.database ?? '(default)', document };
  }
  if (event.eventType.startsWith('google.cloud.storage.object.v1.') && filters.bucket !== undefined) {
    return { kind: 'storage', eventType: event.eventType, bucket: filters.bucket };
  }
  if (event.eventType === 'google.cloud.pubsub.topic.v1.messagePublished' && filters.topic !== undefined) {
    return { kind: 'pubsub', topic: filters.topic };
  }
  return { kind: 'unsupported', description: event.eventType };
}
