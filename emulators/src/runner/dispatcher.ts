/**
 * Delivers invocations to the current worker: bounded parallelism per function, one log
 * line per attempt, and redelivery with backoff for event functions that declare `retry`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { request } from 'node:http';
import { backoffDelay, type RetryPolicy } from './backoff.js';
import type { CloudEvent } from './cloudevents.js';
import type { FunctionDefinition } from './definitions.js';
import type { InvocationLogger, Outcome } from './invocation-log.js';
import { Limiter } from './limiter.js';
import type { WorkerHandle } from './worker-process.js';

export interface AttemptResult {
  ok: boolean;
  timedOut: boolean;
  error?: string;
}

export class Dispatcher {
  private worker: WorkerHandle | undefined;
  private limiters = new Map<string, Limiter>();
  private readonly pendingRetries = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly retryPolicy: RetryPolicy,
    private readonly log: InvocationLogger,
  ) {}

  /** Switches to a freshly loaded worker; new limits apply to calls that start from now on. */
  use(worker: WorkerHandle, definitions: FunctionDefinition[]): void {
    this.worker = worker;
    this.limiters = new Map(definitions.map((definition) => [definition.name, new Limiter(definition.maxParallel)]));
  }

  /**
   * Delivers an event, redelivering with backoff while `retry` allows; never rejects.
   * `onSettled` is called once the event needs no more delivery (ok, dropped, gave up), not
   * when the dispatcher closes first: the event outbox keeps those for the next start.
   */
  deliverEvent(definition: FunctionDefinition, event: CloudEvent, triggerLabel: string, attempt = 1, onSettled?: () => void): void {
    if (this.closed) return;
    void this.attemptEvent(definition, event).then((result) => {
      const lastAttempt = attempt >= this.retryPolicy.maxAttempts;
      const outcome: Outcome = result.ok
        ? 'ok'
        : !definition.retry
          ? 'dropped'
          : lastAttempt
            ? 'gave-up'
            : 'retrying';
      this.logAttempt(definition, triggerLabel, event.id, attempt, result, outcome);
      if (outcome !== 'retrying') {
        // A failure while closing is the worker stopped under the call: that attempt did not finish.
        if (result.ok || !this.closed) onSettled?.();
        return;
      }
      if (this.closed) return;
      const timer = setTimeout(() => {
        this.pendingRetries.delete(timer);
        this.deliverEvent(definition, event, triggerLabel, attempt + 1, onSettled);
      }, backoffDelay(this.retryPolicy, attempt));
      this.pendingRetries.add(timer);
    });
  }

  /** One delivery attempt of a CloudEvent, timed; the caller decides about retries. */
  async attemptEvent(definition: FunctionDefinition, event: CloudEvent): Promise<AttemptResult & { durationMs: number }> {
    const started = performance.now();
    const result = await this.withWorker(definition, async (worker) => {
      // Over the worker's IPC channel (worker-protocol.ts), not an HTTP request: no hop per event.
      const outcome = await worker.callEvent(definition.name, event);
      if (outcome.status >= 200 && outcome.status < 300) return { ok: true, timedOut: false };
      return { ok: false, timedOut: outcome.status === 504, error: outcome.error ?? `HTTP ${outcome.status}` };
    });
    return { ...result, durationMs: performance.now() - started };
  }

  /** Runs an `onSchedule` function once with Cloud Scheduler's headers (its export is an HTTP handler). */
  async attemptJob(definition: FunctionDefinition, jobName: string, scheduleTime: Date): Promise<AttemptResult & { durationMs: number }> {
    const started = performance.now();
    const result = await this.withWorker(definition, async (worker) => {
      const response = await fetch(`${worker.baseUrl}/__/http/${encodeURIComponent(definition.name)}`, {
        method: 'POST',
        headers: { 'X-CloudScheduler-JobName': jobName, 'X-CloudScheduler-ScheduleTime': scheduleTime.toISOString() },
      });
      await response.arrayBuffer();
      return response.ok
        ? { ok: true, timedOut: false }
        : { ok: false, timedOut: response.status === 504, error: `HTTP ${response.status}` };
    });
    return { ...result, durationMs: performance.now() - started };
  }

  /** Forwards an HTTP request to the function (onRequest, onCall) and pipes the answer back. */
  async forwardHttp(definition: FunctionDefinition, path: string, req: IncomingMessage, res: ServerResponse, triggerLabel: string): Promise<void> {
    const started = performance.now();
    // Production gives every HTTP call an execution id; the function's logs carry it, so
    // they can be joined to this call's invocation record.
    const requestId = String(req.headers['function-execution-id'] ?? randomUUID());
    const target = (worker: WorkerHandle): string => `${worker.baseUrl}/__/http/${encodeURIComponent(definition.name)}${path}`;
    const headers = { ...req.headers, 'function-execution-id': requestId };
    const result = await this.withWorker(definition, async (worker) => ({ status: await proxy(target(worker), req, res, headers) }));
    let status: number;
    if ('status' in result) {
      status = result.status;
    } else {
      // The worker could not be reached (not loaded, or gone mid-reload).
      status = 502;
      if (!res.headersSent) res.writeHead(status, { 'content-type': 'text/plain' }).end(result.error);
    }
    const outcome: Outcome = status === 504 ? 'timeout' : status >= 500 ? 'error' : 'ok';
    const attempt = { ok: outcome === 'ok', timedOut: outcome === 'timeout', durationMs: performance.now() - started };
    this.logAttempt(definition, triggerLabel, requestId, 1, outcome === 'ok' ? attempt : { ...attempt, error: `HTTP ${status}` }, outcome);
  }

  logAttempt(
    definition: FunctionDefinition,
    triggerLabel: string,
    eventId: string,
    attempt: number,
    result: AttemptResult & { durationMs: number },
    outcome: Outcome,
  ): void {
    this.log({
      function: definition.name,
      trigger: triggerLabel,
      eventId,
      attempt,
      durationMs: Math.round(result.durationMs * 10) / 10,
      outcome: result.timedOut && outcome !== 'ok' && outcome !== 'retrying' ? 'timeout' : outcome,
      ...(result.error === undefined ? {} : { error: result.error }),
      ...(this.worker ? { node: this.worker.nodeVersion } : {}),
    });
  }

  close(): void {
    this.closed = true;
    for (const timer of this.pendingRetries) clearTimeout(timer);
    this.pendingRetries.clear();
  }

  private async withWorker<T extends object>(
    definition: FunctionDefinition,
    call: (worker: WorkerHandle) => Promise<T>,
  ): Promise<T | (AttemptResult & { ok: false })> {
    const limiter = this.limiters.get(definition.name) ?? new Limiter(definition.maxParallel);
    return limiter.run(async () => {
      const worker = this.worker;
      if (!worker) return { ok: false as const, timedOut: false, error: 'functions are not loaded' };
      try {
        return await worker.track(() => call(worker));
      } catch (error) {
        return { ok: false as const, timedOut: false, error: error instanceof Error ? error.message : String(error) };
      }
    });
  }
}

/** Streams `req` to the worker and the worker's answer to `res`; resolves with the status once `res` is done. */
function proxy(target: string, req: IncomingMessage, res: ServerResponse, headers: IncomingMessage['headers']): Promise<number> {
  return new Promise((resolve, reject) => {
    const upstream = request(target, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      answer.once('end', () => resolve(answer.statusCode ?? 502));
      answer.once('error', reject);
    });
    upstream.once('error', reject);
    req.pipe(upstream);
  });
}
