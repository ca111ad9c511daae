/**
 * The human view of the runner's output, for `npm start`: what happened, one short line
 * each, not how. Pure: the records stay the source of truth (they are kept in full
 * elsewhere), this only chooses what the console shows and renders it.
 *
 *   › processPhoto           INFO   photo-ready  festivalId=encore-2026 photoId=p1 renditions=3
 *   ✖ countFavorite          pubsub       12 ms  retrying (attempt 2): quota exceeded
 *   ✔ icsFeed                https        31 ms
 *
 * What is shown (`consoleShows*`; everything, DEBUG included, with `verbose`):
 * - an invocation's line when it failed, or when someone called it (HTTPS, callable, a
 *   scheduled job run now); a successful event-driven invocation shows through what it logs;
 * - log entries at WARNING and above, always; DEBUG and below, never;
 * - INFO entries of subscribers, jobs and HTTP functions (the work and its outcome: one
 *   photo through the pipeline is one `photo-ready` line), but not of Firestore and Storage
 *   triggers: in Encore they are thin, and their INFO is plumbing ("published an event",
 *   "ignored a derived file", nine of those per photo);
 * - anything printed that is not a structured entry (a developer's console.log), always.
 */
import { styleText } from 'node:util';
import type { InvocationRecord } from './invocation-log.js';
import type { WorkerOutputLine } from './worker-output.js';

export interface ConsoleFormat {
  /** ANSI colours (only for a terminal that wants them). */
  colour: boolean;
  /** Named where a long entry is cut, so the reader knows where the rest is. */
  logFile: string;
}

/** Fits Encore's longest function name (fanOutProgrammeChange); a longer one just pushes its line on. */
const NAME_WIDTH = 22;
const TRIGGER_WIDTH = 9;
const DURATION_WIDTH = 8;
const SEVERITY_WIDTH = 6;
const MAX_FIELDS = 4;
const MAX_VALUE = 60;
const MAX_ERROR = 160;
/** Lines kept of an error entry (its message and the top of its stack). */
const ERROR_LINES = 4;

type Style = Parameters<typeof styleText>[0];

/** The kind of trigger of a function (`pubsub`, `firestore`, `https`...), when the runner knows it. */
export type TriggerKindOf = (functionName: string) => string | undefined;

const CALLED_KINDS = new Set(['https', 'callable', 'schedule']);
const THIN_TRIGGER_KINDS = new Set(['firestore', 'storage']);

export function consoleShowsInvocation(record: InvocationRecord, verbose = false): boolean {
  return verbose || record.outcome !== 'ok' || CALLED_KINDS.has(triggerKind(record.trigger));
}

export function consoleShowsOutput(line: WorkerOutputLine, kindOf: TriggerKindOf, verbose = false): boolean {
  if (verbose) return true;
  const entry = structuredEntry(line.text);
  if (!entry) return true;
  const severity = severityOf(entry.severity);
  if (severity >= Severity.WARNING) return true;
  if (severity < Severity.INFO) return false;
  const kind = line.function === undefined ? undefined : kindOf(line.function);
  return kind === undefined || !THIN_TRIGGER_KINDS.has(kind);
}

export function formatInvocation(record: InvocationRecord, format: ConsoleFormat): string {
  const paint = painter(format);
  const failed = record.outcome !== 'ok';
  const mark = failed ? paint(record.outcome === 'retrying' ? 'yellow' : 'red', '✖') : paint('green', '✔');
  const columns = [
    `  ${mark} ${paint('bold', record.function.padEnd(NAME_WIDTH))}`,
    paint('dim', triggerKind(record.trigger).padEnd(TRIGGER_WIDTH)),
    paint('dim', duration(record.durationMs).padStart(DURATION_WIDTH)),
  ];
  const outcome = outcomeText(record);
  return outcome === '' ? columns.join(' ') : `${columns.join(' ')}  ${failed ? paint(record.outcome === 'retrying' ? 'yellow' : 'red', outcome) : outcome}`;
}

/** A firebase-functions `logger` entry (or any JSON line with a `severity`), else the text as written. */
export function formatWorkerOutput(line: WorkerOutputLine, format: ConsoleFormat): string {
  const paint = painter(format);
  const entry = structuredEntry(line.text);
  const severity = entry ? severityOf(entry.severity) : line.stream === 'stderr' ? Severity.ERROR : Severity.INFO;
  const message = entry ? (typeof entry.message === 'string' ? entry.message : '') : line.text;
  const [first = '', ...rest] = message.split('\n');
  const kept = severity >= Severity.ERROR ? rest.slice(0, ERROR_LINES - 1) : [];
  const cut = rest.length - kept.length;
  const fields = entry ? fieldsText(entry, first, line.executionId) : '';
  const head = [
    `  ${paint('dim', '›')} ${(line.function ?? 'functions').padEnd(NAME_WIDTH)}`,
    paint(severityStyle(severity), severityLabel(severity).padEnd(SEVERITY_WIDTH)),
    [first, fields === '' ? '' : paint('dim', fields)].filter((part) => part !== '').join('  '),
  ].join(' ');
  const indent = ' '.repeat(4 + NAME_WIDTH + 1 + SEVERITY_WIDTH + 1);
  // Stack frames a little further in than the message they belong to, whatever their own indentation.
  const body = kept.map((text) => `${indent}  ${text.trimStart()}`);
  if (cut > 0) body.push(indent + paint('dim', `… ${cut} more line${cut === 1 ? '' : 's'} in ${format.logFile}`));
  return [head, ...body].join('\n');
}

/** `pubsub.messagePublished` → `pubsub`: the function's name says the rest. */
function triggerKind(trigger: string): string {
  return trigger.split('.')[0]!;
}

function duration(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

function outcomeText(record: InvocationRecord): string {
  const error = record.error === undefined ? '' : `: ${shorten(record.error.split('\n')[0]!, MAX_ERROR)}`;
  switch (record.outcome) {
    case 'ok':
      return record.attempt > 1 ? `(attempt ${record.attempt})` : '';
    case 'error':
      return `failed${error}`;
    case 'timeout':
      return `timed out${error}`;
    case 'retrying':
      // The attempt that comes next, as the one that failed is on this line.
      return `retrying (attempt ${record.attempt + 1})${error}`;
    case 'dropped':
      return `failed, not retried${error}`;
    case 'gave-up':
      return `gave up after attempt ${record.attempt}${error}`;
  }
}

type LogEntry = Record<string, unknown> & { severity: string };

function structuredEntry(text: string): LogEntry | undefined {
  if (!text.startsWith('{')) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && typeof (parsed as { severity?: unknown }).severity === 'string') return parsed as LogEntry;
  } catch {
    // Text that only looks like JSON: shown as written.
  }
  return undefined;
}

/** Cloud Logging's severities, in order. */
enum Severity {
  DEFAULT = 0,
  DEBUG = 100,
  INFO = 200,
  NOTICE = 300,
  WARNING = 400,
  ERROR = 500,
  CRITICAL = 600,
  ALERT = 700,
  EMERGENCY = 800,
}

function severityOf(name: string): Severity {
  const value = (Severity as unknown as Record<string, Severity | undefined>)[name.toUpperCase()];
  return typeof value === 'number' ? value : Severity.DEFAULT;
}

function severityLabel(severity: Severity): string {
  const labels: Partial<Record<Severity, string>> = {
    [Severity.DEFAULT]: 'LOG',
    [Severity.WARNING]: 'WARN',
    [Severity.CRITICAL]: 'CRIT',
    [Severity.EMERGENCY]: 'EMERG',
  };
  return labels[severity] ?? Severity[severity];
}

function severityStyle(severity: Severity): Style {
  if (severity >= Severity.ERROR) return 'red';
  if (severity >= Severity.WARNING) return 'yellow';
  if (severity >= Severity.INFO) return 'cyan';
  return 'dim';
}

/**
 * The entry's own fields, the first few, each short. Left out: what Cloud Logging adds, the
 * message again (Encore's `event` field), and the id of the call it is logged in (the file has it).
 */
function fieldsText(entry: LogEntry, message: string, executionId: string | undefined): string {
  const repeated = (key: string, value: unknown): boolean => (key === 'event' && value === message) || (key === 'eventId' && value === executionId);
  const fields = Object.entries(entry).filter(
    ([key, value]) => key !== 'severity' && key !== 'message' && !key.startsWith('logging.googleapis.com/') && !repeated(key, value),
  );
  const shown = fields.slice(0, MAX_FIELDS).map(([key, value]) => `${key}=${shorten(fieldValue(value), MAX_VALUE)}`);
  if (fields.length > MAX_FIELDS) shown.push(`+${fields.length - MAX_FIELDS} more`);
  return shown.join(' ');
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string') return /^[\w.:/@#+-]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function painter(format: ConsoleFormat): (style: Style, text: string) => string {
  return format.colour ? (style, text) => styleText(style, text, { validateStream: false }) : (_style, text) => text;
}
