/**
 * Time as integer nanoseconds since the epoch (bigint), with the RFC 3339 forms the wire uses.
 * The engine's clock is strictly increasing: every commit and every read time it hands out is
 * later than the previous one, so listeners' read times never go backwards.
 */
import { invalidArgument } from '../errors.js';

export type Nanos = bigint;

const RFC3339 = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/;

/** The range production accepts: 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999999999Z. */
const MIN_MILLIS = Date.parse('0001-01-01T00:00:00Z');
const MAX_MILLIS = Date.parse('9999-12-31T23:59:59.999Z');

/** The last text parsed: a commit's answer carries its time twice (commit and update time), each parsed to encode it. */
let lastParsed: { text: string; nanos: Nanos } | undefined;

export function parseTimestamp(text: string): Nanos {
  if (lastParsed?.text === text) return lastParsed.nanos;
  const nanos = parseUncached(text);
  lastParsed = { text, nanos };
  return nanos;
}

function parseUncached(text: string): Nanos {
  const match = RFC3339.exec(text);
  const millis = match ? Date.parse(`${match[1]}${match[3]}`) : NaN;
  if (!match || Number.isNaN(millis)) throw invalidArgument(`Invalid timestamp: "${text}"`);
  if (millis < MIN_MILLIS || millis > MAX_MILLIS) throw invalidArgument(`Timestamp "${text}" is outside 0001-01-01T00:00:00Z..9999-12-31T23:59:59.999999999Z.`);
  const fraction = (match[2] ?? '').padEnd(9, '0');
  return BigInt(millis) * 1_000_000n + BigInt(fraction);
}

/** The last time formatted: one commit's time is formatted for its result, each written document and its announcement. */
let lastFormatted: { nanos: Nanos; text: string } | undefined;

/** RFC 3339 UTC with microseconds (or nanoseconds when they are not whole microseconds). */
export function formatTimestamp(nanos: Nanos): string {
  if (lastFormatted?.nanos === nanos) return lastFormatted.text;
  const text = formatUncached(nanos);
  lastFormatted = { nanos, text };
  return text;
}

function formatUncached(nanos: Nanos): string {
  // Floor division: before 1970 the fraction still counts forward from the whole second.
  const subMillis = ((nanos % 1_000_000n) + 1_000_000n) % 1_000_000n;
  const millis = (nanos - subMillis) / 1_000_000n;
  const base = new Date(Number(millis)).toISOString(); // yyyy-mm-ddThh:mm:ss.mmmZ
  const digits = base.slice(20, 23) + subMillis.toString().padStart(6, '0');
  const trimmed = digits.endsWith('000') ? digits.slice(0, 6) : digits;
  return `${base.slice(0, 19)}.${trimmed}Z`;
}

/** `{seconds, nanos}` (protobuf Timestamp) as nanoseconds. */
export function fromSecondsNanos(seconds: string | number, nanos: number): Nanos {
  return BigInt(seconds) * 1_000_000_000n + BigInt(nanos);
}

export function toSecondsNanos(time: Nanos): { seconds: string; nanos: number } {
  let seconds = time / 1_000_000_000n;
  let nanos = time % 1_000_000_000n;
  if (nanos < 0n) {
    seconds -= 1n;
    nanos += 1_000_000_000n;
  }
  return { seconds: seconds.toString(), nanos: Number(nanos) };
}

/**
 * Production's times (commit, update and read times) are whole microseconds. A floor from an
 * older export may carry nanoseconds: round it up, so later times stay strictly after it.
 */
function ceilToMicros(time: Nanos): Nanos {
  const rest = ((time % 1000n) + 1000n) % 1000n;
  return rest === 0n ? time : time + 1000n - rest;
}

export class Clock {
  private last: Nanos;

  constructor(floor: Nanos = 0n) {
    this.last = ceilToMicros(floor);
  }

  /** A fresh time in whole microseconds, strictly after every time handed out before. */
  next(): Nanos {
    const wall = BigInt(Date.now()) * 1_000_000n + BigInt(Math.floor((performance.now() % 1) * 1000)) * 1000n;
    this.last = wall > this.last ? wall : this.last + 1000n;
    return this.last;
  }

  /** The latest time handed out (a read time that includes every commit so far). */
  current(): Nanos {
    return this.last;
  }

  /** Never go below `floor` (after an import, read times must not go backwards). */
  advanceTo(floor: Nanos): void {
    const micros = ceilToMicros(floor);
    if (micros > this.last) this.last = micros;
  }
}
