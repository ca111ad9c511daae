/**
 * Helpers every conformance client shares. Browser-safe (no Node APIs): the web client is
 * bundled for Chromium with this file.
 */
import type { ClientError, DocumentData, ErrorCode, ListenEvent, Outcome, TransactionScript, Value } from '../client.js';

const CODE_BY_NUMBER: ErrorCode[] = [
  'unknown', // 0 (OK) never reaches here
  'cancelled',
  'unknown',
  'invalid-argument',
  'deadline-exceeded',
  'not-found',
  'already-exists',
  'permission-denied',
  'resource-exhausted',
  'failed-precondition',
  'aborted',
  'out-of-range',
  'unimplemented',
  'internal',
  'unavailable',
  'data-loss',
  'unauthenticated',
];

/** Thrown inside a transaction script by `failAfterReads`. */
export class ScriptAbort extends Error {
  constructor() {
    super('failAfterReads');
  }
}

/** Any SDK error as a ClientError: numeric gRPC codes (admin), string codes (web, 'firestore/x' too). */
export function toClientError(error: unknown): ClientError {
  if (error instanceof ScriptAbort) return { code: 'cancelled', message: 'failAfterReads' };
  const e = error as { code?: unknown; message?: unknown; details?: unknown };
  const message = typeof e?.message === 'string' ? e.message : String(error);
  if (typeof e?.code === 'number') return { code: CODE_BY_NUMBER[e.code] ?? 'unknown', message };
  if (typeof e?.code === 'string') {
    const code = e.code.replace(/^firestore\//, '') as ErrorCode;
    if ((CODE_BY_NUMBER as string[]).includes(code)) return { code, message };
  }
  // The SDKs validate arguments before sending and throw plain errors for bad ones.
  return { code: 'invalid-argument', message };
}

export async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, error: toClientError(error) };
  }
}

/** RFC 3339 with 9 fractional digits from seconds + nanoseconds (both SDKs' Timestamp). */
export function isoFromTimestamp(seconds: number, nanoseconds: number): string {
  const base = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${base}.${String(nanoseconds).padStart(9, '0')}Z`;
}

/** `{$timestamp}` -> seconds + nanoseconds. */
export function timestampParts(iso: string): { seconds: number; nanoseconds: number } {
  const match = /^(.*?)(?:\.(\d{1,9}))?Z$/.exec(iso);
  if (!match) throw new Error(`Bad $timestamp: ${iso}`);
  const seconds = Math.floor(Date.parse(`${match[1]}Z`) / 1000);
  return { seconds, nanoseconds: Number((match[2] ?? '').padEnd(9, '0')) };
}

/** The single `$` key of a tagged value, if it is one. */
export function tagOf(value: Value): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0]!.startsWith('$') ? keys[0] : undefined;
}

/** Replaces `{$fromRead}` values with what the transaction read. */
export function resolveReads(data: DocumentData, reads: Map<string, DocumentData | undefined>): DocumentData {
  const resolve = (value: Value): Value => {
    if (tagOf(value) === '$fromRead') {
      const { path, field, add } = (value as { $fromRead: { path: string; field: string; add?: number } }).$fromRead;
      let current: Value | undefined = reads.get(path);
      for (const segment of field.split('.')) current = (current as Record<string, Value> | undefined)?.[segment];
      if (add === undefined) return current ?? null;
      return (typeof current === 'number' ? current : 0) + add;
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (typeof value === 'object' && value !== null && tagOf(value) === undefined) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    }
    return value;
  };
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, resolve(v)]));
}

export function checkScript(script: TransactionScript): void {
  if ((script.readOnly || script.readTime) && script.writes.length > 0) throw new Error('A read-only transaction script cannot write.');
}

/** Listener events queued per id, handed out by `next` (never lost, never duplicated). */
export class ListenerQueues {
  private counter = 0;
  private readonly queues = new Map<string, { events: ListenEvent[]; waiter?: (event: ListenEvent) => void; stop: () => void }>();

  add(stop: () => void): { id: string; push: (event: ListenEvent) => void } {
    const id = `l${++this.counter}`;
    const entry: { events: ListenEvent[]; waiter?: (event: ListenEvent) => void; stop: () => void } = { events: [], stop };
    this.queues.set(id, entry);
    return {
      id,
      push: (event) => {
        if (entry.waiter) {
          const waiter = entry.waiter;
          entry.waiter = undefined;
          waiter(event);
        } else {
          entry.events.push(event);
        }
      },
    };
  }

  /** Replaces the stop function once the SDK listener is registered. */
  setStop(id: string, stop: () => void): void {
    const entry = this.queues.get(id);
    if (entry) entry.stop = stop;
  }

  next(id: string, timeoutMs: number): Promise<ListenEvent> {
    const entry = this.queues.get(id);
    if (!entry) return Promise.resolve({ kind: 'error', error: { code: 'not-found', message: `No listener ${id}` } });
    const queued = entry.events.shift();
    if (queued) return Promise.resolve(queued);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        entry.waiter = undefined;
        resolve({ kind: 'timeout' });
      }, timeoutMs);
      entry.waiter = (event) => {
        clearTimeout(timer);
        resolve(event);
      };
    });
  }

  remove(id: string): void {
    const entry = this.queues.get(id);
    if (!entry) return;
    entry.stop();
    entry.waiter?.({ kind: 'timeout' });
    this.queues.delete(id);
  }

  removeAll(): void {
    for (const id of [...this.queues.keys()]) this.remove(id);
  }
}
