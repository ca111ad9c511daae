/** One structured line per function invocation: which function, which event, how long, how it ended. */
export type Outcome =
  | 'ok'
  | 'error'
  | 'timeout'
  /** Failed; will be redelivered (by the runner, or by Pub/Sub after a nack). */
  | 'retrying'
  /** Failed without `retry`: logged and dropped, as in production. */
  | 'dropped'
  /** Failed on its last allowed attempt. */
  | 'gave-up';

export interface InvocationRecord {
  function: string;
  trigger: string;
  eventId: string;
  attempt: number;
  durationMs: number;
  outcome: Outcome;
  error?: string;
  /** The Node the worker that ran it is on (`v24.21.0`): production's major, see node-binary.ts. */
  node?: string;
}

export type InvocationLogger = (record: InvocationRecord) => void;

/** The record as one JSON line (no newline): what the runner prints by default, and what `npm start` keeps in its log file. */
export function invocationJson(record: InvocationRecord, time = new Date()): string {
  return JSON.stringify({ time: time.toISOString(), component: 'functions-runner', ...record });
}

export const logInvocationLine: InvocationLogger = (record) => {
  console.log(invocationJson(record));
};
