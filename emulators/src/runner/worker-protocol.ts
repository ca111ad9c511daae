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
  | { type: 'event-outcomes'; outcomes: Array<{ call: number } & EventOutcome> };

/**
 * From the runner: CloudEvents, each for function `name`, sent over the IPC channel the child
 * has anyway instead of as HTTP requests (the event is JSON on both ways, so the function gets
 * the same object; on a hot set the HTTP hop was a tenth of the emulators' CPU per event).
 */
export type RunnerMessage = { type: 'events'; events: Array<{ call: number; name: string; event: object }> };

/**
 * Collects what is sent during one turn of the event loop and hands it to `send` as one
 * batch at the next (`setImmediate`): one IPC message, one pipe write, for every event (or
 * outcome) of a burst instead of one each, which on a hot set was most of the hop's cost.
 */
export function batchPerTurn<T>(send: (batch: T[]) => void): (item: T) => void {
  let batch: T[] = [];
  return (item) => {
    batch.push(item);
    if (batch.length > 1) return;
    setImmediate(() => {
      const full = batch;
      batch = [];
      send(full);
    });
  };
}
