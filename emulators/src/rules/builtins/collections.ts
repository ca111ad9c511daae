/** Methods of rules.List, rules.Set, rules.Map and rules.MapDiff. */
import { RulesEvaluationError } from '../errors.js';
import { MapDiff, RulesMap, RulesSet, typeOf, valuesEqual, type Value } from '../values.js';
import { asItems, asMap, asString, expectArity } from './args.js';

type Method<T> = (receiver: T, args: Value[]) => Value;

const contains = (items: readonly Value[], value: Value): boolean => items.some((item) => valuesEqual(item, value));

export const LIST_METHODS: Record<string, Method<Value[]>> = {
  size: (list, args) => (expectArity('size', args, 0), BigInt(list.length)),
  concat: (list, args) => (expectArity('concat', args, 1), [...list, ...asItems('concat', args[0])]),
  hasAll: (list, args) => (expectArity('hasAll', args, 1), asItems('hasAll', args[0]).every((item) => contains(list, item))),
  hasAny: (list, args) => (expectArity('hasAny', args, 1), asItems('hasAny', args[0]).some((item) => contains(list, item))),
  hasOnly: (list, args) => {
    expectArity('hasOnly', args, 1);
    const allowed = asItems('hasOnly', args[0]);
    return list.every((item) => contains(allowed, item));
  },
  join: (list, args) => {
    expectArity('join', args, 1);
    const separator = asString('join', args[0]);
    return list.map((item) => asString('join', item)).join(separator);
  },
  removeAll: (list, args) => {
    expectArity('removeAll', args, 1);
    const removed = asItems('removeAll', args[0]);
    return list.filter((item) => !contains(removed, item));
  },
  toSet: (list, args) => (expectArity('toSet', args, 0), new RulesSet(list)),
};

export const SET_METHODS: Record<string, Method<RulesSet>> = {
  size: (set, args) => (expectArity('size', args, 0), BigInt(set.items.length)),
  hasAll: (set, args) => (expectArity('hasAll', args, 1), asItems('hasAll', args[0]).every((item) => set.has(item))),
  hasAny: (set, args) => (expectArity('hasAny', args, 1), asItems('hasAny', args[0]).some((item) => set.has(item))),
  hasOnly: (set, args) => {
    expectArity('hasOnly', args, 1);
    const allowed = asItems('hasOnly', args[0]);
    return set.items.every((item) => contains(allowed, item));
  },
  difference: (set, args) => {
    expectArity('difference', args, 1);
    const other = asItems('difference', args[0]);
    return new RulesSet(set.items.filter((item) => !contains(other, item)));
  },
  intersection: (set, args) => {
    expectArity('intersection', args, 1);
    const other = asItems('intersection', args[0]);
    return new RulesSet(set.items.filter((item) => contains(other, item)));
  },
  union: (set, args) => (expectArity('union', args, 1), new RulesSet([...set.items, ...asItems('union', args[0])])),
};

export const MAP_METHODS: Record<string, Method<RulesMap>> = {
  size: (map, args) => (expectArity('size', args, 0), BigInt(map.entries.size)),
  keys: (map, args) => (expectArity('keys', args, 0), [...map.entries.keys()]),
  values: (map, args) => (expectArity('values', args, 0), [...map.entries.values()]),
  // `request.resource.data.diff(resource.data)`: the receiver is the newer map.
  diff: (map, args) => (expectArity('diff', args, 1), new MapDiff(asMap('diff', args[0]), map)),
  /** `get(key, default)`; a list key walks nested maps (`get(['a', 'b'], 0)`). */
  get: (map, args) => {
    expectArity('get', args, 2);
    const [key, fallback] = args as [Value, Value];
    const keys = Array.isArray(key) ? key : [key];
    let current: Value = map;
    for (const k of keys) {
      if (typeof k !== 'string') throw new RulesEvaluationError(`get() keys must be strings, got ${typeOf(k)}`);
      if (!(current instanceof RulesMap) || !current.has(k)) return fallback;
      current = current.entries.get(k)!;
    }
    return current;
  },
};

function keysWhere(diff: MapDiff, keep: (key: string) => boolean): RulesSet {
  const keys = new Set([...diff.before.entries.keys(), ...diff.after.entries.keys()]);
  return new RulesSet([...keys].filter(keep));
}

const inBefore = (diff: MapDiff, key: string): boolean => diff.before.has(key);
const inAfter = (diff: MapDiff, key: string): boolean => diff.after.has(key);
const changed = (diff: MapDiff, key: string): boolean =>
  inBefore(diff, key) && inAfter(diff, key) && !valuesEqual(diff.before.entries.get(key)!, diff.after.entries.get(key)!);

/** For `after.diff(before)`: added = only in the receiver, removed = only in the argument. */
export const MAP_DIFF_METHODS: Record<string, Method<MapDiff>> = {
  addedKeys: (d, args) => (expectArity('addedKeys', args, 0), keysWhere(d, (k) => !inBefore(d, k))),
  removedKeys: (d, args) => (expectArity('removedKeys', args, 0), keysWhere(d, (k) => !inAfter(d, k))),
  changedKeys: (d, args) => (expectArity('changedKeys', args, 0), keysWhere(d, (k) => changed(d, k))),
  affectedKeys: (d, args) => (expectArity('affectedKeys', args, 0), keysWhere(d, (k) => !inBefore(d, k) || !inAfter(d, k) || changed(d, k))),
  unchangedKeys: (d, args) => (expectArity('unchangedKeys', args, 0), keysWhere(d, (k) => inBefore(d, k) && inAfter(d, k) && !changed(d, k))),
};
