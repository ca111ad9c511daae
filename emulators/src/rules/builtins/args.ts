/** Argument checks shared by the built-in methods and functions; each failure is an evaluation error. */
import { RulesEvaluationError } from '../errors.js';
import { Duration, LatLng, RulesMap, RulesSet, typeOf, type Value } from '../values.js';

export function expectArity(name: string, args: readonly Value[], ...counts: number[]): void {
  if (!counts.includes(args.length)) {
    throw new RulesEvaluationError(`${name}() takes ${counts.join(' or ')} argument(s), got ${args.length}`);
  }
}

function wrongType(name: string, expected: string, value: Value): RulesEvaluationError {
  return new RulesEvaluationError(`${name}() expected ${expected}, got ${typeOf(value)}`);
}

export function asString(name: string, value: Value | undefined): string {
  if (typeof value !== 'string') throw wrongType(name, 'a string', value ?? null);
  return value;
}

export function asInt(name: string, value: Value | undefined): bigint {
  if (typeof value !== 'bigint') throw wrongType(name, 'an int', value ?? null);
  return value;
}

export function asNumber(name: string, value: Value | undefined): number {
  if (typeof value === 'bigint' || typeof value === 'number') return Number(value);
  throw wrongType(name, 'a number', value ?? null);
}

/** Lists and sets are both accepted where a collection of items is expected. */
export function asItems(name: string, value: Value | undefined): readonly Value[] {
  if (Array.isArray(value)) return value;
  if (value instanceof RulesSet) return value.items;
  throw wrongType(name, 'a list or set', value ?? null);
}

export function asMap(name: string, value: Value | undefined): RulesMap {
  if (!(value instanceof RulesMap)) throw wrongType(name, 'a map', value ?? null);
  return value;
}



export function asDuration(name: string, value: Value | undefined): Duration {
  if (!(value instanceof Duration)) throw wrongType(name, 'a duration', value ?? null);
  return value;
}

export function asLatLng(name: string, value: Value | undefined): LatLng {
  if (!(value instanceof LatLng)) throw wrongType(name, 'a latlng', value ?? null);
  return value;
}


export function asStringOrBytes(name: string, value: Value | undefined): Uint8Array {
  if (typeof value === 'string') return Buffer.from(value, 'utf8');
  if (value instanceof Uint8Array) return value;
  throw wrongType(name, 'a string or bytes', value ?? null);
}

const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** Integer results outside int64 are errors rather than silent wraparound. */
export function checkedInt(value: bigint): bigint {
  if (value < INT64_MIN || value > INT64_MAX) throw new RulesEvaluationError('Integer overflow');
  return value;
}
