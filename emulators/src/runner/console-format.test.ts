import { describe, expect, it } from 'vitest';
import { consoleShowsInvocation, consoleShowsOutput, formatInvocation, formatWorkerOutput, type ConsoleFormat } from './console-format.js';
import type { InvocationRecord } from './invocation-log.js';

const plain: ConsoleFormat = { colour: false, logFile: '.encore-data/logs/functions.jsonl' };
const coloured: ConsoleFormat = { ...plain, colour: true };
const ESC = '\u001b[';

function record(fields: Partial<InvocationRecord>): InvocationRecord {
  return { function: 'processPhoto', trigger: 'pubsub.messagePublished', eventId: 'e-1', attempt: 1, durationMs: 3702.4, outcome: 'ok', ...fields };
}

describe('formatInvocation', () => {
  it('gives one short line for a success: mark, name, trigger kind, duration', () => {
    expect(formatInvocation(record({}), plain)).toBe('  ✔ processPhoto           pubsub      3.70 s');
  });

  it('shows short calls in milliseconds', () => {
    expect(formatInvocation(record({ durationMs: 12.3, trigger: 'firestore.created' }), plain)).toBe('  ✔ processPhoto           firestore    12 ms');
    expect(formatInvocation(record({ durationMs: 0.4, trigger: 'https' }), plain)).toContain('   0.4 ms');
  });

  it('says a retry is coming and which attempt it will be, with the first line of the error', () => {
    const line = formatInvocation(record({ function: 'countFavorite', durationMs: 12, outcome: 'retrying', error: 'quota exceeded\n    at count (index.js:3)' }), plain);
    expect(line).toBe('  ✖ countFavorite          pubsub       12 ms  retrying (attempt 2): quota exceeded');
  });

  it('names every other outcome', () => {
    expect(formatInvocation(record({ outcome: 'dropped', error: 'boom' }), plain)).toMatch(/✖ .* failed, not retried: boom$/);
    expect(formatInvocation(record({ outcome: 'gave-up', attempt: 5, error: 'boom' }), plain)).toMatch(/✖ .* gave up after attempt 5: boom$/);
    expect(formatInvocation(record({ outcome: 'timeout', trigger: 'https', error: 'HTTP 504' }), plain)).toMatch(/✖ .* https .* timed out: HTTP 504$/);
    expect(formatInvocation(record({ outcome: 'error', trigger: 'callable', error: 'HTTP 500' }), plain)).toMatch(/✖ .* callable .* failed: HTTP 500$/);
    expect(formatInvocation(record({ attempt: 3 }), plain)).toMatch(/✔ .* \(attempt 3\)$/);
  });

  it('cuts a very long error message', () => {
    const line = formatInvocation(record({ outcome: 'dropped', error: 'x'.repeat(500) }), plain);
    expect(line.endsWith(`failed, not retried: ${'x'.repeat(159)}…`)).toBe(true);
  });

  it('colours only when asked: green for ok, red for a failure, yellow for a retry', () => {
    expect(formatInvocation(record({}), plain)).not.toContain(ESC);
    expect(formatInvocation(record({}), coloured)).toContain(`${ESC}32m✔`);
    expect(formatInvocation(record({ outcome: 'dropped' }), coloured)).toContain(`${ESC}31m✖`);
    expect(formatInvocation(record({ outcome: 'retrying' }), coloured)).toContain(`${ESC}33m✖`);
  });
});

describe('formatWorkerOutput', () => {
  const entry = (fields: object): string => JSON.stringify(fields);

  it('shows a logger entry as severity, function, message and its first fields', () => {
    const text = entry({ event: 'photo-ready', festivalId: 'encore-2026', photoId: 'p1', renditions: 3, suggestedPerformanceId: null, severity: 'INFO', message: 'photo-ready' });
    expect(formatWorkerOutput({ stream: 'stdout', text, function: 'processPhoto', executionId: 'e-1' }, plain)).toBe(
      '  › processPhoto           INFO   photo-ready  festivalId=encore-2026 photoId=p1 renditions=3 suggestedPerformanceId=null',
    );
  });

  it('keeps the line short: at most four fields, each value cut, strings with spaces quoted', () => {
    const text = entry({ a: 'one two', b: 'y'.repeat(80), c: { nested: [1, 2] }, d: true, e: 5, severity: 'WARNING', message: 'many fields' });
    const line = formatWorkerOutput({ stream: 'stderr', text, function: 'importProgramme' }, plain);
    expect(line).toContain('WARN   many fields  a="one two" b=yyyy');
    expect(line).toContain('…');
    expect(line).toContain('c={"nested":[1,2]} d=true +1 more');
    expect(line).not.toContain('e=5');
  });

  it('leaves out what Cloud Logging adds, an event field that repeats the message and the id of the call', () => {
    const text = entry({ event: 'favorite-counted', eventId: 'e-7', 'logging.googleapis.com/trace': 'projects/p/traces/t', severity: 'INFO', message: 'favorite-counted' });
    expect(formatWorkerOutput({ stream: 'stdout', text, function: 'countFavorite', executionId: 'e-7' }, plain)).toBe('  › countFavorite          INFO   favorite-counted');
    expect(formatWorkerOutput({ stream: 'stdout', text, function: 'notifyFans', executionId: '3' }, plain)).toBe('  › notifyFans             INFO   favorite-counted  eventId=e-7');
  });

  it('shows an error entry with the top of its stack and says where the rest is', () => {
    const stack = ['Error: maintenance-failed', ...Array.from({ length: 10 }, (_, i) => `    at frame${i} (index.js:${i})`)].join('\n');
    const lines = formatWorkerOutput({ stream: 'stderr', text: entry({ severity: 'ERROR', message: stack, reason: 'quota' }), function: 'nightly' }, plain).split('\n');
    expect(lines[0]).toBe('  › nightly                ERROR  Error: maintenance-failed  reason=quota');
    const indent = ' '.repeat(34);
    expect(lines.slice(1, 4)).toEqual([`${indent}  at frame0 (index.js:0)`, `${indent}  at frame1 (index.js:1)`, `${indent}  at frame2 (index.js:2)`]);
    expect(lines[4]).toBe(`${indent}… 7 more lines in .encore-data/logs/functions.jsonl`);
    expect(lines).toHaveLength(5);
  });

  it('keeps an info entry to its first line, and says where the rest is', () => {
    const lines = formatWorkerOutput({ stream: 'stdout', text: entry({ severity: 'INFO', message: 'first\nsecond\nthird' }) }, plain).split('\n');
    expect(lines[0]).toBe('  › functions              INFO   first');
    expect(lines[1]!.trim()).toBe('… 2 more lines in .encore-data/logs/functions.jsonl');
    expect(lines).toHaveLength(2);
  });

  it('shows plain text as written: stdout as INFO, stderr as ERROR, outside any call as functions', () => {
    expect(formatWorkerOutput({ stream: 'stdout', text: 'hello from console.log', function: 'hello' }, plain)).toBe(
      '  › hello                  INFO   hello from console.log',
    );
    expect(formatWorkerOutput({ stream: 'stderr', text: '[functions] params without a value' }, plain)).toBe(
      '  › functions              ERROR  [functions] params without a value',
    );
    expect(formatWorkerOutput({ stream: 'stdout', text: '{"not": "an entry"}' }, plain)).toContain('INFO   {"not": "an entry"}');
  });

  it('colours the severity only when asked', () => {
    const warning = { stream: 'stderr' as const, text: entry({ severity: 'WARNING', message: 'photo-rejected' }), function: 'processPhoto' };
    expect(formatWorkerOutput(warning, plain)).not.toContain(ESC);
    expect(formatWorkerOutput(warning, coloured)).toContain(`${ESC}33mWARN`);
    expect(formatWorkerOutput({ ...warning, text: entry({ severity: 'ERROR', message: 'x' }) }, coloured)).toContain(`${ESC}31mERROR`);
  });
});

describe('what the console shows', () => {
  const kinds: Record<string, string> = { onUploadFinalized: 'storage', onPhotoWritten: 'firestore', processPhoto: 'pubsub', countPhoto: 'pubsub', icsFeed: 'https' };
  const kindOf = (name: string) => kinds[name];
  const logged = (fn: string, severity: string, event: string) => ({ stream: 'stdout' as const, function: fn, text: JSON.stringify({ event, severity, message: event }) });

  it('shows one line for one photo through the pipeline, however chatty its triggers are', () => {
    // What one upload produces: the trigger that publishes, the pipeline, and one trigger call per derived file.
    const records = [
      record({ function: 'onPhotoWritten', trigger: 'firestore.written' }),
      record({ function: 'onUploadFinalized', trigger: 'storage.finalized' }),
      record({ function: 'processPhoto' }),
      record({ function: 'countPhoto' }),
      ...Array.from({ length: 9 }, () => record({ function: 'onUploadFinalized', trigger: 'storage.finalized' })),
    ];
    const entries = [
      logged('onPhotoWritten', 'INFO', 'event-published'),
      logged('onUploadFinalized', 'INFO', 'event-published'),
      logged('processPhoto', 'INFO', 'photo-ready'),
      // Ignored derived files, at INFO today and at DEBUG once the functions say so: hidden either way.
      ...Array.from({ length: 5 }, () => logged('onUploadFinalized', 'INFO', 'upload-ignored')),
      ...Array.from({ length: 4 }, () => logged('onUploadFinalized', 'DEBUG', 'upload-ignored')),
    ];
    const shown = [...records.filter((r) => consoleShowsInvocation(r)), ...entries.filter((line) => consoleShowsOutput(line, kindOf))];
    expect(shown).toEqual([logged('processPhoto', 'INFO', 'photo-ready')]);
  });

  it('always shows a failed invocation, and the calls someone made', () => {
    expect(consoleShowsInvocation(record({ function: 'onUploadFinalized', trigger: 'storage.finalized', outcome: 'retrying' }))).toBe(true);
    expect(consoleShowsInvocation(record({ outcome: 'gave-up' }))).toBe(true);
    expect(consoleShowsInvocation(record({ function: 'icsFeed', trigger: 'https' }))).toBe(true);
    expect(consoleShowsInvocation(record({ function: 'nightlyMaintenance', trigger: 'schedule' }))).toBe(true);
    expect(consoleShowsInvocation(record({ function: 'countPhoto' }))).toBe(false);
  });

  it('shows warnings of thin triggers, a developer\'s console.log anywhere, never DEBUG', () => {
    expect(consoleShowsOutput(logged('onUploadFinalized', 'WARNING', 'event-malformed'), kindOf)).toBe(true);
    expect(consoleShowsOutput({ stream: 'stdout', function: 'onUploadFinalized', text: 'here we are' }, kindOf)).toBe(true);
    expect(consoleShowsOutput(logged('processPhoto', 'DEBUG', 'renditions-planned'), kindOf)).toBe(false);
    // Output outside any call (module load) and of functions the runner does not know yet.
    expect(consoleShowsOutput({ stream: 'stdout', text: JSON.stringify({ severity: 'INFO', message: 'loaded' }) }, kindOf)).toBe(true);
  });

  it('shows everything with verbose', () => {
    expect(consoleShowsInvocation(record({ function: 'countPhoto' }), true)).toBe(true);
    expect(consoleShowsOutput(logged('onUploadFinalized', 'DEBUG', 'upload-ignored'), kindOf, true)).toBe(true);
  });
});
