import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_DEPTH, nestingRefusal } from './nesting.js';

/** A field value under `levels` maps, each holding `inner` (the leaf by default). */
function maps(levels: number, inner: unknown = { integerValue: '1' }): unknown {
  let value = inner;
  for (let i = 0; i < levels; i++) value = { mapValue: { fields: { a: value } } };
  return value;
}
const doc = (value: unknown) => ({ update: { name: 'd', fields: { x: value } } });

describe('nestingRefusal', () => {
  it('takes a leaf whose field path has 20 segments and refuses one with 21, as production counts them', () => {
    expect(nestingRefusal(doc(maps(19)))).toBeUndefined();
    expect(nestingRefusal(doc(maps(20)))?.message).toMatch(/at most 20 levels/);
  });

  it('takes an empty map or array at the 20th level (it has no values below)', () => {
    expect(nestingRefusal(doc(maps(19, { mapValue: {} })))).toBeUndefined();
    expect(nestingRefusal(doc(maps(19, { arrayValue: { values: [] } })))).toBeUndefined();
    expect(nestingRefusal(doc(maps(19, { arrayValue: { values: [{ nullValue: null }] } })))).toBeDefined();
  });

  it('counts arrays and maps alike', () => {
    let value: unknown = { stringValue: 'leaf' };
    for (let i = 0; i < 20; i++) value = i % 2 === 0 ? { arrayValue: { values: [value] } } : { mapValue: { fields: { a: value } } };
    expect(nestingRefusal(doc(value))).toBeDefined();
  });

  it('does not count a field named mapValue beside others as a level', () => {
    // 19 real maps, each holding a field named `mapValue` (and another): 20 segments, taken.
    let value: unknown = { integerValue: '1' };
    for (let i = 0; i < 19; i++) value = { mapValue: { fields: { mapValue: value, other: { nullValue: null } } } };
    expect(nestingRefusal(doc(value))).toBeUndefined();
  });

  it('refuses any message nested past the parsers’ recursion limit, values or not', () => {
    let filter: unknown = { fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { integerValue: '1' } } };
    for (let i = 0; i < MAX_MESSAGE_DEPTH; i++) filter = { compositeFilter: { op: 'AND', filters: [filter] } };
    expect(nestingRefusal({ structuredQuery: { where: filter } })?.message).toMatch(/message too deep/);
  });

  it('walks 100,000 levels without recursing', () => {
    let deep: unknown = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(nestingRefusal(deep)?.code).toBe(3);
  });
});
