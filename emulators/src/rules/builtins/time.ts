/** rules.Timestamp and rules.Duration methods, the `timestamp.*` and `duration.*` namespaces, and time arithmetic. */
import { RulesEvaluationError } from '../errors.js';
import { Duration, Timestamp, floorDiv, floorMod, type Value } from '../values.js';
import { asDuration, asInt, asString, checkedInt, expectArity } from './args.js';

const NANOS_PER_SECOND = 1_000_000_000n;
const NANOS_PER_DAY = 86_400n * NANOS_PER_SECOND;

type Method<T> = (receiver: T, args: Value[]) => Value;

function utc(ts: Timestamp): Date {
  return new Date(ts.epochMillis);
}

const noArgs = <T>(name: string, read: (receiver: T) => Value): Method<T> => (receiver, args) => {
  expectArity(name, args, 0);
  return read(receiver);
};

export const TIMESTAMP_METHODS: Record<string, Method<Timestamp>> = {
  date: noArgs('date', (ts) => new Timestamp(floorDiv(ts.nanos, NANOS_PER_DAY) * NANOS_PER_DAY)),
  year: noArgs('year', (ts) => BigInt(utc(ts).getUTCFullYear())),
  month: noArgs('month', (ts) => BigInt(utc(ts).getUTCMonth() + 1)),
  day: noArgs('day', (ts) => BigInt(utc(ts).getUTCDate())),
  hours: noArgs('hours', (ts) => BigInt(utc(ts).getUTCHours())),
  minutes: noArgs('minutes', (ts) => BigInt(utc(ts).getUTCMinutes())),
  seconds: noArgs('seconds', (ts) => BigInt(utc(ts).getUTCSeconds())),
  nanos: noArgs('nanos', (ts) => floorMod(ts.nanos, NANOS_PER_SECOND)),
  // ISO numbering (Monday = 1 ... Sunday = 7); the reference only says "1 to 7".
  dayOfWeek: noArgs('dayOfWeek', (ts) => BigInt(((utc(ts).getUTCDay() + 6) % 7) + 1)),
  dayOfYear: noArgs('dayOfYear', (ts) => {
    const date = utc(ts);
    return BigInt((Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()) - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000 + 1);
  }),
  time: noArgs('time', (ts) => new Duration(floorMod(ts.nanos, NANOS_PER_DAY))),
  toMillis: noArgs('toMillis', (ts) => floorDiv(ts.nanos, 1_000_000n)),
};

/** Seconds and nanos as protobuf Duration splits them: both carry the duration's sign. */
export const DURATION_METHODS: Record<string, Method<Duration>> = {
  seconds: noArgs('seconds', (d) => d.nanos / NANOS_PER_SECOND),
  nanos: noArgs('nanos', (d) => d.nanos % NANOS_PER_SECOND),
};

const UNIT_NANOS: Record<string, bigint> = {
  w: 7n * NANOS_PER_DAY,
  d: NANOS_PER_DAY,
  h: 3600n * NANOS_PER_SECOND,
  m: 60n * NANOS_PER_SECOND,
  s: NANOS_PER_SECOND,
  ms: 1_000_000n,
  ns: 1n,
};

export const TIMESTAMP_NAMESPACE: Record<string, (args: Value[]) => Value> = {
  date: (args) => {
    expectArity('timestamp.date', args, 3);
    const [year, month, day] = args.map((a) => Number(asInt('timestamp.date', a))) as [number, number, number];
    const millis = Date.UTC(year, month - 1, day);
    const check = new Date(millis);
    if (month < 1 || month > 12 || check.getUTCDate() !== day || check.getUTCFullYear() !== year) {
      throw new RulesEvaluationError(`timestamp.date(${year}, ${month}, ${day}) is not a valid date`);
    }
    return new Timestamp(BigInt(millis) * 1_000_000n);
  },
  value: (args) => (expectArity('timestamp.value', args, 1), new Timestamp(checkedInt(asInt('timestamp.value', args[0]) * 1_000_000n))),
};

export const DURATION_NAMESPACE: Record<string, (args: Value[]) => Value> = {
  abs: (args) => {
    expectArity('duration.abs', args, 1);
    const d = asDuration('duration.abs', args[0]);
    return new Duration(d.nanos < 0n ? -d.nanos : d.nanos);
  },
  time: (args) => {
    expectArity('duration.time', args, 4);
    const [hours, minutes, seconds, nanos] = args.map((a) => asInt('duration.time', a)) as [bigint, bigint, bigint, bigint];
    return new Duration(((hours * 60n + minutes) * 60n + seconds) * NANOS_PER_SECOND + nanos);
  },
  value: (args) => {
    expectArity('duration.value', args, 2);
    const magnitude = asInt('duration.value', args[0]);
    const unit = asString('duration.value', args[1]);
    const scale = UNIT_NANOS[unit];
    if (scale === undefined) throw new RulesEvaluationError(`duration.value(): unknown unit '${unit}', expected w, d, h, m, s, ms or ns`);
    return new Duration(magnitude * scale);
  },
};

/** `+` and `-` between timestamps and durations; undefined when the operands are not time values. */
export function timeArithmetic(operator: '+' | '-', left: Value, right: Value): Value | undefined {
  if (left instanceof Timestamp && right instanceof Duration) {
    return new Timestamp(operator === '+' ? left.nanos + right.nanos : left.nanos - right.nanos);
  }
  if (operator === '+' && left instanceof Duration && right instanceof Timestamp) return new Timestamp(left.nanos + right.nanos);
  if (operator === '-' && left instanceof Timestamp && right instanceof Timestamp) return new Duration(left.nanos - right.nanos);
  if (left instanceof Duration && right instanceof Duration) {
    return new Duration(operator === '+' ? left.nanos + right.nanos : left.nanos - right.nanos);
  }
  return undefined;
}
