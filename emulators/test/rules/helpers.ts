/** Test helpers: plain JS to Firestore proto3 JSON fields, and auth contexts. */
import type { AuthContext } from '../../src/common/auth.js';
import type { FirestoreDocument, FirestoreValueJson } from '../../src/rules/index.js';

/** Plain values to proto3 JSON: integers become integerValue, other numbers doubleValue. */
export function toValue(value: unknown): FirestoreValueJson {
  if (value === null) return { nullValue: null };
  if (typeof value === 'boolean') return { booleanValue: value };
  if (typeof value === 'bigint') return { integerValue: value.toString() };
  if (typeof value === 'number') return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value };
  if (typeof value === 'string') return { stringValue: value };
  if (value instanceof Date) return { timestampValue: value.toISOString() };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(toValue) } };
  return { mapValue: { fields: fields(value as Record<string, unknown>).fields } };
}

export function fields(data: Record<string, unknown>): FirestoreDocument {
  return { fields: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, toValue(v)])) };
}

export const alice: AuthContext = { uid: 'alice', token: { sub: 'alice', email: 'alice@example.com', email_verified: true, firebase: { sign_in_provider: 'password' } } };
export const bob: AuthContext = { uid: 'bob', token: { sub: 'bob', admin: true, firebase: { sign_in_provider: 'google.com' } } };

/** A StructuredQuery `where` with one field filter. */
export function where(fieldPath: string, op: string, value: unknown) {
  return { fieldFilter: { field: { fieldPath }, op, value: toValue(value) } };
}

export function and(...filters: object[]) {
  return { compositeFilter: { op: 'AND', filters } };
}

export function or(...filters: object[]) {
  return { compositeFilter: { op: 'OR', filters } };
}
