/**
 * Runtime values of the rules language and the operations every type shares: type names,
 * equality and ordering.
 *
 * Representation: null, boolean, bigint (rules.Integer: signed 64-bit, kept apart from
 * floats so `1` and `1.0` keep their types), number (rules.Float), string, Uint8Array
 * (rules.Bytes), arrays (rules.List), and classes for the rest.
 */
import type { TypeName } from './ast.js';
import { RulesEvaluationError, UnprovableError } from './errors.js';

export type Value =
  | null
  | boolean
  | bigint
  | number
  | string
  | Uint8Array
  | Value[]
  | RulesMap
  | RulesSet
  | MapDiff
  | Timestamp
  | Duration
  | RulesPath
  | LatLng
  | Unknown;

/** rules.Map: string keys, insertion-ordered. */
export class RulesMap {
  readonly entries: ReadonlyMap<string, Value>;

  constructor(entries: Iterable<[string, Value]> = []) {
    this.entries = new Map(entries);
  }

  static of(record: Record<string, Value>): RulesMap {
    return new RulesMap(Object.entries(record));
  }

  /** Field access: a missing key is an error, never null (as in production). */
  field(key: string): Value {
    if (!this.entries.has(key)) throw new RulesEvaluationError(`Property ${key} is undefined on object`);
    return this.entries.get(key)!;
  }

  has(key: string): boolean {
    return this.entries.has(key);
  }
}

/** rules.Set: unique items, kept in first-seen order. */
export class RulesSet {
  readonly items: readonly Value[];

  constructor(items: Iterable<Value>) {
    const unique: Value[] = [];
    for (const item of items) if (!unique.some((existing) => valuesEqual(existing, item))) unique.push(item);
    this.items = unique;
  }

  has(value: Value): boolean {
    return this.items.some((item) => valuesEqual(item, value));
  }
}

/** rules.MapDiff: the result of `after.diff(before)` (the receiver is the newer map). */
export class MapDiff {
  constructor(
    readonly before: RulesMap,
    readonly after: RulesMap,
  ) {}
}

/** rules.Timestamp: UTC with nanosecond precision, as nanoseconds since the epoch. */
export class Timestamp {
  static readonly MIN_NANOS = -62135596800n * 1_000_000_000n; // 0001-01-01T00:00:00Z
  static readonly MAX_NANOS = 253402300800n * 1_000_000_000n - 1n; // 9999-12-31T23:59:59.999999999Z

  constructor(readonly nanos: bigint) {
    if (nanos < Timestamp.MIN_NANOS || nanos > Timestamp.MAX_NANOS) throw new RulesEvaluationError('Timestamp out of range');
  }

  static fromDate(date: Date): Timestamp {
    return new Timestamp(BigInt(date.getTime()) * 1_000_000n);
  }

  /** A protobuf Timestamp: whole seconds since the epoch plus 0 to 999,999,999 nanoseconds. */
  static fromSecondsNanos(seconds: bigint | number | string, nanos: number): Timestamp {
    if (!Number.isInteger(nanos) || nanos < 0 || nanos > 999_999_999) throw new RulesEvaluationError(`Timestamp nanos must be an integer from 0 to 999999999, got ${nanos}`);
    let wholeSeconds: bigint;
    try {
      wholeSeconds = BigInt(seconds);
    } catch {
      throw new RulesEvaluationError(`Timestamp seconds must be an integer, got ${String(seconds)}`);
    }
    return new Timestamp(wholeSeconds * 1_000_000_000n + BigInt(nanos));
  }

  /** Parses RFC 3339 with up to nine fractional digits (Firestore's timestampValue form). */
  static parse(text: string): Timestamp {
    const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/i.exec(text);
    if (!match) throw new RulesEvaluationError(`Invalid timestamp '${text}'`);
    const millis = Date.parse(`${match[1]}${match[3]}`);
    if (Number.isNaN(millis)) throw new RulesEvaluationError(`Invalid timestamp '${text}'`);
    const fraction = BigInt((match[2] ?? '').padEnd(9, '0'));
    return new Timestamp(BigInt(millis) * 1_000_000n + fraction);
  }

  /** Milliseconds since the epoch, floored (for calendar fields through Date). */
  get epochMillis(): number {
    return Number(floorDiv(this.nanos, 1_000_000n));
  }

  toISOString(): string {
    const date = new Date(this.epochMillis).toISOString().slice(0, 19);
    const fraction = floorMod(this.nanos, 1_000_000_000n).toString().padStart(9, '0');
    return `${date}.${fraction}Z`;
  }
}

/** rules.Duration: nanoseconds, signed. */
export class Duration {
  constructor(readonly nanos: bigint) {}
}

/** rules.Path: a document or object location as segments. */
export class RulesPath {
  constructor(readonly segments: readonly string[]) {}

  toString(): string {
    return '/' + this.segments.join('/');
  }
}

/** rules.LatLng in degrees. */
export class LatLng {
  constructor(
    readonly latitude: number,
    readonly longitude: number,
  ) {}
}

/** What a list query tells about a value it does not pin down (see query.ts). */
export interface UnknownFacts {
  /** Range and inequality filters the query puts on a field. */
  readonly constraints?: readonly { operator: '<' | '<=' | '>' | '>=' | '!='; value: Value }[];
  /** Values an `array-contains` filter guarantees the list holds. */
  readonly contains?: readonly Value[];
  /** For a partly known map (`resource.data`): a field's value, itself possibly Unknown. */
  readonly field?: (name: string) => Value;
  /** For a partly known map: whether a key surely exists (true), surely not (false), or undefined. */
  readonly hasKey?: (name: string) => boolean | undefined;
}

/**
 * A value a list query does not pin down. Operations on it raise UnprovableError, except
 * field access on partly known maps and the comparisons query.ts can prove from filters.
 */
export class Unknown {
  constructor(
    /** What it stands for, for error messages: `resource.data.owner`. */
    readonly description: string,
    readonly facts: UnknownFacts = {},
  ) {}
}

export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q;
}

export function floorMod(a: bigint, b: bigint): bigint {
  return a - floorDiv(a, b) * b;
}

/** Deep comparisons cannot look through an Unknown (e.g. `[resource.data.x] == [1]`). */
function assertKnown(a: Value, b: Value): void {
  const unknown = a instanceof Unknown ? a : b instanceof Unknown ? b : undefined;
  if (unknown) throw new UnprovableError(`${unknown.description} is not fixed by the query`);
}

/** The name of a value's type as error messages and `is` use it. */
export function typeOf(value: Value): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'boolean':
      return 'bool';
    case 'bigint':
      return 'int';
    case 'number':
      return 'float';
    case 'string':
      return 'string';
  }
  if (value instanceof Uint8Array) return 'bytes';
  if (Array.isArray(value)) return 'list';
  if (value instanceof RulesMap) return 'map';
  if (value instanceof RulesSet) return 'set';
  if (value instanceof MapDiff) return 'map_diff';
  if (value instanceof Timestamp) return 'timestamp';
  if (value instanceof Duration) return 'duration';
  if (value instanceof RulesPath) return 'path';
  if (value instanceof LatLng) return 'latlng';
  return 'unknown';
}

export function isType(value: Value, type: TypeName): boolean {
  if (type === 'number') return typeof value === 'bigint' || typeof value === 'number';
  return typeOf(value) === type;
}

export function isNumber(value: Value): value is bigint | number {
  return typeof value === 'bigint' || typeof value === 'number';
}

/** `==`: ints and floats compare by value; other types must match; lists and maps deeply. */
export function valuesEqual(a: Value, b: Value): boolean {
  assertKnown(a, b);
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a === b;
    return Number(a) === Number(b);
  }
  if (a === null || b === null) return a === b;
  if (typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => valuesEqual(item, b[i]!));
  if (a instanceof Uint8Array) return b instanceof Uint8Array && Buffer.from(a).equals(Buffer.from(b));
  if (a instanceof RulesMap) {
    if (!(b instanceof RulesMap) || a.entries.size !== b.entries.size) return false;
    for (const [key, value] of a.entries) if (!b.has(key) || !valuesEqual(value, b.entries.get(key)!)) return false;
    return true;
  }
  if (a instanceof RulesSet) return b instanceof RulesSet && a.items.length === b.items.length && a.items.every((item) => b.has(item));
  if (a instanceof Timestamp || a instanceof Duration) return b.constructor === a.constructor && (b as Timestamp).nanos === a.nanos;
  if (a instanceof RulesPath) return b instanceof RulesPath && a.segments.length === b.segments.length && a.segments.every((s, i) => s === b.segments[i]);
  if (a instanceof LatLng) return b instanceof LatLng && a.latitude === b.latitude && a.longitude === b.longitude;
  if (a instanceof MapDiff) return b instanceof MapDiff && valuesEqual(a.before, b.before) && valuesEqual(a.after, b.after);
  return false;
}

/**
 * `<`, `<=`, `>`, `>=`: numbers (ints and floats together), strings, bytes, timestamps,
 * durations and lists (element-wise) are ordered; anything else is an error.
 * Returns negative, zero or positive; NaN compares as unordered (every comparison false).
 */
export function compareValues(a: Value, b: Value): number {
  assertKnown(a, b);
  if (isNumber(a) && isNumber(b)) {
    if (typeof a === 'bigint' && typeof b === 'bigint') return a < b ? -1 : a > b ? 1 : 0;
    const x = Number(a);
    const y = Number(b);
    return x < y ? -1 : x > y ? 1 : x === y ? 0 : NaN;
  }
  if (typeof a === 'string' && typeof b === 'string') return compareCodePoints(a, b);
  if (a instanceof Uint8Array && b instanceof Uint8Array) return Buffer.compare(a, b);
  if ((a instanceof Timestamp && b instanceof Timestamp) || (a instanceof Duration && b instanceof Duration)) {
    return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const order = compareValues(a[i]!, b[i]!);
      if (order !== 0) return order;
    }
    return a.length - b.length;
  }
  throw new RulesEvaluationError(`Cannot compare ${typeOf(a)} with ${typeOf(b)}`);
}

/** Strings order by Unicode code point (UTF-16 order differs above the BMP). */
function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const order = x[i]!.codePointAt(0)! - y[i]!.codePointAt(0)!;
    if (order !== 0) return order;
  }
  return x.length - y.length;
}

/** A short rendering for `debug()` output and messages. */
export function describeValue(value: Value): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(1) : String(value);
  if (Array.isArray(value)) return `[${value.map(describeValue).join(', ')}]`;
  if (value instanceof RulesMap) return `{${[...value.entries].map(([k, v]) => `${JSON.stringify(k)}: ${describeValue(v)}`).join(', ')}}`;
  if (value instanceof RulesSet) return `set(${value.items.map(describeValue).join(', ')})`;
  if (value instanceof Timestamp) return `timestamp(${value.toISOString()})`;
  if (value instanceof Duration) return `duration(${value.nanos}ns)`;
  if (value instanceof RulesPath) return `path(${value.toString()})`;
  if (value instanceof LatLng) return `latlng(${value.latitude}, ${value.longitude})`;
  if (value instanceof Uint8Array) return `bytes(${Buffer.from(value).toString('base64')})`;
  if (value instanceof Unknown) return `<unknown ${value.description}>`;
  return 'map_diff';
}
