/**
 * Firestore values in their proto3 JSON form (`{integerValue: "1"}`, `{mapValue: {fields}}`...),
 * which is what every transport carries, so the engine never converts them. Ordering and
 * equality follow the backend: the cross-type order null < boolean < number < timestamp <
 * string < bytes < reference < geo point < array < vector < map, with integers and doubles
 * compared as numbers (NaN first), strings by UTF-8 bytes, maps key by key.
 */
import { invalidArgument } from '../errors.js';
import { numericId } from './paths.js';
import { parseTimestamp } from './time.js';
import type { FieldPath } from './field-path.js';

export type Value = Record<string, unknown>;
export type Fields = Record<string, Value>;

export const NULL_VALUE: Value = { nullValue: 'NULL_VALUE' };

export enum TypeOrder {
  Null = 0,
  Boolean = 1,
  Number = 2,
  Timestamp = 3,
  String = 4,
  Bytes = 5,
  Reference = 6,
  GeoPoint = 7,
  Array = 8,
  Vector = 9,
  Map = 10,
}

const VALUE_KINDS = [
  'nullValue',
  'booleanValue',
  'integerValue',
  'doubleValue',
  'timestampValue',
  'stringValue',
  'bytesValue',
  'referenceValue',
  'geoPointValue',
  'arrayValue',
  'mapValue',
] as const;

const KNOWN_KINDS = new Set<string>(VALUE_KINDS);

/** The value's kind: stored values are normalised to exactly one key, so the first key is it. */
export function valueKind(value: Value): (typeof VALUE_KINDS)[number] {
  for (const kind in value) {
    if (KNOWN_KINDS.has(kind)) return kind as (typeof VALUE_KINDS)[number];
    break;
  }
  for (const kind of VALUE_KINDS) if (kind in value) return kind;
  throw invalidArgument(`Invalid value: ${JSON.stringify(value).slice(0, 100)}`);
}

export function isVector(value: Value): boolean {
  const fields = mapFields(value);
  const type = fields?.__type__;
  return type !== undefined && type.stringValue === '__vector__';
}

export function typeOrder(value: Value): TypeOrder {
  switch (valueKind(value)) {
    case 'nullValue':
      return TypeOrder.Null;
    case 'booleanValue':
      return TypeOrder.Boolean;
    case 'integerValue':
    case 'doubleValue':
      return TypeOrder.Number;
    case 'timestampValue':
      return TypeOrder.Timestamp;
    case 'stringValue':
      return TypeOrder.String;
    case 'bytesValue':
      return TypeOrder.Bytes;
    case 'referenceValue':
      return TypeOrder.Reference;
    case 'geoPointValue':
      return TypeOrder.GeoPoint;
    case 'arrayValue':
      return TypeOrder.Array;
    case 'mapValue':
      return isVector(value) ? TypeOrder.Vector : TypeOrder.Map;
  }
}

export function arrayValues(value: Value): Value[] {
  const array = value.arrayValue as { values?: Value[] } | undefined;
  return array?.values ?? [];
}

export function mapFields(value: Value): Fields | undefined {
  const map = value.mapValue as { fields?: Fields } | undefined;
  return map === undefined ? undefined : (map.fields ?? {});
}

export function isNumber(value: Value): boolean {
  return 'integerValue' in value || 'doubleValue' in value;
}

export function isInteger(value: Value): boolean {
  return 'integerValue' in value;
}

export function isNaNValue(value: Value): boolean {
  return 'doubleValue' in value && Number.isNaN(toDouble(value));
}

export function toBigInt(value: Value): bigint {
  const raw = value.integerValue;
  try {
    return BigInt(raw as string | number);
  } catch {
    throw invalidArgument(`Invalid integer value: ${JSON.stringify(raw)}`);
  }
}

export function toDouble(value: Value): number {
  if ('integerValue' in value) return Number(toBigInt(value));
  const raw = value.doubleValue;
  return typeof raw === 'number' ? raw : Number(raw);
}

function compareNumbers(a: Value, b: Value): number {
  if (isInteger(a) && isInteger(b)) {
    const x = toBigInt(a);
    const y = toBigInt(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  const x = toDouble(a);
  const y = toDouble(b);
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Strings ordered by their UTF-8 encoding, i.e. by code point. */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(i)!;
    if (x !== y) return x < y ? -1 : 1;
    if (x > 0xffff) i++;
  }
  return a.length - b.length;
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'base64'), Buffer.from(b, 'base64'));
}

function segmentAt(path: string, index: number): string {
  const start = path.lastIndexOf('/', index - 1) + 1;
  const end = path.indexOf('/', index);
  return path.slice(start, end < 0 ? path.length : end);
}

/** Datastore-style numeric ids (`__id42__`) sort before every string id, by number. */
function compareSegments(x: string, y: string): number {
  const a = numericId(x);
  const b = numericId(y);
  if (a !== undefined && b !== undefined) return a < b ? -1 : a > b ? 1 : 0;
  if (a !== undefined || b !== undefined) return a !== undefined ? -1 : 1;
  return Math.sign(compareStrings(x, y));
}

/**
 * Resource names compared segment by segment (a shorter segment first, numeric ids first),
 * without splitting: this runs for every `__name__` comparison of every query sort.
 */
export function compareReferences(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const segmentA = segmentAt(a, i);
    const segmentB = segmentAt(b, i);
    if (segmentA.startsWith('__id') || segmentB.startsWith('__id')) return compareSegments(segmentA, segmentB);
    if (x === 0x2f) return -1; // a's segment ended first
    if (y === 0x2f) return 1;
    return a.codePointAt(i)! < b.codePointAt(i)! ? -1 : 1; // code points: UTF-8 order
  }
  return a.length - b.length;
}

function compareGeo(a: Value, b: Value): number {
  const x = a.geoPointValue as { latitude?: number; longitude?: number };
  const y = b.geoPointValue as { latitude?: number; longitude?: number };
  return Math.sign((x.latitude ?? 0) - (y.latitude ?? 0)) || Math.sign((x.longitude ?? 0) - (y.longitude ?? 0));
}

function compareArrays(x: Value[], y: Value[]): number {
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const c = compareValues(x[i]!, y[i]!);
    if (c !== 0) return c;
  }
  return Math.sign(x.length - y.length);
}

function compareMaps(a: Fields, b: Fields): number {
  const x = Object.keys(a).sort(compareStrings);
  const y = Object.keys(b).sort(compareStrings);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) {
    const keyOrder = compareStrings(x[i]!, y[i]!);
    if (keyOrder !== 0) return keyOrder;
    const c = compareValues(a[x[i]!]!, b[y[i]!]!);
    if (c !== 0) return c;
  }
  return Math.sign(x.length - y.length);
}

function compareVectors(a: Value, b: Value): number {
  const x = arrayValues(mapFields(a)?.value ?? { arrayValue: {} });
  const y = arrayValues(mapFields(b)?.value ?? { arrayValue: {} });
  return Math.sign(x.length - y.length) || compareArrays(x, y);
}

/** Total order over all values (-1, 0, 1). */
export function compareValues(a: Value, b: Value): number {
  const ta = typeOrder(a);
  const tb = typeOrder(b);
  if (ta !== tb) return ta < tb ? -1 : 1;
  switch (ta) {
    case TypeOrder.Null:
      return 0;
    case TypeOrder.Boolean:
      return Number(a.booleanValue === true) - Number(b.booleanValue === true);
    case TypeOrder.Number:
      return compareNumbers(a, b);
    case TypeOrder.Timestamp: {
      const x = timestampNanos(a);
      const y = timestampNanos(b);
      return x < y ? -1 : x > y ? 1 : 0;
    }
    case TypeOrder.String:
      return Math.sign(compareStrings(a.stringValue as string, b.stringValue as string));
    case TypeOrder.Bytes:
      return Math.sign(compareBytes(a.bytesValue as string, b.bytesValue as string));
    case TypeOrder.Reference:
      return Math.sign(compareReferences(a.referenceValue as string, b.referenceValue as string));
    case TypeOrder.GeoPoint:
      return compareGeo(a, b);
    case TypeOrder.Array:
      return compareArrays(arrayValues(a), arrayValues(b));
    case TypeOrder.Vector:
      return compareVectors(a, b);
    case TypeOrder.Map:
      return compareMaps(mapFields(a)!, mapFields(b)!);
  }
}

/** Query equality: same type order and compare to 0 (so 1 equals 1.0, and NaN equals NaN). */
export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0;
}

/**
 * Stored content equality, stricter than query equality: same kinds (1 is not 1.0), same
 * instants, maps regardless of key order. A write that leaves a document identical to this
 * does not change it (production keeps its update time and tells no listener).
 */
export function identicalValues(a: Value, b: Value): boolean {
  const kind = valueKind(a);
  if (kind !== valueKind(b)) return false;
  switch (kind) {
    case 'doubleValue':
      return Object.is(toDouble(a), toDouble(b));
    case 'timestampValue':
      return timestampNanos(a) === timestampNanos(b);
    case 'arrayValue': {
      const x = arrayValues(a);
      const y = arrayValues(b);
      return x.length === y.length && x.every((value, i) => identicalValues(value, y[i]!));
    }
    case 'mapValue':
      return identicalFields(mapFields(a)!, mapFields(b)!);
    case 'geoPointValue':
      return compareGeo(a, b) === 0;
    default:
      return compareValues(a, b) === 0;
  }
}

export function identicalFields(a: Fields, b: Fields): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => b[key] !== undefined && identicalValues(a[key]!, b[key]!));
}

function timestampNanos(value: Value): bigint {
  const raw = value.timestampValue;
  if (typeof raw === 'string') return parseTimestamp(raw);
  throw invalidArgument('Invalid timestamp value.');
}

export function getField(fields: Fields, path: FieldPath): Value | undefined {
  let current: Value | undefined = fields[path[0]!];
  for (let i = 1; i < path.length && current !== undefined; i++) {
    const map = mapFields(current);
    current = map?.[path[i]!];
  }
  return current;
}

/** Sets a nested field, creating (or replacing non-map values with) maps on the way. Mutates `fields`. */
export function setField(fields: Fields, path: FieldPath, value: Value): void {
  let target = fields;
  for (let i = 0; i < path.length - 1; i++) {
    const existing = target[path[i]!];
    let next = existing === undefined ? undefined : mapFields(existing);
    if (next === undefined || !('mapValue' in existing!)) {
      next = {};
      target[path[i]!] = { mapValue: { fields: next } };
    } else {
      (existing.mapValue as { fields?: Fields }).fields = next;
    }
    target = next;
  }
  target[path[path.length - 1]!] = value;
}

/** Deletes a nested field if present. Mutates `fields`. */
export function deleteField(fields: Fields, path: FieldPath): void {
  let target: Fields | undefined = fields;
  for (let i = 0; i < path.length - 1 && target !== undefined; i++) {
    const next: Value | undefined = target[path[i]!];
    target = next === undefined ? undefined : mapFields(next);
  }
  if (target !== undefined) delete target[path[path.length - 1]!];
}

/** A deep copy (values are plain JSON). */
export function cloneFields(fields: Fields): Fields {
  return structuredClone(fields);
}
