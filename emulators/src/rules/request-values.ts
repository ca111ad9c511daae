/** Building `request.auth` and request times from what the emulators hand over. */
import type { AuthContext } from '../common/auth.js';
import { RulesMap, Timestamp, type Value } from './values.js';

/**
 * Plain JSON (token claims, custom metadata) to rules values. Numbers that are integers
 * become ints, as the official emulators convert them; the rest floats.
 */
export function fromJson(value: unknown): Value {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(fromJson);
  if (value instanceof Date) return Timestamp.fromDate(value);
  if (typeof value === 'object') return new RulesMap(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, fromJson(v)]));
  return String(value);
}

/** `request.auth`: null when signed out, else `{uid, token}` with every claim of the ID token. */
export function authValue(auth: AuthContext | null | undefined): Value {
  if (!auth) return null;
  return RulesMap.of({ uid: auth.uid, token: fromJson(auth.token) });
}

/**
 * `request.time` as a caller gives it. Production's is exact to the nanosecond (a commit
 * time has microseconds), so besides a Date (milliseconds) it may be the engine's own
 * Timestamp or a protobuf-style `{seconds, nanos}`, which keep every digit.
 */
export type RequestTime = Date | Timestamp | { seconds: bigint | number | string; nanos: number };

export function timeValue(time: RequestTime | undefined): Timestamp {
  if (time === undefined) return Timestamp.fromDate(new Date());
  if (time instanceof Timestamp) return time;
  if (time instanceof Date) return Timestamp.fromDate(time);
  return Timestamp.fromSecondsNanos(time.seconds, time.nanos);
}
