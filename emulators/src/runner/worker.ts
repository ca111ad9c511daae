/**
 * The child process that hosts the user's functions module, like one Cloud Run container
 * serving every function. It imports the module (the parent has set FIREBASE_CONFIG and
 * the emulator hosts first), reports each export's `__endpoint` over IPC, and serves:
 *   IPC `events` message     CloudEvents, each given to `exported(event)`; the outcomes go
 *                            back over IPC (worker-protocol.ts)
 *   ANY  /__/http/{name}/... an HTTP request, given to `exported(req, res)` (onRequest,
 *                            onCall, and onSchedule, whose exports are HTTP handlers)
 * through the same express (and body parsing) firebase-functions itself depends on.
 * Timeouts are enforced here so the parent only sees outcomes.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RawEndpoint } from './definitions.js';
import { applyParamDefaults } from './param-defaults.js';
import { tagProcessOutput, TAG_OUTPUT_ENV, type CallContext } from './worker-output.js';
import { batchPerTurn, type EventOutcome, type RunnerMessage, type WorkerMessage } from './worker-protocol.js';

type Exported = ((...args: unknown[]) => unknown) & { __endpoint?: object };

/** The express request/response surface this file uses (express 5 from firebase-functions' own tree). */
type ExpressRequest = IncomingMessage & { params: Record<string, string>; body: unknown; rawBody?: Buffer };
type ExpressResponse = ServerResponse & {
  status(code: number): ExpressResponse;
  json(body: unknown): void;
  send(body?: unknown): void;
};
type Handler = (req: ExpressRequest, res: ExpressResponse, next: () => void) => unknown;
interface ExpressApp {
  use(...handlers: unknown[]): void;
  post(path: string, ...handlers: Handler[]): void;
  all(path: string | RegExp, ...handlers: Handler[]): void;
  listen(port: number, host: string): Server;
}
interface ExpressModule {
  (): ExpressApp;
  json(options: object): Handler;
  text(options: object): Handler;
  urlencoded(options: object): Handler;
  raw(options: object): Handler;
}

const BODY_LIMIT = '32mb';

/** The call each piece of async work belongs to, so its output can name it (see worker-output.ts). */
const calls = new AsyncLocalStorage<CallContext>();

async function main(): Promise<void> {
  const modulePath = requiredEnv('ENCORE_FUNCTIONS_MODULE');
  const functions = collectFunctions(await import(pathToFileURL(modulePath).href));
  const fromFunctions = requireFromFirebaseFunctions(modulePath);
  // The CommonJS params module shares its list of declared params with the ESM build (a globalThis registry).
  const unset = applyParamDefaults(fromFunctions('firebase-functions/params') as Parameters<typeof applyParamDefaults>[0]);
  if (unset.length > 0) console.warn(`[functions] params without a value or default: ${unset.join(', ')} (secrets go in .secret.local)`);
  const endpoints: Record<string, RawEndpoint> = {};
  for (const [name, fn] of functions) endpoints[name] = serializeEndpoint(fn, name);

  const runEvent = eventRunner(functions, endpoints);
  const answer = batchPerTurn<{ call: number } & EventOutcome>((outcomes) => send({ type: 'event-outcomes', outcomes }));
  process.on('message', (message: RunnerMessage) => {
    if (message.type !== 'events') return;
    for (const { call, name, event } of message.events) void runEvent(name, event).then((outcome) => answer({ call, ...outcome }));
  });
  const app = createApp(fromFunctions('express') as ExpressModule, functions, endpoints);
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  send({ type: 'ready', port: (server.address() as AddressInfo).port, endpoints, node: process.version });
}

/** Walks exports as firebase-functions' loader does: nested objects give `group-name`. */
function collectFunctions(namespace: Record<string, unknown>): Map<string, Exported> {
  const found = new Map<string, Exported>();
  const visited = new Set<object>();
  const walk = (exports: Record<string, unknown>, prefix: string): void => {
    visited.add(exports);
    for (const [key, value] of Object.entries(exports)) {
      if (typeof value === 'function' && typeof (value as Exported).__endpoint === 'object') {
        found.set(prefix + key, value as Exported);
      } else if (typeof value === 'object' && value !== null && !Array.isArray(value) && !visited.has(value)) {
        walk(value as Record<string, unknown>, `${prefix}${key}-`);
      }
    }
  };
  const { default: defaultExport, ...named } = namespace;
  walk(named, '');
  // A CommonJS build arrives as `default` (module.exports) when named exports were not detected.
  if (found.size === 0 && typeof defaultExport === 'object' && defaultExport !== null) {
    walk(defaultExport as Record<string, unknown>, '');
  }
  return found;
}

/** `__endpoint` as JSON: param Expressions resolve to their values, ResetValue serializes to null. */
function serializeEndpoint(fn: Exported, name: string): RawEndpoint {
  // Resolved before stringifying: an Expression's own toJSON would give its CEL name instead.
  const json = JSON.stringify(resolveExpressions(fn.__endpoint));
  return { ...(JSON.parse(json) as RawEndpoint), entryPoint: name.replace(/-/g, '.') };
}

function resolveExpressions(value: unknown): unknown {
  if (isExpression(value)) return value.value();
  if (Array.isArray(value)) return value.map(resolveExpressions);
  if (typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, resolveExpressions(entry)]));
  }
  return value;
}

function isExpression(value: unknown): value is { value(): unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { value?: unknown }).value === 'function' &&
    typeof (value as { toCEL?: unknown }).toCEL === 'function'
  );
}

/** Runs one CloudEvent through its function, within its timeout, attributed to its call: the outcome the runner sees. */
function eventRunner(functions: Map<string, Exported>, endpoints: Record<string, RawEndpoint>): (name: string, event: unknown) => Promise<EventOutcome> {
  return async (name, event) => {
    const fn = functions.get(name);
    if (!fn) return { status: 404, error: `No function named ${name}` };
    const timeoutMs = timeoutOf(endpoints[name]!);
    return calls.run(callContext(name, (event as { id?: unknown } | undefined)?.id), async () => {
      try {
        await withTimeout(Promise.resolve(fn(event)), timeoutMs);
        return { status: 204 };
      } catch (error) {
        const timedOut = error instanceof TimeoutError;
        if (!timedOut) console.error(`[functions] ${name} failed:`, error);
        return { status: timedOut ? 504 : 500, error: errorMessage(error) };
      }
    });
  };
}

function createApp(express: ExpressModule, functions: Map<string, Exported>, endpoints: Record<string, RawEndpoint>): ExpressApp {
  const app = express();
  const keepRawBody = (req: ExpressRequest, _res: unknown, buffer: Buffer): void => {
    req.rawBody = buffer;
  };
  // The same parsers, in the same order, as firebase-tools' functions runtime.
  app.use(express.json({ limit: BODY_LIMIT, verify: keepRawBody }));
  app.use(express.text({ limit: BODY_LIMIT, verify: keepRawBody }));
  app.use(express.urlencoded({ extended: true, limit: BODY_LIMIT, verify: keepRawBody }));
  app.use(express.raw({ type: '*/*', limit: BODY_LIMIT, verify: keepRawBody }));

  app.all(/^\/__\/http\/([^/]+)(\/.*)?$/, async (req, res) => {
    const name = decodeURIComponent(req.params[0]!);
    const fn = functions.get(name);
    if (!fn) return void res.status(404).json({ error: `No function named ${name}` });
    // The function sees the path below its own URL, as in production.
    const original = req.url ?? '/';
    const query = original.indexOf('?');
    req.url = (req.params[1] ?? '/') + (query >= 0 ? original.slice(query) : '');
    await calls.run(callContext(name, req.headers['function-execution-id']), async () => {
      try {
        await withTimeout(runHttp(fn, req, res), timeoutOf(endpoints[name]!));
      } catch (error) {
        const timedOut = error instanceof TimeoutError;
        if (!timedOut) console.error(`[functions] ${name} failed:`, error);
        if (!res.headersSent) res.status(timedOut ? 504 : 500).send(timedOut ? 'Function timed out' : 'Internal Server Error');
        else res.end();
      }
    });
  });
  return app;
}

function callContext(name: string, executionId: unknown): CallContext {
  return typeof executionId === 'string' && executionId !== '' ? { function: name, executionId } : { function: name };
}

/** Resolves once the handler returned and the response is finished (handlers may return before responding). */
function runHttp(fn: Exported, req: ExpressRequest, res: ExpressResponse): Promise<void> {
  const finished = new Promise<void>((resolve) => {
    if (res.writableEnded) resolve();
    res.once('finish', resolve);
    res.once('close', resolve);
  });
  return Promise.resolve(fn(req, res)).then(() => finished);
}

/**
 * `require` as the functions see it: firebase-functions' own copy, and express from its
 * dependencies (express 5, whose req/res the handlers were written for). Resolved from
 * the functions module, else from the runner's install.
 */
function requireFromFirebaseFunctions(modulePath: string): (id: string) => unknown {
  for (const base of [modulePath, fileURLToPath(import.meta.url)]) {
    try {
      const fromModule = createRequire(base);
      const fromFirebaseFunctions = createRequire(fromModule.resolve('firebase-functions'));
      return (id) => (id.startsWith('firebase-functions') ? fromModule(id) : fromFirebaseFunctions(id));
    } catch {
      // Not resolvable from here: try the next base.
    }
  }
  throw new Error('firebase-functions cannot be resolved from the functions module');
}

function timeoutOf(endpoint: RawEndpoint): number {
  return (endpoint.timeoutSeconds ?? 60) * 1000;
}

class TimeoutError extends Error {}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(`Function timed out after ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } catch (error) {
    // The abandoned work may still fail later; that must not crash the worker.
    if (error instanceof TimeoutError) work.catch((late: unknown) => console.error('[functions] failed after its timeout:', late));
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

function send(message: WorkerMessage): void {
  // The channel is gone only when the runner is: then nobody waits for an answer.
  if (process.connected) process.send?.(message);
}

if (process.env[TAG_OUTPUT_ENV]) tagProcessOutput(() => calls.getStore());
process.on('disconnect', () => process.exit(0));
// One function's stray promise must not take every other function down with the process.
process.on('unhandledRejection', (reason) => console.error('[functions] unhandled rejection:', reason));
main().catch((error: unknown) => {
  send({ type: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
  process.disconnect?.();
});
