/**
 * Depth limits on a request, checked by one iterative walk before anything recursive (the
 * REST field check, value parsing, query planning) sees it, so a value or filter nested
 * thousands deep is a client mistake (INVALID_ARGUMENT) and never a stack overflow (500).
 *
 * - Values: at most 20 levels of maps and arrays. Firestore's documented limit ("Maximum
 *   depth of fields in a map or array: 20", firebase.google.com/docs/firestore/quotas), and
 *   the backend counts it as the SDK does since googleapis/nodejs-firestore#1815: a field path
 *   of more than 20 segments is refused (serializer.ts `validateUserInput`, `path.size > MAX_DEPTH`).
 * - Any message (a filter of filters, or anything else): at most 100 levels, the recursion
 *   limit of Google's protobuf parsers (`CodedInputStream`'s default, and the JSON parser's),
 *   which the backend's front end applies before Firestore sees the request.
 */
import { invalidArgument, type FirestoreError } from '../errors.js';

/** Firestore's limit on nested maps and arrays in a value (a field path of at most 20 segments). */
export const MAX_VALUE_DEPTH = 20;
/** The protobuf parsers' default recursion limit: objects and arrays nested in one request. */
export const MAX_MESSAGE_DEPTH = 100;

interface Pending {
  node: unknown;
  /** JSON objects and arrays enclosing `node`, itself included once entered. */
  depth: number;
  /** Maps and arrays (Values) enclosing `node`. */
  valueDepth: number;
}

/** Throws INVALID_ARGUMENT for the first limit `request` exceeds; returns quietly otherwise. */
export function checkNesting(request: unknown): void {
  const refusal = nestingRefusal(request);
  if (refusal) throw refusal;
}

export function nestingRefusal(request: unknown): FirestoreError | undefined {
  const pending: Pending[] = [{ node: request, depth: 0, valueDepth: 0 }];
  while (pending.length > 0) {
    const { node, depth, valueDepth } = pending.pop()!;
    if (typeof node !== 'object' || node === null) continue;
    if (depth >= MAX_MESSAGE_DEPTH) return messageTooDeep();
    if (Array.isArray(node)) {
      for (const element of node) pending.push({ node: element, depth: depth + 1, valueDepth });
      continue;
    }
    const entries = Object.entries(node as Record<string, unknown>);
    // A Value is an object with one key (its oneof); a map or array one nests its values a level
    // down. A value under n maps and arrays has a field path of n + 1 segments: a non-empty
    // container already under 19 would give its values 21.
    const container = entries.length === 1 && (entries[0]![0] === 'mapValue' || entries[0]![0] === 'arrayValue');
    if (container && valueDepth + 1 >= MAX_VALUE_DEPTH && holdsValues(entries[0]![1])) return valueTooDeep();
    for (const [, child] of entries) pending.push({ node: child, depth: depth + 1, valueDepth: container ? valueDepth + 1 : valueDepth });
  }
  return undefined;
}

/** `{fields: {...}}` with a field or `{values: [...]}` with an element. */
function holdsValues(inner: unknown): boolean {
  if (typeof inner !== 'object' || inner === null) return false;
  const { fields, values } = inner as { fields?: unknown; values?: unknown };
  return (Array.isArray(values) && values.length > 0) || (typeof fields === 'object' && fields !== null && Object.keys(fields).length > 0);
}

/** A stack overflow while decoding (protobufjs recurses): the same refusal as the walk's. */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** What `messageTooDeep` says: a constant, so a transport can recognise it without making an error per request. */
export const MESSAGE_TOO_DEEP = `Invalid request: message too deep. Max recursion depth (${MAX_MESSAGE_DEPTH}) reached.`;

export function messageTooDeep(): FirestoreError {
  return invalidArgument(MESSAGE_TOO_DEEP);
}

function valueTooDeep(): FirestoreError {
  return invalidArgument(`Value is nested too deeply: maps and arrays may be nested at most ${MAX_VALUE_DEPTH} levels deep.`);
}
