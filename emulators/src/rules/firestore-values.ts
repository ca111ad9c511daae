/**
 * Firestore documents in their proto3 JSON form (what the REST API, WebChannel and the
 * emulator's store carry) turned into rules values.
 */
import { RulesEvaluationError } from './errors.js';
import { LatLng, RulesMap, RulesPath, Timestamp, type Value } from './values.js';

/** A google.firestore.v1.Value in proto3 JSON (one of these keys). */
export type FirestoreValueJson = Record<string, unknown>;

/** A document as the store keeps it; `fields` in proto3 JSON. */
export interface FirestoreDocument {
  fields?: Record<string, FirestoreValueJson>;
}

export function fromFirestoreValue(value: FirestoreValueJson): Value {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return Boolean(value.booleanValue);
  if ('integerValue' in value) return BigInt(value.integerValue as string | number);
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('stringValue' in value) return String(value.stringValue);
  if ('timestampValue' in value) return timestampFrom(value.timestampValue);
  if ('bytesValue' in value) return new Uint8Array(Buffer.from(String(value.bytesValue), 'base64'));
  if ('referenceValue' in value) return referenceToPath(String(value.referenceValue));
  if ('geoPointValue' in value) {
    const point = value.geoPointValue as { latitude?: number; longitude?: number };
    return new LatLng(point.latitude ?? 0, point.longitude ?? 0);
  }
  if ('arrayValue' in value) {
    const values = (value.arrayValue as { values?: FirestoreValueJson[] }).values ?? [];
    return values.map(fromFirestoreValue);
  }
  if ('mapValue' in value) return fromFirestoreFields((value.mapValue as { fields?: Record<string, FirestoreValueJson> }).fields);
  throw new RulesEvaluationError(`Unsupported Firestore value ${JSON.stringify(value)}`);
}

export function fromFirestoreFields(fields: Record<string, FirestoreValueJson> | undefined): RulesMap {
  return new RulesMap(Object.entries(fields ?? {}).map(([key, value]) => [key, fromFirestoreValue(value)]));
}

/** proto3 JSON gives an RFC 3339 string; the gRPC-side form is `{seconds, nanos}`. */
function timestampFrom(raw: unknown): Timestamp {
  if (typeof raw === 'string') return Timestamp.parse(raw);
  const { seconds = 0, nanos = 0 } = raw as { seconds?: string | number; nanos?: number };
  return Timestamp.fromSecondsNanos(seconds, nanos);
}

/** `projects/p/databases/d/documents/a/b` becomes the rules path `/databases/d/documents/a/b`. */
export function referenceToPath(reference: string): RulesPath {
  const segments = reference.split('/');
  const start = segments.indexOf('databases');
  return new RulesPath(start >= 0 ? segments.slice(start) : segments);
}

/** The rules `resource` for a stored document: `__name__`, `id` and `data`. */
export function documentResource(databaseId: string, documentPath: readonly string[], document: FirestoreDocument): RulesMap {
  return RulesMap.of({
    __name__: new RulesPath(['databases', databaseId, 'documents', ...documentPath]),
    id: documentPath[documentPath.length - 1] ?? '',
    data: fromFirestoreFields(document.fields),
  });
}
