import type { JsonTimestamp, JsonValue } from './bundle-elements';

/**
 * Firestore's typed values (as a bundle's JSON holds them) as the plain data the app's model
 * uses: what the web SDK's `snapshot.data()` gives after web/src/firebase/to-model.ts turned
 * its Timestamps into Dates. Numbers, strings, booleans, null, arrays and maps are the same;
 * a timestamp is a `Date` (milliseconds, as `Timestamp.toDate()` truncates them). Types the
 * programme never holds come out as plain data rather than SDK classes: bytes as a
 * `Uint8Array`, a reference as its document path, a geo point as `{ latitude, longitude }`.
 */
export type PlainValue = null | boolean | number | string | Date | Uint8Array | { latitude: number; longitude: number } | PlainValue[] | { [field: string]: PlainValue };

export function plainValue(value: JsonValue): PlainValue {
  if ('nullValue' in value) return null;
  if ('booleanValue' in value) return value.booleanValue;
  if ('integerValue' in value) return Number(value.integerValue);
  // Proto3 JSON writes NaN and the infinities as "NaN", "Infinity", "-Infinity".
  if ('doubleValue' in value) return Number(value.doubleValue);
  if ('timestampValue' in value) return timestampToDate(value.timestampValue);
  if ('stringValue' in value) return value.stringValue;
  if ('bytesValue' in value) return Uint8Array.from(atob(value.bytesValue), (char) => char.charCodeAt(0));
  if ('referenceValue' in value) return value.referenceValue.replace(/^projects\/[^/]+\/databases\/[^/]+\/documents\//, '');
  if ('geoPointValue' in value) return { latitude: value.geoPointValue.latitude ?? 0, longitude: value.geoPointValue.longitude ?? 0 };
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(plainValue);
  if ('mapValue' in value) return plainFields(value.mapValue.fields);
  throw new TypeError(`Unknown Firestore value: ${JSON.stringify(value).slice(0, 80)}`);
}

/** A document's (or a map's) fields as a plain object. */
export function plainFields(fields: Record<string, JsonValue> | undefined): { [field: string]: PlainValue } {
  const data: { [field: string]: PlainValue } = {};
  for (const [name, value] of Object.entries(fields ?? {})) data[name] = plainValue(value);
  return data;
}

/**
 * A timestamp as the SDK's `Timestamp.toDate()` gives it: seconds and nanoseconds (RFC 3339
 * text keeps up to nine fraction digits, which `Date.parse` would round), then milliseconds.
 */
export function timestampToDate(timestamp: JsonTimestamp): Date {
  if (typeof timestamp === 'string') {
    const match = /^(.*?)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(timestamp);
    if (!match) throw new TypeError(`Not an RFC 3339 timestamp: ${timestamp}`);
    const seconds = Date.parse(`${match[1]}${match[3]}`) / 1000;
    const nanos = match[2] ? Number(match[2].slice(0, 9).padEnd(9, '0')) : 0;
    if (!Number.isFinite(seconds)) throw new TypeError(`Not an RFC 3339 timestamp: ${timestamp}`);
    return new Date(seconds * 1000 + nanos / 1e6);
  }
  return new Date(Number(timestamp.seconds ?? 0) * 1000 + (timestamp.nanos ?? 0) / 1e6);
}
