/**
 * The functions' part of the `npm start` console. Each invocation record and each entry
 * the functions print goes, in full and as JSON, to one JSONL file (the previous run's
 * kept beside it); what a person wants to see of it goes as one short line to the terminal
 * (runner/console-format.ts says what, and how).
 *
 * File lines:
 *   {"time","component":"functions-runner","function","trigger","eventId","attempt","durationMs","outcome","error"?}
 *   {"time","component":"functions","function"?,"executionId"?,"stream","log":{...}}   a JSON entry (firebase-functions logger)
 *   {"time","component":"functions","function"?,"executionId"?,"stream","text":"..."}  anything else printed
 */
import { closeSync, existsSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { consoleShowsInvocation, consoleShowsOutput, formatInvocation, formatWorkerOutput, type ConsoleFormat } from '../runner/console-format.js';
import { invocationJson, type InvocationLogger } from '../runner/invocation-log.js';
import type { WorkerOutput, WorkerOutputLine } from '../runner/worker-output.js';

export interface FunctionsLogOptions {
  /** The JSONL file; an existing one is renamed `*.previous.jsonl` first. */
  file: string;
  /** How the file is named on the console (relative to the repo). */
  shownAs: string;
  /** Where the human lines go (stdout). */
  console: { write(text: string): unknown };
  colour: boolean;
  /** Every record and entry on the console too, DEBUG included (`npm start -- --verbose`). */
  verbose?: boolean;
}

/** What the console needs to know of a loaded function. */
export interface KnownFunction {
  name: string;
  trigger: { kind: string };
}

export interface FunctionsLog {
  file: string;
  shownAs: string;
  /** The runner's `log` and `workerOutput` options. */
  log: InvocationLogger;
  output: WorkerOutput;
  /** Where the trigger kinds of the loaded functions come from (they change on a reload). */
  knowFunctions(list: () => readonly KnownFunction[]): void;
  close(): void;
}

export function openFunctionsLog(options: FunctionsLogOptions): FunctionsLog {
  mkdirSync(dirname(options.file), { recursive: true });
  if (existsSync(options.file)) renameSync(options.file, options.file.replace(/(\.jsonl)?$/, '.previous.jsonl'));
  // Written synchronously, so the lines before a crash or a second Ctrl-C are in the file.
  let fd: number | undefined = openSync(options.file, 'w');
  const append = (line: string): void => {
    if (fd !== undefined) writeSync(fd, `${line}\n`);
  };
  const format: ConsoleFormat = { colour: options.colour, logFile: options.shownAs };
  const verbose = options.verbose ?? false;
  let functions: () => readonly KnownFunction[] = () => [];
  const kindOf = (name: string): string | undefined => functions().find((fn) => fn.name === name)?.trigger.kind;
  return {
    file: options.file,
    shownAs: options.shownAs,
    log(record) {
      append(invocationJson(record));
      if (consoleShowsInvocation(record, verbose)) options.console.write(`${formatInvocation(record, format)}\n`);
    },
    output(line) {
      append(workerOutputJson(line, new Date()));
      if (consoleShowsOutput(line, kindOf, verbose)) options.console.write(`${formatWorkerOutput(line, format)}\n`);
    },
    knowFunctions(list) {
      functions = list;
    },
    close() {
      if (fd === undefined) return;
      closeSync(fd);
      fd = undefined;
    },
  };
}

export function workerOutputJson(line: WorkerOutputLine, time: Date): string {
  const { text, ...labels } = line;
  const entry = jsonObject(text);
  return JSON.stringify({ time: time.toISOString(), component: 'functions', ...labels, ...(entry ? { log: entry } : { text }) });
}

function jsonObject(text: string): object | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
