/**
 * Global functions and namespaces available in every service: conversions (`int`, `float`,
 * `string`, `path`), `math.*`, `latlng.*`, `hashing.*`, `timestamp.*` and `duration.*`.
 * Service functions (`get`, `exists`, `firestore.get`...) live with their services.
 */
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { RulesEvaluationError } from '../errors.js';
import { LatLng, RulesPath, typeOf, type Value } from '../values.js';
import { asLatLng, asNumber, asString, asStringOrBytes, checkedInt, expectArity } from './args.js';
import { DURATION_NAMESPACE, TIMESTAMP_NAMESPACE } from './time.js';

type GlobalFunction = (args: Value[]) => Value;

/** Float to int: truncation toward zero; NaN and infinities are errors. */
function toInt(value: Value): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RulesEvaluationError(`int(): cannot convert ${value} to int`);
    return checkedInt(BigInt(Math.trunc(value)));
  }
  if (typeof value === 'string' && /^[+-]?\d+$/.test(value.trim())) return checkedInt(BigInt(value.trim()));
  throw new RulesEvaluationError(`int(): cannot convert ${typeOf(value)} ${JSON.stringify(value)} to int`);
}

function toFloat(value: Value): number {
  if (typeof value === 'bigint' || typeof value === 'number') return Number(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed) || /^[+-]?(Infinity|NaN)$/.test(trimmed)) return Number(trimmed);
  }
  throw new RulesEvaluationError(`float(): cannot convert ${typeOf(value)} to float`);
}

/** `string(2.0) == "2.0"`: floats always show a fraction, as in the reference's examples. */
export function toRulesString(value: Value): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 1e21 ? value.toFixed(1) : String(value);
  if (value instanceof RulesPath) return value.toString();
  throw new RulesEvaluationError(`string(): cannot convert ${typeOf(value)} to string`);
}

/** `path('/a/b')` or `path('a/b')`: empty segments are not allowed. */
export function parsePathString(text: string): RulesPath {
  const segments = text.replace(/^\//, '').split('/');
  if (segments.some((segment) => segment === '')) throw new RulesEvaluationError(`Invalid path '${text}'`);
  return new RulesPath(segments);
}

const CRC32C_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32c(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC32C_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function uint32Bytes(value: number): Uint8Array {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
}

const digest = (algorithm: string) => (data: Uint8Array) => new Uint8Array(createHash(algorithm).update(data).digest());

const HASHES: Record<string, (data: Uint8Array) => Uint8Array> = {
  crc32: (data) => uint32Bytes(crc32(data)),
  crc32c: (data) => uint32Bytes(crc32c(data)),
  md5: digest('md5'),
  sha256: digest('sha256'),
};

/** Mean Earth radius used by S2, which Google's geo functions are built on. */
const EARTH_RADIUS_METERS = 6_371_010;

export function latLngDistance(a: LatLng, b: LatLng): number {
  const rad = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_METERS * Math.asin(Math.min(1, Math.sqrt(h)));
}

const unaryMath = (name: string, apply: (x: number) => Value): GlobalFunction => (args) => {
  expectArity(`math.${name}`, args, 1);
  return apply(asNumber(`math.${name}`, args[0]));
};

/** math.ceil/floor/round return ints (non-finite inputs are errors); abs keeps the argument's type. */
const roundToInt = (name: string, round: (x: number) => number) =>
  unaryMath(name, (x) => {
    if (!Number.isFinite(x)) throw new RulesEvaluationError(`math.${name}(): ${x} has no integer value`);
    return checkedInt(BigInt(round(x)));
  });

const MATH: Record<string, GlobalFunction> = {
  abs: (args) => {
    expectArity('math.abs', args, 1);
    const x = args[0]!;
    if (typeof x === 'bigint') return checkedInt(x < 0n ? -x : x);
    return Math.abs(asNumber('math.abs', x));
  },
  ceil: roundToInt('ceil', Math.ceil),
  floor: roundToInt('floor', Math.floor),
  // Half away from zero (Math.round rounds -2.5 to -2).
  round: roundToInt('round', (x) => Math.sign(x) * Math.round(Math.abs(x))),
  sqrt: unaryMath('sqrt', (x) => Math.sqrt(x)),
  isInfinite: unaryMath('isInfinite', (x) => x === Infinity || x === -Infinity),
  isNaN: unaryMath('isNaN', (x) => Number.isNaN(x)),
  pow: (args) => (expectArity('math.pow', args, 2), Math.pow(asNumber('math.pow', args[0]), asNumber('math.pow', args[1]))),
};

const LATLNG: Record<string, GlobalFunction> = {
  value: (args) => {
    expectArity('latlng.value', args, 2);
    const latitude = asNumber('latlng.value', args[0]);
    const longitude = asNumber('latlng.value', args[1]);
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) throw new RulesEvaluationError('latlng.value(): coordinates out of range');
    return new LatLng(latitude, longitude);
  },
};

export const NAMESPACES: Record<string, Record<string, GlobalFunction>> = {
  math: MATH,
  latlng: LATLNG,
  timestamp: TIMESTAMP_NAMESPACE,
  duration: DURATION_NAMESPACE,
  hashing: Object.fromEntries(
    Object.entries(HASHES).map(([name, hash]) => [
      name,
      (args: Value[]) => (expectArity(`hashing.${name}`, args, 1), hash(asStringOrBytes(`hashing.${name}`, args[0]))),
    ]),
  ),
};

export const GLOBAL_FUNCTIONS: Record<string, GlobalFunction> = {
  int: (args) => (expectArity('int', args, 1), toInt(args[0]!)),
  float: (args) => (expectArity('float', args, 1), toFloat(args[0]!)),
  string: (args) => (expectArity('string', args, 1), toRulesString(args[0]!)),
  path: (args) => (expectArity('path', args, 1), parsePathString(asString('path', args[0]))),
};

export const LATLNG_METHODS: Record<string, (receiver: LatLng, args: Value[]) => Value> = {
  latitude: (p, args) => (expectArity('latitude', args, 0), p.latitude),
  longitude: (p, args) => (expectArity('longitude', args, 0), p.longitude),
  distance: (p, args) => (expectArity('distance', args, 1), latLngDistance(p, asLatLng('distance', args[0]))),
};
