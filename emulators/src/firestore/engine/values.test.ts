import { describe, expect, it } from 'vitest';
import { numericId } from './paths.js';
import { NULL_VALUE, compareValues, identicalFields, valuesEqual, type Value } from './values.js';
import { normalizeValue } from './validate.js';

const ROOT = 'projects/p/databases/(default)/documents';

describe('compareValues', () => {
  it('orders across types: null < bool < number < timestamp < string < bytes < ref < geo < array < vector < map', () => {
    const ordered: Value[] = [
      { nullValue: 'NULL_VALUE' },
      { booleanValue: false },
      { booleanValue: true },
      { doubleValue: 'NaN' },
      { doubleValue: '-Infinity' },
      { integerValue: '-5' },
      { doubleValue: 0.5 },
      { integerValue: '1' },
      { timestampValue: '2020-01-01T00:00:00Z' },
      { timestampValue: '2020-01-01T00:00:00.000000001Z' },
      { stringValue: '' },
      { stringValue: 'a' },
      { stringValue: '\uFFFF' },
      { stringValue: '😀' },
      { bytesValue: 'AA==' },
      { referenceValue: `${ROOT}/a/b` },
      { referenceValue: `${ROOT}/a/b/c/d` },
      { geoPointValue: { latitude: 0, longitude: 1 } },
      { arrayValue: {} },
      { arrayValue: { values: [{ integerValue: '1' }] } },
      { mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: [] } } } } },
      { mapValue: {} },
      { mapValue: { fields: { a: { integerValue: '1' } } } },
    ];
    for (let i = 0; i < ordered.length - 1; i++) {
      expect(compareValues(ordered[i]!, ordered[i + 1]!), `${JSON.stringify(ordered[i])} < ${JSON.stringify(ordered[i + 1])}`).toBe(-1);
      expect(compareValues(ordered[i + 1]!, ordered[i]!)).toBe(1);
    }
  });

  it('compares strings by UTF-8 bytes (code points), not UTF-16 units', () => {
    // U+FFFF is one unit above the surrogates in UTF-16, but below U+1F600 in UTF-8.
    expect(compareValues({ stringValue: '\uFFFF' }, { stringValue: '😀' })).toBe(-1);
  });

  it('treats 1 and 1.0 as equal, and NaN as equal to NaN (query equality)', () => {
    expect(valuesEqual({ integerValue: '1' }, { doubleValue: 1 })).toBe(true);
    expect(valuesEqual({ doubleValue: 'NaN' }, { doubleValue: 'NaN' })).toBe(true);
  });

  it('compares large integers exactly', () => {
    expect(compareValues({ integerValue: '9223372036854775807' }, { integerValue: '9223372036854775806' })).toBe(1);
  });
});

describe('normalizeValue', () => {
  it('normalises integers to strings and non-finite doubles to their JSON names', () => {
    expect(normalizeValue({ integerValue: 7 })).toEqual({ integerValue: '7' });
    expect(normalizeValue({ doubleValue: Number.NaN })).toEqual({ doubleValue: 'NaN' });
    expect(normalizeValue({ doubleValue: '-Infinity' })).toEqual({ doubleValue: '-Infinity' });
  });

  it('rejects arrays directly inside arrays', () => {
    expect(() => normalizeValue({ arrayValue: { values: [{ arrayValue: {} }] } })).toThrow(/array/);
  });
});

describe('compareReferences', () => {
  it('compares segment by segment: a shorter segment sorts first whatever follows', () => {
    const ref = (path: string) => ({ referenceValue: `${ROOT}/${path}` });
    expect(compareValues(ref('a/b'), ref('a-x/b'))).toBe(-1); // '/' (0x2f) is above '-' (0x2d), but segment "a" < "a-x"
    expect(compareValues(ref('c/a'), ref('c/a/s/d'))).toBe(-1);
    expect(compareValues(ref('c/b'), ref('c/a/s/d'))).toBe(1);
    expect(compareValues(ref('c/\uFFFF'), ref('c/😀'))).toBe(-1);
  });
});

describe('numeric ids', () => {
  it('sort before string ids, by number', () => {
    const ref = (id: string) => ({ referenceValue: `${ROOT}/c/${id}` });
    expect(compareValues(ref('__id-9223372036854775808__'), ref('A1'))).toBe(-1);
    expect(compareValues(ref('__id-9223372036854775808__'), ref('0'))).toBe(-1);
    expect(compareValues(ref('__id2__'), ref('__id10__'))).toBe(-1);
    expect(compareValues(ref('__id10__'), ref('__idx__'))).toBe(-1);
  });
});

describe('numeric document ids', () => {
  it('only canonical int64 numbers are numeric ids', () => {
    expect(numericId('__id7__')).toBe(7n);
    expect(numericId('__id-9223372036854775808__')).toBe(-(2n ** 63n));
    for (const id of ['__id007__', '__id-0__', '__id9223372036854775808__', '__id__', '__idx__', 'id7']) expect(numericId(id)).toBeUndefined();
  });

  it('sort by number before string ids, segment by segment', () => {
    const names = ['c/b', 'c/__id10__', 'c/A', 'c/__id-3__', 'c/__id2__', 'c/__identity'].map((path) => `${ROOT}/${path}`);
    const sorted = [...names].sort((a, b) => compareValues({ referenceValue: a }, { referenceValue: b }));
    expect(sorted.map((name) => name.slice(ROOT.length + 1))).toEqual(['c/__id-3__', 'c/__id2__', 'c/__id10__', 'c/A', 'c/__identity', 'c/b']);
  });
});

describe('identicalFields (no-op writes)', () => {
  it('ignores key order but not kinds, signs of zero or instants', () => {
    const a = { x: { integerValue: '1' }, m: { mapValue: { fields: { p: { booleanValue: true }, q: { doubleValue: 'NaN' } } } } };
    const b = { m: { mapValue: { fields: { q: { doubleValue: 'NaN' }, p: { booleanValue: true } } } }, x: { integerValue: '1' } };
    expect(identicalFields(a, b)).toBe(true);
    expect(identicalFields({ x: { integerValue: '1' } }, { x: { doubleValue: 1 } })).toBe(false);
    expect(identicalFields({ x: { doubleValue: 0 } }, { x: { doubleValue: -0 } })).toBe(false);
    expect(identicalFields({ t: { timestampValue: '2026-01-01T01:00:00+01:00' } }, { t: { timestampValue: '2026-01-01T00:00:00Z' } })).toBe(true);
    expect(identicalFields({ x: { arrayValue: { values: [] } } }, { x: { arrayValue: { values: [NULL_VALUE] } } })).toBe(false);
  });
});

describe('normalizeValue', () => {
  it('truncates timestamps to the microsecond and allows nested arrays only when asked (filter values)', () => {
    expect(normalizeValue({ timestampValue: '2026-05-01T12:34:56.123456789Z' })).toEqual({ timestampValue: '2026-05-01T12:34:56.123456Z' });
    expect(normalizeValue({ timestampValue: '2026-05-01T12:34:56.1Z' })).toEqual({ timestampValue: '2026-05-01T12:34:56.1Z' });
    const nested = { arrayValue: { values: [{ arrayValue: { values: [{ integerValue: '1' }] } }] } };
    expect(normalizeValue(nested, 0, { nestedArrays: true })).toEqual(nested);
    expect(() => normalizeValue(nested)).toThrow(/array/);
  });
});
