/** IPC messages between the runner (parent) and the functions worker (child). */
import type { RawEndpoint } from './definitions.js';

/**
 * How an event call ended, in HTTP's terms (the worker used to take events as HTTP requests):
 * 204, 404 (no such function), 500 (it threw) or 504 (it timed out), with the error's message.
 */
export interface EventOutcome {
  status: number;
  error?: string;
}

/** From the worker. `call` numbers pair an event's outcome with the runner's request. */
export type WorkerMessage =
  | { type: 'ready'; port: number; endpoints: Record<string, RawEndpoint>; node: string }
  | { type: 'failed'; error: string }
  | ({ type: 'event-outcome'; call: number } & EventOutcome);

/**
 * From the runner: a CloudEvent for function `name`, sent over the IPC channel the child has
 * anyway instead of as an HTTP request (the event is JSON on both ways, so the function gets
 * the same object; on a hot set the HTTP hop was a tenth of the emulators' CPU per event).
 */
export type RunnerMessage = { type: 'event'; call: number; name: string; event: object };
