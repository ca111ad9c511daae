/**
 * Protobuf <-> proto3 JSON for the Firestore v1 API, from the descriptor that ships with
 * @google-cloud/firestore (the same one firebase-admin uses). protobufjs's `toObject` gives
 * almost the JSON mapping; the well-known types (Timestamp as RFC 3339, wrappers as bare
 * values) are converted here by walking the message type, without touching protobufjs's
 * global wrappers (the SDKs in the same process rely on them).
 */
import { isUtf8 } from 'node:buffer';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import protobuf from 'protobufjs';
import { formatTimestamp, fromSecondsNanos, parseTimestamp, toSecondsNanos } from '../engine/time.js';

const require = createRequire(import.meta.url);
const descriptorPath = join(dirname(require.resolve('@google-cloud/firestore')), '..', 'protos', 'v1.json');
export const root = protobuf.Root.fromJSON(require(descriptorPath) as protobuf.INamespace);

// nodejs-firestore's descriptor leaves out `Write.verify` (field 5, in the `operation` oneof):
// firebase-admin never sends it, but the web SDK's transactions do (write.proto has it).
const writeType = root.lookupType('google.firestore.v1.Write');
if (writeType.fields.verify === undefined) {
  const verify = new protobuf.Field('verify', 5, 'string');
  writeType.add(verify);
  writeType.oneofs.operation?.add(verify);
}

const WRAPPERS = new Set([
  '.google.protobuf.DoubleValue',
  '.google.protobuf.FloatValue',
  '.google.protobuf.Int64Value',
  '.google.protobuf.UInt64Value',
  '.google.protobuf.Int32Value',
  '.google.protobuf.UInt32Value',
  '.google.protobuf.BoolValue',
  '.google.protobuf.StringValue',
  '.google.protobuf.BytesValue',
]);
const TIMESTAMP = '.google.protobuf.Timestamp';
const DURATION = '.google.protobuf.Duration';
const STRUCT = '.google.protobuf.Struct';

// google.protobuf.Struct (explain metrics) is a plain JSON object in proto3 JSON.
type ProtoValue = Record<string, unknown>;

function valueToJson(value: ProtoValue): unknown {
  if ('structValue' in value) return structToJson(value.structValue as ProtoValue);
  if ('listValue' in value) return ((value.listValue as { values?: ProtoValue[] }).values ?? []).map(valueToJson);
  if ('numberValue' in value) return value.numberValue;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  return null;
}

function structToJson(struct: ProtoValue): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries((struct.fields ?? {}) as Record<string, ProtoValue>)) out[key] = valueToJson(value);
  return out;
}

function valueFromJson(json: unknown): ProtoValue {
  if (json === null || json === undefined) return { nullValue: 'NULL_VALUE' };
  if (typeof json === 'number') return { numberValue: json };
  if (typeof json === 'string') return { stringValue: json };
  if (typeof json === 'boolean') return { boolValue: json };
  if (Array.isArray(json)) return { listValue: { values: json.map(valueFromJson) } };
  return { structValue: structFromJson(json) };
}

function structFromJson(json: unknown): ProtoValue {
  const fields: Record<string, ProtoValue> = {};
  for (const [key, value] of Object.entries((json ?? {}) as Record<string, unknown>)) fields[key] = valueFromJson(value);
  return { fields };
}

/** google.protobuf.Duration: `"1.000340s"` in proto3 JSON. */
function durationToJson(object: { seconds?: string; nanos?: number }): string {
  const nanos = object.nanos ?? 0;
  const fraction = nanos === 0 ? '' : `.${String(Math.abs(nanos)).padStart(9, '0').replace(/0+$/, '')}`;
  return `${object.seconds ?? '0'}${fraction}s`;
}

function durationFromJson(json: string): { seconds: string; nanos: number } {
  const match = /^(-?)(\d+)(?:\.(\d{1,9}))?s$/.exec(json);
  if (match === null) throw new TypeError(`Invalid duration: ${json}`);
  const nanos = Number((match[3] ?? '').padEnd(9, '0'));
  return { seconds: `${match[1]}${match[2]}`, nanos: match[1] ? -nanos : nanos };
}

const TO_OBJECT: protobuf.IConversionOptions = { longs: String, enums: String, bytes: String, json: true };

/**
 * protobufjs builds `fullName` anew on every read (walking the parents and joining their
 * names); every value of every document passes through here, so each type's is kept.
 */
const fullNames = new WeakMap<protobuf.Type, string>();

function fullName(type: protobuf.Type): string {
  let name = fullNames.get(type);
  if (name === undefined) {
    name = type.fullName;
    fullNames.set(type, name);
  }
  return name;
}

/** Converts protobufjs `toObject` output of `type` to proto3 JSON in place-ish (returns the result). */
function objectToJson(type: protobuf.Type, object: Record<string, unknown>): unknown {
  const name = fullName(type);
  if (name === TIMESTAMP) {
    return formatTimestamp(fromSecondsNanos((object.seconds as string | undefined) ?? '0', (object.nanos as number | undefined) ?? 0));
  }
  if (name === STRUCT) return structToJson(object);
  if (name === DURATION) return durationToJson(object);
  if (WRAPPERS.has(name)) return object.value ?? (name.includes('Bool') ? false : name.includes('String') || name.includes('Bytes') ? '' : 0);
  for (const field of type.fieldsArray) {
    const value = object[field.name];
    if (value === undefined || !(field.resolvedType instanceof protobuf.Type)) continue;
    const fieldType = field.resolvedType;
    if (field.map) {
      const map = value as Record<string, Record<string, unknown>>;
      for (const key of Object.keys(map)) map[key] = objectToJson(fieldType, map[key]!) as Record<string, unknown>;
    } else if (field.repeated) {
      object[field.name] = (value as Record<string, unknown>[]).map((element) => objectToJson(fieldType, element));
    } else {
      object[field.name] = objectToJson(fieldType, value as Record<string, unknown>);
    }
  }
  return object;
}

/** The reverse: proto3 JSON to what protobufjs `fromObject` accepts. */
function jsonToObject(type: protobuf.Type, json: unknown): unknown {
  const name = fullName(type);
  if (name === TIMESTAMP) {
    if (typeof json !== 'string') return json;
    return toSecondsNanos(parseTimestamp(json));
  }
  if (name === STRUCT) return structFromJson(json);
  if (name === DURATION) return typeof json === 'string' ? durationFromJson(json) : json;
  if (WRAPPERS.has(name)) return typeof json === 'object' && json !== null ? json : { value: json };
  if (typeof json !== 'object' || json === null) return json;
  const out: Record<string, unknown> = { ...(json as Record<string, unknown>) };
  for (const field of type.fieldsArray) {
    const value = out[field.name];
    if (value === undefined || value === null || !(field.resolvedType instanceof protobuf.Type)) continue;
    const fieldType = field.resolvedType;
    if (field.map) {
      const map: Record<string, unknown> = {};
      for (const [key, element] of Object.entries(value as Record<string, unknown>)) map[key] = jsonToObject(fieldType, element);
      out[field.name] = map;
    } else if (field.repeated && Array.isArray(value)) {
      out[field.name] = value.map((element) => jsonToObject(fieldType, element));
    } else {
      out[field.name] = jsonToObject(fieldType, value);
    }
  }
  return out;
}

export interface MessageCodec {
  decode(buffer: Buffer): unknown;
  encode(json: unknown): Buffer;
}

/**
 * protobufjs reads a string field with Node's decoder, which turns bytes that are not UTF-8
 * (`ED A0 80`, a lone surrogate's CESU-8 form; `FF`) into U+FFFD; proto3 requires string fields
 * to be UTF-8 and production's parser refuses the message. This reader refuses it too (the
 * transports answer a decode failure INVALID_ARGUMENT); the generated decoders of nested
 * messages read from the same reader.
 */
class Utf8CheckingReader extends protobuf.BufferReader {
  override string(): string {
    // A BufferReader's bytes are a Buffer (a view on the message, no copy).
    const bytes = this.bytes() as Buffer;
    if (!isUtf8(bytes)) throw new TypeError('A string field is not valid UTF-8.');
    return bytes.toString('utf8');
  }
}

export function codecFor(typeName: string): MessageCodec {
  const type = root.lookupType(typeName);
  type.resolveAll();
  return {
    decode: (buffer) => objectToJson(type, type.toObject(type.decode(new Utf8CheckingReader(buffer)), TO_OBJECT) as Record<string, unknown>),
    encode: (json) => Buffer.from(type.encode(type.fromObject(jsonToObject(type, json) as Record<string, unknown>)).finish()),
  };
}

export const firestoreService = root.lookupService('google.firestore.v1.Firestore');

function snakeToCamel(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Rejects names the message type does not have (REST bodies), as Google's JSON parser does:
 * `Invalid JSON payload received. Unknown name "x" at 'writes[0].update': Cannot find field.`
 * Also accepts the proto (snake_case) spelling of a field, renaming it to lowerCamelCase.
 */
export function checkJsonFields(typeName: string, json: unknown): void {
  walkFields(root.lookupType(typeName), json, '');
}

function walkFields(type: protobuf.Type, json: unknown, at: string): void {
  const name = fullName(type);
  if (name === TIMESTAMP || name === DURATION || name === STRUCT || WRAPPERS.has(name)) return;
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new TypeError(`Invalid JSON payload received. Expected an object at '${at || 'body'}'.`);
  }
  const object = json as Record<string, unknown>;
  const oneofsSet = new Map<string, string>();
  for (const key of Object.keys(object)) {
    const camel = snakeToCamel(key);
    const field = type.fields[camel];
    if (field === undefined) throw new TypeError(`Invalid JSON payload received. Unknown name "${key}"${at ? ` at '${at}'` : ''}: Cannot find field.`);
    // Two members of one oneof (`options: {readOnly, readWrite}`): refused as Google's JSON parser
    // refuses them (google/protobuf util/internal/proto_writer: "Oneof field ... is already set").
    const oneof = field.partOf;
    if (oneof && object[key] !== null && object[key] !== undefined) {
      if (oneofsSet.has(oneof.name)) {
        throw new TypeError(`Invalid JSON payload received. Oneof field '${oneof.name}' is already set. Cannot set '${camel}'${at ? ` at '${at}'` : ''}.`);
      }
      oneofsSet.set(oneof.name, camel);
    }
    if (camel !== key) {
      object[camel] = object[key];
      delete object[key];
    }
    const value = object[camel];
    if (value === null || value === undefined || !(field.resolvedType instanceof protobuf.Type)) continue;
    const where = at ? `${at}.${camel}` : camel;
    if (field.map) {
      if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError(`Invalid JSON payload received. Expected a map at '${where}'.`);
      for (const [k, v] of Object.entries(value as Record<string, unknown>)) walkFields(field.resolvedType, v, `${where}[${JSON.stringify(k)}]`);
    } else if (field.repeated) {
      if (!Array.isArray(value)) throw new TypeError(`Invalid JSON payload received. Expected a list at '${where}'.`);
      value.forEach((element, i) => walkFields(field.resolvedType as protobuf.Type, element, `${where}[${i}]`));
    } else {
      walkFields(field.resolvedType, value, where);
    }
  }
}
