/**
 * What the functions print (firebase-functions `logger` JSON entries, console output),
 * attributed to the call that printed it, as Cloud Logging labels each entry with its
 * function and execution id.
 *
 * Only when the runner is given a `workerOutput` sink: the child then tags every write to
 * its stdout/stderr with the call running in that async context and sends it on the same
 * pipe as one envelope line (`\x1e` + JSON); the parent reads those pipes line by line.
 * Pipes, not IPC: pipe writes are synchronous on Linux, so nothing printed just before a
 * crash or a `process.exit` is lost, and bytes written around Node (a native crash
 * report) still arrive, untagged. Without a sink the child keeps the runner's stdio.
 */
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export interface WorkerOutputLine {
  stream: 'stdout' | 'stderr';
  /** One write, as the functions made it, without its final newline (a stack trace stays one entry). */
  text: string;
  /** The function whose call wrote it; absent for output outside any call (module load). */
  function?: string;
  /** The CloudEvent id, or the HTTP call's `function-execution-id` header. */
  executionId?: string;
}

export type WorkerOutput = (line: WorkerOutputLine) => void;

export interface CallContext {
  function: string;
  executionId?: string;
}

/** Tells the child to tag its output (set by the parent only when it reads the pipes). */
export const TAG_OUTPUT_ENV = 'ENCORE_WORKER_TAGGED_OUTPUT';

const ENVELOPE = '\x1e';

interface Envelope {
  text: string;
  function?: string;
  executionId?: string;
}

export function encodeEnvelope(text: string, call: CallContext | undefined): string {
  const envelope: Envelope = { text, ...call };
  return ENVELOPE + JSON.stringify(envelope);
}

/** One line read from a child pipe: an envelope, or untagged bytes taken as they are. */
export function decodeLine(stream: WorkerOutputLine['stream'], line: string): WorkerOutputLine {
  if (line.startsWith(ENVELOPE)) {
    try {
      const envelope = JSON.parse(line.slice(ENVELOPE.length)) as Envelope;
      if (typeof envelope.text === 'string') return { stream, ...envelope };
    } catch {
      // Not one of ours after all: shown as written.
    }
  }
  return { stream, text: line };
}

/** Child side: every write to stdout/stderr becomes one envelope line naming the current call. */
export function tagProcessOutput(currentCall: () => CallContext | undefined): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: string, callback?: (error?: Error | null) => void) => boolean;
    stream.write = ((chunk: string | Uint8Array, encoding?: BufferEncoding | ((error?: Error | null) => void), callback?: (error?: Error | null) => void) => {
      const done = typeof encoding === 'function' ? encoding : callback;
      const text = chunkText(chunk, typeof encoding === 'string' ? encoding : 'utf8');
      if (text === '') return write('', done);
      return write(`${encodeEnvelope(text.replace(/\n$/, ''), currentCall())}\n`, done);
    }) as typeof stream.write;
  }
}

function chunkText(chunk: string | Uint8Array, encoding: BufferEncoding): string {
  if (typeof chunk === 'string') return encoding === 'utf8' || encoding === 'utf-8' ? chunk : Buffer.from(chunk, encoding).toString('utf8');
  return Buffer.from(chunk).toString('utf8');
}

/** Parent side: each line of the child's stdout and stderr, decoded, to `sink`. */
export function readChildOutput(child: ChildProcess, sink: WorkerOutput): void {
  for (const [stream, readable] of [
    ['stdout', child.stdout],
    ['stderr', child.stderr],
  ] as const) {
    if (!readable) continue;
    createInterface({ input: readable, crlfDelay: Infinity }).on('line', (line) => sink(decodeLine(stream, line)));
  }
}
