/**
 * Checks and normalises incoming values before they reach the store: exactly one known kind
 * per value, well-formed scalars, field-name and nesting limits, the 1 MiB document limit.
 * Normalised form: integers as decimal strings, finite doubles as numbers, NaN/±Infinity as
 * the proto3 JSON strings (JSON has no literal for them).
 */
import { invalidArgument } from '../errors.js';
import { parseTimestamp } from './time.js';
import { parseResourceName } from './paths.js';
import type { Fields, Value } from './values.js';

export const MAX_DOCUMENT_BYTES = 1_048_576;
const MAX_FIELD_NAME_BYTES = 1500;
const MAX_DEPTH = 20;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

function normalizeDouble(raw: unknown): number | string {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : NaN;
  if (typeof raw === 'string' && !['NaN', 'Infinity', '-Infinity', '-0'].includes(raw) && Number.isNaN(n)) {
    throw invalidArgument(`Invalid double value: "${raw}"`);
  }
  if (typeof raw !== 'number' && typeof raw !== 'string') throw invalidArgument('Invalid double value.');
  if (Number.isNaN(n)) return 'NaN';
  if (n === Infinity) return 'Infinity';
  if (n === -Infinity) return '-Infinity';
  return n;
}

export interface NormalizeOptions {
  /**
   * Accept arrays directly inside arrays: only filter values (`in [[1, 2]]`) may hold them;
   * stored documents never do.
   */
  nestedArrays?: boolean;
}

export function normalizeValue(value: unknown, depth = 0, options: NormalizeOptions = {}): Value {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidArgument('Value must be an object.');
  const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  if (keys.length !== 1) throw invalidArgument(`A value must set exactly one kind, got: ${keys.join(', ') || 'none'}.`);
  const kind = keys[0]!;
  const raw = (value as Record<string, unknown>)[kind];
  switch (kind) {
    case 'nullValue':
      return { nullValue: 'NULL_VALUE' };
    case 'booleanValue':
      if (typeof raw !== 'boolean') throw invalidArgument('Invalid boolean value.');
      return { booleanValue: raw };
    case 'integerValue': {
      let n: bigint;
      try {
        if (typeof raw !== 'string' && typeof raw !== 'number') throw new Error();
        n = BigInt(raw);
      } catch {
        throw invalidArgument(`Invalid integer value: ${JSON.stringify(raw)}`);
      }
      if (n < INT64_MIN || n > INT64_MAX) throw invalidArgument(`Integer value out of range: ${String(raw)}`);
      return { integerValue: n.toString() };
    }
    case 'doubleValue':
      return { doubleValue: normalizeDouble(raw) };
    case 'timestampValue':
      if (typeof raw !== 'string') throw invalidArgument('Invalid timestamp value.');
      return { timestampValue: toMicroseconds(raw) };
    case 'stringValue':
      if (typeof raw !== 'string') throw invalidArgument('Invalid string value.');
      return { stringValue: raw };
    case 'bytesValue':
      if (typeof raw !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(raw)) throw invalidArgument('Invalid bytes value.');
      return { bytesValue: Buffer.from(raw, 'base64').toString('base64') };
    case 'referenceValue': {
      const parsed = parseResourceName(raw, 'reference', true);
      if (parsed.segments.length === 0 || parsed.segments.length % 2 !== 0) {
        throw invalidArgument(`Reference value "${String(raw)}" is not a document name.`);
      }
      return { referenceValue: raw as string };
    }
    case 'geoPointValue': {
      const geo = raw as { latitude?: unknown; longitude?: unknown };
      const latitude = geo?.latitude ?? 0;
      const longitude = geo?.longitude ?? 0;
      if (typeof latitude !== 'number' || typeof longitude !== 'number' || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) {
        throw invalidArgument('Invalid geo point value: latitude must be in [-90, 90] and longitude in [-180, 180].');
      }
      return { geoPointValue: { latitude, longitude } };
    }
    case 'arrayValue': {
      const values = (raw as { values?: unknown } | null)?.values ?? [];
      if (!Array.isArray(values)) throw invalidArgument('Invalid array value.');
      return {
        arrayValue: {
          values: values.map((element) => {
            const normalized = normalizeValue(element, depth + 1, options);
            if ('arrayValue' in normalized && !options.nestedArrays) throw invalidArgument('Cannot have an array value directly inside another array.');
            return normalized;
          }),
        },
      };
    }
    case 'mapValue': {
      if (depth >= MAX_DEPTH) throw invalidArgument(`Maps and arrays can only be nested ${MAX_DEPTH} levels deep.`);
      const fields = (raw as { fields?: unknown } | null)?.fields ?? {};
      return { mapValue: { fields: normalizeFields(fields, depth + 1, options) } };
    }
    default:
      throw invalidArgument(`Unknown value kind "${kind}".`);
  }
}

/**
 * Production stores timestamps to the microsecond: finer digits are dropped (rounding toward
 * the past, as the fraction is always positive). A value already that precise keeps its text.
 */
function toMicroseconds(text: string): string {
  parseTimestamp(text);
  return text.replace(/\.(\d{6})\d{1,3}(?=Z|[+-]\d\d:\d\d$)/, '.$1');
}

export function validateFieldName(name: string): void {
  if (name === '') throw invalidArgument('Field name must not be empty.');
  if (Buffer.byteLength(name, 'utf8') > MAX_FIELD_NAME_BYTES) {
    throw invalidArgument(`Field name "${name.slice(0, 40)}..." is longer than ${MAX_FIELD_NAME_BYTES} bytes.`);
  }
  if (/^__.*__$/.test(name) && name !== '__type__') {
    throw invalidArgument(`Field name "${name}" is reserved: names matching __.*__ are not allowed.`);
  }
}

export function normalizeFields(fields: unknown, depth = 0, options: NormalizeOptions = {}): Fields {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) throw invalidArgument('Fields must be an object.');
  const out: Fields = {};
  for (const [name, value] of Object.entries(fields)) {
    validateFieldName(name);
    out[name] = normalizeValue(value, depth, options);
  }
  return out;
}

/** Storage size as Firestore counts it (https://firebase.google.com/docs/firestore/storage-size). */
export function valueSize(value: Value): number {
  if ('stringValue' in value) return Buffer.byteLength(value.stringValue as string, 'utf8') + 1;
  if ('bytesValue' in value) return Buffer.byteLength(value.bytesValue as string, 'base64');
  if ('referenceValue' in value) return Buffer.byteLength(value.referenceValue as string, 'utf8') + 1;
  if ('geoPointValue' in value) return 16;
  if ('arrayValue' in value) {
    const values = (value.arrayValue as { values?: Value[] }).values ?? [];
    return values.reduce((sum, v) => sum + valueSize(v), 0);
  }
  if ('mapValue' in value) return fieldsSize((value.mapValue as { fields?: Fields }).fields ?? {});
  if ('nullValue' in value || 'booleanValue' in value) return 1;
  return 8;
}

export function fieldsSize(fields: Fields): number {
  let size = 0;
  for (const [name, value] of Object.entries(fields)) size += Buffer.byteLength(name, 'utf8') + 1 + valueSize(value);
  return size;
}

export function documentSize(path: string, fields: Fields): number {
  const nameSize = path.split('/').reduce((sum, segment) => sum + Buffer.byteLength(segment, 'utf8') + 1, 16);
  return nameSize + fieldsSize(fields) + 32;
}

export function checkDocumentSize(name: string, path: string, fields: Fields): void {
  const size = documentSize(path, fields);
  if (size > MAX_DOCUMENT_BYTES) {
    throw invalidArgument(
      `Document '${name}' cannot be written because its size (${size.toLocaleString('en-US')} bytes) exceeds the maximum allowed size of ${MAX_DOCUMENT_BYTES.toLocaleString('en-US')} bytes.`,
    );
  }
}
