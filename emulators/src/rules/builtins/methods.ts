/** Method dispatch: `receiver.name(args)` by the receiver's type. */
import { RulesEvaluationError, UnprovableError } from '../errors.js';
import { Duration, LatLng, MapDiff, RulesMap, RulesPath, RulesSet, Timestamp, Unknown, typeOf, valuesEqual, type Value } from '../values.js';
import { asItems, asMap, expectArity } from './args.js';
import { LIST_METHODS, MAP_DIFF_METHODS, MAP_METHODS, SET_METHODS } from './collections.js';
import { LATLNG_METHODS, toRulesString } from './functions.js';
import { BYTES_METHODS, STRING_METHODS } from './strings.js';
import { DURATION_METHODS, TIMESTAMP_METHODS } from './time.js';

/** Placeholder a path literal keeps for `$(name)` when `name` is unbound, filled by bind(). */
export const unboundSegment = (name: string): string => `$(${name})`;

const PATH_METHODS: Record<string, (path: RulesPath, args: Value[]) => Value> = {
  bind: (path, args) => {
    expectArity('bind', args, 1);
    const bindings = asMap('bind', args[0]);
    const segments = path.segments.map((segment) => {
      const match = /^\$\(([A-Za-z_][A-Za-z0-9_]*)\)$/.exec(segment);
      if (!match || !bindings.has(match[1]!)) return segment;
      return toRulesString(bindings.entries.get(match[1]!)!);
    });
    return new RulesPath(segments);
  },
};

function lookup<T>(table: Record<string, (receiver: T, args: Value[]) => Value>, name: string): ((receiver: T, args: Value[]) => Value) | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

export function callMethod(receiver: Value, name: string, args: Value[]): Value {
  if (receiver instanceof Unknown) return callOnUnknown(receiver, name, args);
  const method = findMethod(receiver, name);
  if (!method) throw new RulesEvaluationError(`Function not found error: Name: [${name}] on ${typeOf(receiver)}`);
  return method(args);
}

function findMethod(receiver: Value, name: string): ((args: Value[]) => Value) | undefined {
  const bind = <T>(table: Record<string, (r: T, a: Value[]) => Value>, r: T) => {
    const method = lookup(table, name);
    return method && ((args: Value[]) => method(r, args));
  };
  if (typeof receiver === 'string') return bind(STRING_METHODS, receiver);
  if (receiver instanceof Uint8Array) return bind(BYTES_METHODS, receiver);
  if (Array.isArray(receiver)) return bind(LIST_METHODS, receiver);
  if (receiver instanceof RulesSet) return bind(SET_METHODS, receiver);
  if (receiver instanceof RulesMap) return bind(MAP_METHODS, receiver);
  if (receiver instanceof MapDiff) return bind(MAP_DIFF_METHODS, receiver);
  if (receiver instanceof Timestamp) return bind(TIMESTAMP_METHODS, receiver);
  if (receiver instanceof Duration) return bind(DURATION_METHODS, receiver);
  if (receiver instanceof LatLng) return bind(LATLNG_METHODS, receiver);
  if (receiver instanceof RulesPath) return bind(PATH_METHODS, receiver);
  return undefined;
}

/** `path[i]` is the i-th segment. */
export function pathIndex(path: RulesPath, index: Value): string {
  if (typeof index !== 'bigint') throw new RulesEvaluationError(`Path index must be an int, got ${typeOf(index)}`);
  if (index < 0n || index >= BigInt(path.segments.length)) throw new RulesEvaluationError(`Path index ${index} out of range`);
  return path.segments[Number(index)]!;
}

/** `hasAny`/`hasAll` on an array an `array-contains` filter vouches for; nothing else is provable. */
function callOnUnknown(receiver: Unknown, name: string, args: Value[]): Value {
  const contains = receiver.facts.contains ?? [];
  const wanted = args.length === 1 && (Array.isArray(args[0]) || args[0] instanceof RulesSet) ? asItems(name, args[0]) : undefined;
  const held = (item: Value) => contains.some((known) => valuesEqual(known, item));
  if (wanted && name === 'hasAny' && wanted.some(held)) return true;
  if (wanted && name === 'hasAll' && wanted.every(held)) return true;
  throw new UnprovableError(`${receiver.description}.${name}() depends on a document value the query does not constrain`);
}
