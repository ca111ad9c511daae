/**
 * The local Cloud Functions runner. It loads the functions module in a child process,
 * routes emulator changes (Firestore writes, Storage object changes, Pub/Sub pushes) to
 * the functions that match them as CloudEvents, serves HTTPS and callable functions at
 * `http://host:port/{project}/{region}/{name}` like the official emulator, runs scheduled
 * functions on their cron and on demand, and reloads when the built module changes.
 *
 * Runner-only routes live under `/_/`:
 *   GET  /_/functions        the loaded functions and their triggers
 *   POST /_/jobs/{name}      run an onSchedule function now (what `npm run job` calls)
 *   POST /_/pubsub/{name}    push endpoint of each onMessagePublished function's subscription
 *   POST /_/appcheck/v1/projects/{project}/apps/{appId}:exchangeDebugToken   App Check (app-check-http.ts)
 *
 * It is also the functions' Cloud Tasks (`CLOUD_TASKS_EMULATOR_HOST`, task-queue.ts): tasks
 * enqueued at `/projects/{p}/locations/{l}/queues/{name}/tasks` run the onTaskDispatched
 * function `name` at their schedule time.
 *
 * The functions run on the Node major of their production runtime (firebase.json's
 * `runtime`, runtime.ts), from a binary npm installed for this machine (node-binary.ts).
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import type { DocumentWrittenEvent, StorageObjectEvent } from '../common/events.js';
import type { Feed } from '../common/feed.js';
import { guardHttpServer, httpTimeouts, type HttpTimeouts } from '../common/http-timeouts.js';
import type { LocalPushEndpoints } from '../common/local-push.js';
import { LocalAppCheck } from './app-check.js';
import { appCheckExchangePath, screenAppCheck, serveAppCheckExchange } from './app-check-http.js';
import { backoffDelay, DEFAULT_RETRY_POLICY, type RetryPolicy } from './backoff.js';
import { firestoreCloudEvent, firestoreEventTypes, isPushBody, pubsubCloudEvent, storageCloudEvent, storageEventType, type CloudEvent } from './cloudevents.js';
import { defineFunction, type FunctionDefinition } from './definitions.js';
import { Dispatcher } from './dispatcher.js';
import { EventOutbox, type EventOutboxOptions } from './event-outbox.js';
import { functionsEnvironment, type EmulatorHosts } from './environment.js';
import { logInvocationLine, type InvocationLogger } from './invocation-log.js';
import { resolveNodeBinary } from './node-binary.js';
import { DocumentPattern } from './path-pattern.js';
import { PubSubBridge } from './pubsub-bridge.js';
import { functionsRuntime, parseRuntime, type FunctionsRuntime } from './runtime.js';
import { decodePathSegment } from './path-segment.js';
import { armSchedules } from './schedule.js';
import { parseTaskPath, TaskQueues } from './task-queue.js';
import { watchForRebuilds } from './watch.js';
import type { WorkerOutput } from './worker-output.js';
import { startWorker, type WorkerHandle } from './worker-process.js';

/**
 * How long closing the runner lets running calls finish: short, so a Ctrl-C of `npm start`
 * stays within its 5 s even while the seed's images are in the pipeline (a reload keeps the
 * worker's 10 s). A call cut off is not lost when the runner has an `eventsDir` (and the
 * stack's Pub/Sub a data folder): its event is delivered again after the next start.
 */
const CLOSE_DRAIN_MS = 2_000;

/** Where each onMessagePublished function's push subscription delivers: `${url}/_/pubsub/{name}`. */
const PUSH_ROUTE = '/_/pubsub/';

export interface FunctionsRunnerOptions {
  /** The built functions entry point (absolute path). */
  functionsModule: string;
  /** Folder with the functions' package.json and `.env` files; defaults to the module's parent's parent (`functions/`). */
  functionsDir?: string;
  projectId: string;
  host?: string;
  /** 5001 by default; 0 picks a free port. */
  port?: number;
  storageBucket?: string;
  /** `host:port` of the emulators, given to the functions as the usual env vars. */
  emulators?: EmulatorHosts;
  /** Change feeds of our in-process emulators. */
  documentWrites?: Feed<DocumentWrittenEvent>;
  objectEvents?: Feed<StorageObjectEvent>;
  /**
   * Keep Firestore and Storage trigger events durably here (event-outbox.ts) from the write
   * that caused them until their delivery ends: those a crash or a stop cut off are delivered
   * again at the next start on the same folder. Without it, they live in memory.
   */
  eventsDir?: string;
  /** Journal tuning for `eventsDir` (tests and benchmarks). */
  eventsJournal?: EventOutboxOptions;
  /**
   * The in-process Pub/Sub emulator's local endpoints: pushes to this runner's
   * `/_/pubsub/{name}` then arrive as calls, answered exactly as the HTTP route answers them.
   */
  localPush?: Pick<LocalPushEndpoints, 'register'>;
  /** Redelivery of failed events from functions with `retry` (Firestore and Storage here, Pub/Sub through its subscription). */
  retry?: Partial<RetryPolicy>;
  /** Where Pub/Sub messages go after `retry.maxAttempts` failed deliveries. */
  deadLetterTopic?: string;
  /** Arm cron timers for onSchedule functions (default true). */
  schedules?: boolean;
  /** Reload when files under the module's folder change (default false). */
  watch?: boolean;
  /** How many 2 GiB instances of one function to simulate at most (default 4; a smaller instance counts for its share); with `concurrency`, bounds its parallel calls. */
  localInstances?: number;
  /** Extra environment for the functions. */
  env?: Record<string, string>;
  log?: InvocationLogger;
  /** Where the functions' own output goes, attributed to its call (worker-output.ts); by default, this process's stdout/stderr. */
  workerOutput?: WorkerOutput;
  /** The runtime to run the functions on (`nodejs24`); by default firebase.json's for `functionsDir` (runtime.ts). */
  runtime?: string;
  /** App Check for callables (app-check.ts): the debug tokens the exchange accepts. None by default: every exchange is refused. */
  appCheck?: { debugTokens?: Iterable<string>; ttlSeconds?: number };
  /**
   * Idle and request timeouts of the port, in milliseconds, for receiving requests (a function
   * runs as long as it runs); default `DEFAULT_HTTP_TIMEOUTS`. See common/http-timeouts.ts.
   */
  timeouts?: Partial<HttpTimeouts>;
}

export interface JobResult {
  function: string;
  ok: boolean;
  attempts: number;
  error?: string;
}

export interface FunctionsRunner {
  host: string;
  port: number;
  /** `http://host:port` */
  url: string;
  functions(): FunctionDefinition[];
  /** The Node the functions run on now (`v24.21.0`), as their process reports it. */
  nodeVersion(): string | undefined;
  /** Where an app of this project exchanges a registered debug token for an App Check token (app-check-http.ts). */
  appCheckExchangeUrl(appId: string): string;
  /** Runs an onSchedule function now, with its retry config. */
  runJob(name: string): Promise<JobResult>;
  /** Restarts the functions child with a fresh import of the module. */
  reload(): Promise<void>;
  close(): Promise<void>;
}

export async function startFunctionsRunner(options: FunctionsRunnerOptions): Promise<FunctionsRunner> {
  const runner = new Runner(options);
  await runner.start();
  return runner;
}

class Runner implements FunctionsRunner {
  host: string;
  port = 0;
  private readonly server: Server;
  private readonly dispatcher: Dispatcher;
  private readonly retry: RetryPolicy;
  private readonly log: InvocationLogger;
  private readonly bridge: PubSubBridge | undefined;
  private readonly appCheck: LocalAppCheck;
  /** A fallback to this process's Node is said once, not on every reload. */
  private runtimeWarned = false;
  private definitions = new Map<string, FunctionDefinition>();
  /** The Firestore triggers, each with its document pattern and its event type without `.withAuthContext`: matched against every write. */
  private firestoreTriggers: FirestoreTrigger[] = [];
  private worker: WorkerHandle | undefined;
  private disarmSchedules: () => void = () => {};
  private readonly cleanups: Array<() => void> = [];
  private reloading: Promise<void> = Promise.resolve();
  private outbox: EventOutbox | undefined;
  private readonly tasks: TaskQueues;

  constructor(private readonly options: FunctionsRunnerOptions) {
    this.host = options.host ?? '127.0.0.1';
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.log = options.log ?? logInvocationLine;
    this.dispatcher = new Dispatcher(this.retry, this.log);
    this.appCheck = new LocalAppCheck({ projectId: options.projectId, ...options.appCheck });
    this.tasks = new TaskQueues(
      (request) => this.dispatchTask(request.queue, request.body, request.headers),
      (queue) => {
        const definition = this.taskFunction(queue);
        return definition?.trigger.kind === 'taskQueue' ? definition.trigger.retry : undefined;
      },
    );
    this.server = createServer((req, res) => void this.route(req, res));
    guardHttpServer(this.server, httpTimeouts(options.timeouts));
    if (options.emulators?.pubsub) {
      this.bridge = new PubSubBridge({
        host: options.emulators.pubsub,
        projectId: options.projectId,
        retry: this.retry,
        deadLetterTopic: options.deadLetterTopic ?? 'encore-functions-dead-letter',
      });
    }
  }

  get url(): string {
    return `http://${this.host.includes(':') ? `[${this.host}]` : this.host}:${this.port}`;
  }

  async start(): Promise<void> {
    this.server.listen(this.options.port ?? 5001, this.host);
    await once(this.server, 'listening');
    this.port = (this.server.address() as AddressInfo).port;
    try {
      if (this.options.eventsDir) this.outbox = await EventOutbox.open(this.options.eventsDir, this.options.eventsJournal);
      await this.load();
    } catch (error) {
      await this.close();
      throw error;
    }
    if (this.options.documentWrites) this.cleanups.push(this.options.documentWrites.subscribe((write) => this.onDocumentWrite(write)));
    if (this.options.objectEvents) this.cleanups.push(this.options.objectEvents.subscribe((change) => this.onObjectEvent(change)));
    this.redeliverPending();
    if (this.options.localPush) {
      const prefix = `${this.url}${PUSH_ROUTE}`;
      this.cleanups.push(this.options.localPush.register(prefix, async (endpoint, body) => (await this.answerPush(pushedFunction(endpoint.slice(prefix.length)), body)).status));
    }
    if (this.options.watch) {
      this.cleanups.push(
        watchForRebuilds(dirname(this.options.functionsModule), () => {
          this.reload().catch((error: unknown) => console.error('[functions-runner] reload failed; keeping the previous functions:', error));
        }),
      );
    }
  }

  functions(): FunctionDefinition[] {
    return [...this.definitions.values()];
  }

  nodeVersion(): string | undefined {
    return this.worker?.nodeVersion;
  }

  appCheckExchangeUrl(appId: string): string {
    return `${this.url}${appCheckExchangePath(this.options.projectId, appId)}`;
  }

  reload(): Promise<void> {
    this.reloading = this.reloading.catch(() => {}).then(() => this.load());
    return this.reloading;
  }

  async runJob(name: string): Promise<JobResult> {
    const definition = this.definitions.get(name);
    if (!definition) throw new UnknownFunctionError(name);
    if (definition.trigger.kind !== 'schedule') throw new NotScheduledError(name);
    return this.runSchedule(definition, new Date(), definition.trigger.retryCount);
  }

  async close(): Promise<void> {
    this.disarmSchedules();
    this.tasks.close();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.dispatcher.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    await this.worker?.stop(CLOSE_DRAIN_MS);
    this.worker = undefined;
    await this.outbox?.close();
    await this.bridge?.close();
  }

  /** Events a crash or a stop cut off before their delivery ended, delivered again (same CloudEvent, same id). */
  private redeliverPending(): void {
    const pending = this.outbox?.pending() ?? [];
    if (pending.length > 0) console.log(`[functions-runner] delivering ${pending.length} event${pending.length === 1 ? '' : 's'} left from the last run`);
    for (const { seq, function: name, trigger, event } of pending) {
      const definition = this.definitions.get(name);
      if (!definition) {
        console.warn(`[functions-runner] ${name}: gone since the last run; its pending event ${event.id} is dropped`);
        this.outbox!.settle(seq);
        continue;
      }
      this.dispatcher.deliverEvent(definition, event, trigger, 1, () => this.outbox!.settle(seq));
    }
  }

  /** Records the event (when durable) with the write that caused it, then delivers it. */
  private deliverNew(definition: FunctionDefinition, event: CloudEvent, trigger: string): void {
    if (!this.outbox) return this.dispatcher.deliverEvent(definition, event, trigger);
    let seq: number | undefined;
    try {
      seq = this.outbox.accept(definition.name, trigger, event);
    } catch (error) {
      // The data folder failed (a full disk): the event still goes out, only not durably.
      console.error(`[functions-runner] ${definition.name}: event ${event.id} could not be recorded, delivering it without a copy:`, error);
    }
    this.dispatcher.deliverEvent(definition, event, trigger, 1, () => this.outbox?.settle(seq));
  }

  /** Starts a new child, and only once it loaded, switches routing to it and retires the old one. */
  private async load(): Promise<void> {
    const { functionsModule, projectId } = this.options;
    const functionsDir = this.options.functionsDir ?? dirname(dirname(functionsModule));
    const env = functionsEnvironment({
      projectId,
      storageBucket: this.storageBucket,
      // This runner is the functions' Cloud Tasks too (task-queue.ts).
      emulators: { ...this.options.emulators, tasks: this.url.slice('http://'.length) },
      functionsDir,
      extra: this.options.env,
    });
    const runtime = this.options.runtime ? parseRuntime(this.options.runtime, 'runner option runtime') : functionsRuntime(functionsDir);
    const worker = await startWorker({
      modulePath: functionsModule,
      env,
      cwd: functionsDir,
      onCrash: (code) => {
        if (this.worker !== worker) return;
        console.error(`[functions-runner] the functions process exited (code ${code}); starting a new one`);
        this.reload().catch((error: unknown) => console.error('[functions-runner] restart failed:', error));
      },
      ...(this.options.workerOutput ? { output: this.options.workerOutput } : {}),
      ...this.nodeFor(runtime, functionsDir),
    });
    const definitions = Object.entries(worker.endpoints).map(([name, endpoint]) => defineFunction(name, endpoint, this.options.localInstances));
    const previous = this.worker;
    this.worker = worker;
    this.definitions = new Map(definitions.map((definition) => [definition.name, definition]));
    this.firestoreTriggers = definitions.flatMap((definition) =>
      definition.trigger.kind === 'firestore'
        ? [{ definition, pattern: new DocumentPattern(definition.trigger.document), baseType: definition.trigger.eventType.replace(/\.withAuthContext$/, '') }]
        : [],
    );
    this.dispatcher.use(worker, definitions);
    await this.bridge?.connect(
      definitions.flatMap((definition) =>
        definition.trigger.kind === 'pubsub'
          ? [{ definition: { ...definition, trigger: definition.trigger }, pushEndpoint: `${this.url}${PUSH_ROUTE}${encodeURIComponent(definition.name)}` }]
          : [],
      ),
    );
    this.armSchedules(definitions);
    for (const definition of definitions) {
      if (definition.trigger.kind === 'unsupported') {
        console.warn(`[functions-runner] ${definition.name}: trigger not supported locally (${definition.trigger.description})`);
      }
    }
    const on = runtime ? ` (${runtime.id}, ${runtime.source})` : '';
    console.log(`[functions-runner] loaded ${definitions.length} functions from ${functionsModule} on Node ${worker.nodeVersion}${on}`);
    await previous?.stop();
  }

  /** The binary that runs the functions: the runtime's Node major, else (said once) this process's. */
  private nodeFor(runtime: FunctionsRuntime | null, functionsDir: string): { execPath?: string } {
    const warnOnce = (message: string): void => {
      if (!this.runtimeWarned) console.warn(`[functions-runner] ${message}`);
      this.runtimeWarned = true;
    };
    if (!runtime) {
      warnOnce(`no runtime configured for ${functionsDir} (firebase.json functions.runtime): the functions run on this Node ${process.version}`);
      return {};
    }
    const choice = resolveNodeBinary(runtime.major);
    if (choice.binary) return { execPath: choice.binary.path };
    warnOnce(`${choice.reason}; the functions run on this Node ${process.version} instead of ${runtime.id} (ENCORE_FUNCTIONS_NODE names another binary)`);
    return {};
  }

  private get storageBucket(): string {
    return this.options.storageBucket ?? `${this.options.projectId}.appspot.com`;
  }

  private armSchedules(definitions: FunctionDefinition[]): void {
    this.disarmSchedules();
    if (this.options.schedules === false) return;
    const jobs = definitions.flatMap((d) => (d.trigger.kind === 'schedule' ? [{ name: d.name, schedule: d.trigger.schedule, timeZone: d.trigger.timeZone }] : []));
    this.disarmSchedules = armSchedules(
      jobs,
      (job, scheduleTime) => {
        const definition = this.definitions.get(job.name);
        if (definition?.trigger.kind === 'schedule') void this.runSchedule(definition, scheduleTime, definition.trigger.retryCount);
      },
      (job, error) => console.warn(`[functions-runner] ${job.name}: schedule "${job.schedule}" cannot run locally (${error.message}); use npm run job`),
    );
  }

  private async runSchedule(definition: FunctionDefinition, scheduleTime: Date, retryCount: number): Promise<JobResult> {
    const region = definition.regions[0];
    const jobName = `firebase-schedule-${definition.name}-${region}`;
    for (let attempt = 1; ; attempt++) {
      const result = await this.dispatcher.attemptJob(definition, jobName, scheduleTime);
      const last = attempt > retryCount;
      this.dispatcher.logAttempt(definition, 'schedule', `${jobName}@${scheduleTime.toISOString()}`, attempt, result, result.ok ? 'ok' : last ? 'gave-up' : 'retrying');
      if (result.ok || last) {
        return { function: definition.name, ok: result.ok, attempts: attempt, ...(result.error === undefined ? {} : { error: result.error }) };
      }
      await new Promise((resolve) => setTimeout(resolve, backoffDelay(this.retry, attempt)));
    }
  }

  private onDocumentWrite(write: DocumentWrittenEvent): void {
    // One emulator serves any project id; triggers fire for their own project only.
    if (write.projectId !== this.options.projectId) return;
    const eventTypes = firestoreEventTypes(write);
    for (const { definition, pattern, baseType } of this.firestoreTriggers) {
      const { trigger } = definition;
      if (trigger.kind !== 'firestore' || trigger.database !== write.databaseId) continue;
      if (!eventTypes.includes(baseType) || !pattern.match(write.path)) continue;
      const event = firestoreCloudEvent(write, trigger.eventType, definition.regions[0]!);
      this.deliverNew(definition, event, `firestore.${baseType.split('.').pop()}`);
    }
  }

  private onObjectEvent(change: StorageObjectEvent): void {
    const eventType = storageEventType(change.kind);
    for (const definition of this.definitions.values()) {
      const { trigger } = definition;
      if (trigger.kind !== 'storage' || trigger.eventType !== eventType || trigger.bucket !== change.object.bucket) continue;
      this.deliverNew(definition, storageCloudEvent(change), `storage.${change.kind}`);
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', 'http://runner');
      const rawSegments = url.pathname.split('/');
      const segments = rawSegments.slice(1).map(decodePathSegment);
      if (await serveAppCheckExchange(this.appCheck, url.pathname, req, res)) return;
      if (segments[0] === '_') return await this.routeControl(req, res, segments.slice(1));
      const taskPath = parseTaskPath(segments);
      if (taskPath) return await this.routeTasks(req, res, taskPath);
      const [project, region, name] = segments;
      const definition = name === undefined ? undefined : this.definitions.get(name);
      if (
        !definition ||
        project !== this.options.projectId ||
        !definition.regions.includes(region!) ||
        (definition.trigger.kind !== 'https' && definition.trigger.kind !== 'callable' && definition.trigger.kind !== 'taskQueue')
      ) {
        return sendJson(res, 404, { error: { status: 'NOT_FOUND', message: `Function ${url.pathname} does not exist` } });
      }
      if (definition.trigger.kind === 'callable') {
        const rejected = screenAppCheck(this.appCheck, req);
        if (rejected) console.warn(`[functions-runner] ${definition.name}: App Check token rejected (${rejected}); the call goes on without it`);
      }
      // What follows /{project}/{region}/{name}, query included: the function's own path.
      const rest = url.pathname.slice(rawSegments.slice(0, 4).join('/').length) + url.search;
      await this.dispatcher.forwardHttp(definition, rest, req, res, definition.trigger.kind === 'taskQueue' ? 'tasks.dispatch' : definition.trigger.kind);
    } catch (error) {
      console.error('[functions-runner] request failed:', error);
      if (!res.headersSent) sendJson(res, 500, { error: { status: 'INTERNAL', message: 'runner error' } });
      else res.end();
    }
  }

  /** Cloud Tasks' create and delete, as firebase-admin calls them under `CLOUD_TASKS_EMULATOR_HOST`. */
  private async routeTasks(req: IncomingMessage, res: ServerResponse, path: NonNullable<ReturnType<typeof parseTaskPath>>): Promise<void> {
    if (path.project !== this.options.projectId) {
      return sendJson(res, 404, { error: { code: 404, status: 'NOT_FOUND', message: `Project ${path.project} is not this runner's (${this.options.projectId})` } });
    }
    if (req.method === 'POST' && path.taskId === undefined) {
      let body: unknown;
      try {
        body = JSON.parse((await readBody(req)).toString('utf8'));
      } catch {
        return sendJson(res, 400, { error: { code: 400, status: 'INVALID_ARGUMENT', message: 'Body is not JSON' } });
      }
      const answer = this.tasks.create(path.queuePath, path.queue, body);
      return sendJson(res, answer.status, answer.body);
    }
    if (req.method === 'DELETE' && path.taskId !== undefined) {
      const answer = this.tasks.delete(`${path.queuePath}/tasks/${path.taskId}`);
      return sendJson(res, answer.status, answer.body);
    }
    return sendJson(res, 405, { error: { code: 405, status: 'METHOD_NOT_ALLOWED', message: `${req.method} is not a Cloud Tasks call here` } });
  }

  /** The onTaskDispatched function a queue id names (Cloud Tasks queue ids are the function's name; firebase-tools lowercases them). */
  private taskFunction(queue: string): FunctionDefinition | undefined {
    const definition = this.definitions.get(queue) ?? [...this.definitions.values()].find((d) => d.name.toLowerCase() === queue.toLowerCase());
    return definition?.trigger.kind === 'taskQueue' ? definition : undefined;
  }

  /** One attempt of a task: an HTTP POST to its function through this runner's own route, as Cloud Tasks calls the deployed URL. */
  private async dispatchTask(queue: string, body: Buffer, headers: Record<string, string>): Promise<number> {
    const definition = this.taskFunction(queue);
    if (!definition) return 404;
    const response = await fetch(`${this.url}/${this.options.projectId}/${definition.regions[0]}/${encodeURIComponent(definition.name)}`, { method: 'POST', headers, body: new Uint8Array(body) });
    await response.arrayBuffer();
    return response.status;
  }

  private async routeControl(req: IncomingMessage, res: ServerResponse, path: string[]): Promise<void> {
    const [area, name] = path;
    if (area === 'functions' && req.method === 'GET' && name === undefined) {
      return sendJson(res, 200, { functions: this.functions() });
    }
    if (req.method !== 'POST' || name === undefined || path.length !== 2) {
      return sendJson(res, 404, { error: { status: 'NOT_FOUND', message: `No runner route ${req.method} /_/${path.join('/')}` } });
    }
    if (area === 'jobs') {
      try {
        const result = await this.runJob(name);
        return sendJson(res, result.ok ? 200 : 500, result);
      } catch (error) {
        if (error instanceof UnknownFunctionError) return sendJson(res, 404, { error: { status: 'NOT_FOUND', message: error.message } });
        if (error instanceof NotScheduledError) return sendJson(res, 400, { error: { status: 'FAILED_PRECONDITION', message: error.message } });
        throw error;
      }
    }
    if (area === 'pubsub') return this.onPush(req, res, name);
    return sendJson(res, 404, { error: { status: 'NOT_FOUND', message: `No runner route /_/${path.join('/')}` } });
  }

  /** A Pub/Sub push over HTTP: 2xx acks. A failure nacks only when the function asked for `retry`. */
  private async onPush(req: IncomingMessage, res: ServerResponse, name: string): Promise<void> {
    let body: unknown;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8'));
    } catch {
      body = undefined;
    }
    const answer = await this.answerPush(name, body);
    if (answer.status === 204) return void res.writeHead(204).end();
    sendJson(res, answer.status, answer.error);
  }

  /** A push for function `name`, over HTTP or in process (`localPush`): the status and error body the HTTP route answers with. */
  private async answerPush(name: string, body: unknown): Promise<{ status: number; error?: object }> {
    const definition = this.definitions.get(name);
    if (definition?.trigger.kind !== 'pubsub') {
      return { status: 404, error: { error: { status: 'NOT_FOUND', message: `No Pub/Sub function ${name}` } } };
    }
    // Not something a push subscription sends: a client mistake, answered like one.
    if (!isPushBody(body)) return { status: 400, error: { error: { status: 'INVALID_ARGUMENT', message: 'Body is not a Pub/Sub push message' } } };
    const event = pubsubCloudEvent(body, this.options.projectId, definition.trigger.topic);
    const attempt = body.deliveryAttempt ?? 1;
    const result = await this.dispatcher.attemptEvent(definition, event);
    const outcome = result.ok ? 'ok' : !definition.retry ? 'dropped' : attempt >= this.retry.maxAttempts ? 'gave-up' : 'retrying';
    this.dispatcher.logAttempt(definition, 'pubsub.messagePublished', event.id, attempt, result, outcome);
    if (result.ok || !definition.retry) return { status: 204 };
    return { status: 500, error: { error: { status: 'INTERNAL', message: result.error ?? 'function failed' } } };
  }
}

interface FirestoreTrigger {
  definition: FunctionDefinition;
  pattern: DocumentPattern;
  baseType: string;
}

class UnknownFunctionError extends Error {
  constructor(name: string) {
    super(`No function named ${name}`);
  }
}

class NotScheduledError extends Error {
  constructor(name: string) {
    super(`${name} is not an onSchedule function`);
  }
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/**
 * The function a push URL's path after `/_/pubsub/` names, decoded as the HTTP route decodes
 * it; '' (no function has that name: a 404) for a path the route would not match either.
 */
function pushedFunction(rest: string): string {
  const path = rest.split(/[?#]/)[0]!;
  if (path.includes('/')) return '';
  try {
    return decodeURIComponent(path);
  } catch {
    return '';
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
