/**
 * Cloud Tasks for `onTaskDispatched` functions, as firebase-admin's `getFunctions().taskQueue()`
 * reaches it under an emulator (`CLOUD_TASKS_EMULATOR_HOST`, which the runner points at itself):
 *
 *   POST   /projects/{p}/locations/{l}/queues/{q}/tasks        `{ task }` → 200 with the task
 *   DELETE /projects/{p}/locations/{l}/queues/{q}/tasks/{id}   → 200, or 404 for no such task
 *
 * As in Cloud Tasks: a named task (`opts.id`) is refused with 409 ALREADY_EXISTS while it is
 * queued or running and for `NAME_RESERVED_MS` after it ended or was deleted (so a dedupe id per
 * window creates one task however many callers ask); it is dispatched at its `scheduleTime`
 * (at once without one) as an HTTP POST to the function with the `X-CloudTasks-*` headers; a
 * non-2xx answer is retried with the queue's retryConfig backoff until `maxAttempts`.
 * Not modelled: rate limits and queue pause/purge. Tasks live in memory: a crash loses those
 * not yet dispatched (Cloud Tasks keeps them), so callers that must not lose work keep it
 * stored elsewhere too (the live marks' sweep, functions/src/handlers/live-marks-sweep.ts).
 */
import { randomUUID } from 'node:crypto';

/** How long Cloud Tasks keeps a finished or deleted task's name from being reused ("about an hour"). */
export const NAME_RESERVED_MS = 60 * 60_000;
/** Cloud Tasks' queue defaults (firebase-tools deploys them when retryConfig leaves them out), attempts capped locally. */
export const DEFAULT_TASK_RETRY: TaskRetry = { maxAttempts: 3, minBackoffSeconds: 0.1, maxBackoffSeconds: 3600, maxDoublings: 16 };

export interface TaskRetry {
  maxAttempts: number;
  minBackoffSeconds: number;
  maxBackoffSeconds: number;
  maxDoublings: number;
}

/** One dispatch of a task: the function's HTTP answer (a status), or a thrown error for none. */
export type TaskDispatch = (request: { queue: string; taskName: string; body: Buffer; headers: Record<string, string> }) => Promise<number>;

export interface QueuedTask {
  name: string;
  scheduleTime: string;
  httpRequest: { body?: string; headers?: Record<string, string> };
}

export type TaskAnswer = { status: number; body: object };

interface Entry {
  task: QueuedTask;
  queue: string;
  timer?: NodeJS.Timeout;
  running: boolean;
  deleted: boolean;
}

export class TaskQueues {
  /** Queued and running tasks by full name. */
  private readonly tasks = new Map<string, Entry>();
  /** Names that cannot be reused yet, until when. */
  private readonly reserved = new Map<string, number>();
  private closed = false;

  constructor(
    private readonly dispatch: TaskDispatch,
    /** The queue's retry config; undefined for a queue no function serves (its tasks are refused). */
    private readonly retryOf: (queue: string) => TaskRetry | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** `POST .../queues/{queue}/tasks` with its JSON body. */
  create(queuePath: string, queue: string, body: unknown): TaskAnswer {
    if (!this.retryOf(queue)) return notFound(`Queue ${queuePath} does not exist (no onTaskDispatched function ${queue})`);
    const task = (body as { task?: unknown } | undefined)?.task as Partial<QueuedTask> | undefined;
    if (!task || typeof task !== 'object' || typeof task.httpRequest !== 'object' || task.httpRequest === null) {
      return { status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'The request has no task with an httpRequest' } } };
    }
    const name = typeof task.name === 'string' && task.name !== '' ? task.name : `${queuePath}/tasks/${randomUUID().replaceAll('-', '')}`;
    if (!name.startsWith(`${queuePath}/tasks/`)) {
      return { status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT', message: `Task name ${name} is not in queue ${queuePath}` } } };
    }
    this.forgetExpiredNames();
    if (this.tasks.has(name) || this.reserved.has(name)) {
      return { status: 409, body: { error: { code: 409, status: 'ALREADY_EXISTS', message: 'Requested entity already exists' } } };
    }
    const at = task.scheduleTime === undefined ? this.now() : Date.parse(task.scheduleTime);
    if (!Number.isFinite(at)) return { status: 400, body: { error: { code: 400, status: 'INVALID_ARGUMENT', message: `Bad scheduleTime ${task.scheduleTime}` } } };
    const entry: Entry = { task: { name, scheduleTime: new Date(at).toISOString(), httpRequest: task.httpRequest }, queue, running: false, deleted: false };
    this.tasks.set(name, entry);
    this.arm(entry, at, 0);
    return { status: 200, body: entry.task };
  }

  /** `DELETE .../tasks/{id}`: a queued task is dropped; a running one ends after this attempt. */
  delete(name: string): TaskAnswer {
    const entry = this.tasks.get(name);
    if (!entry) return notFound(`Task ${name} does not exist`);
    clearTimeout(entry.timer);
    entry.deleted = true;
    if (!entry.running) this.finish(entry);
    return { status: 200, body: {} };
  }

  /** Tasks queued or running now (tests, and the runner's shutdown line). */
  size(): number {
    return this.tasks.size;
  }

  close(): void {
    this.closed = true;
    for (const entry of this.tasks.values()) clearTimeout(entry.timer);
    this.tasks.clear();
  }

  private arm(entry: Entry, at: number, retries: number): void {
    entry.timer = setTimeout(() => void this.run(entry, retries), Math.max(0, at - this.now()));
  }

  private async run(entry: Entry, retries: number): Promise<void> {
    if (this.closed || entry.deleted) return;
    entry.running = true;
    const { task, queue } = entry;
    let status: number;
    try {
      status = await this.dispatch({
        queue,
        taskName: task.name,
        body: Buffer.from(task.httpRequest.body ?? '', 'base64'),
        headers: {
          'content-type': 'application/json',
          // Header names are case-insensitive: one 'Content-Type' and one 'content-type' would make two values.
          ...Object.fromEntries(Object.entries(task.httpRequest.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value])),
          'x-cloudtasks-queuename': queue,
          'x-cloudtasks-taskname': task.name.slice(task.name.lastIndexOf('/') + 1),
          'x-cloudtasks-taskretrycount': String(retries),
          'x-cloudtasks-taskexecutioncount': String(retries),
          'x-cloudtasks-tasketa': String(Date.parse(task.scheduleTime) / 1000),
        },
      });
    } catch {
      status = 503;
    }
    entry.running = false;
    if (this.closed) return;
    const retry = this.retryOf(queue) ?? DEFAULT_TASK_RETRY;
    if ((status >= 200 && status < 300) || entry.deleted || retries + 1 >= retry.maxAttempts) {
      if (!(status >= 200 && status < 300) && !entry.deleted) console.warn(`[functions-runner] task ${task.name}: gave up after ${retries + 1} attempts (last HTTP ${status})`);
      return this.finish(entry);
    }
    this.arm(entry, this.now() + taskBackoffMs(retry, retries + 1), retries + 1);
  }

  private finish(entry: Entry): void {
    this.tasks.delete(entry.task.name);
    this.reserved.set(entry.task.name, this.now() + NAME_RESERVED_MS);
  }

  private forgetExpiredNames(): void {
    const now = this.now();
    for (const [name, until] of this.reserved) if (until <= now) this.reserved.delete(name);
  }
}

/** Cloud Tasks' backoff before retry `retry` (1-based): doubling from the minimum `maxDoublings` times, then linear, capped. */
export function taskBackoffMs(policy: TaskRetry, retry: number): number {
  const doublings = Math.min(retry - 1, policy.maxDoublings);
  const linear = Math.max(0, retry - 1 - policy.maxDoublings);
  const seconds = policy.minBackoffSeconds * 2 ** doublings * (1 + linear);
  return Math.min(policy.maxBackoffSeconds, seconds) * 1000;
}

/** `/projects/{p}/locations/{l}/queues/{q}/tasks[/{id}]` → its parts, or null for another path. */
export function parseTaskPath(segments: readonly string[]): { project: string; location: string; queue: string; queuePath: string; taskId?: string } | null {
  const [projects, project, locations, location, queues, queue, tasks, taskId, ...rest] = segments;
  if (projects !== 'projects' || locations !== 'locations' || queues !== 'queues' || tasks !== 'tasks' || rest.length > 0) return null;
  if (!project || !location || !queue) return null;
  return { project, location, queue, queuePath: `projects/${project}/locations/${location}/queues/${queue}`, ...(taskId ? { taskId } : {}) };
}

function notFound(message: string): TaskAnswer {
  return { status: 404, body: { error: { code: 404, status: 'NOT_FOUND', message } } };
}
