import { describe, expect, it } from 'vitest';
import { UnprovableError } from './errors.js';
import type { FirestoreValueJson } from './firestore-values.js';
import { compareUnknown, queryVariants } from './query.js';
import { Unknown, valuesEqual } from './values.js';

const field = (...constraints: Unknown['facts']['constraints'] & object) => new Unknown('resource.data.x', { constraints });

describe('compareUnknown', () => {
  it('proves or refutes orderings from range constraints', () => {
    const above10 = field({ operator: '>', value: 10n });
    expect(compareUnknown('>', above10, 10n)).toBe(true);
    expect(compareUnknown('>=', above10, 10.0)).toBe(true);
    expect(compareUnknown('<=', above10, 10n)).toBe(false);
    expect(compareUnknown('<', 5n, above10)).toBe(true); // 5 < x, flipped to x > 5
    expect(() => compareUnknown('>', above10, 11n)).toThrow(UnprovableError);

    const atMost3 = field({ operator: '<=', value: 3n });
    expect(compareUnknown('<=', atMost3, 3n)).toBe(true);
    expect(() => compareUnknown('<', atMost3, 3n)).toThrow(UnprovableError);
    expect(compareUnknown('>', atMost3, 3n)).toBe(false);
  });

  it('uses != constraints and ranges for equality', () => {
    const notDeleted = field({ operator: '!=', value: 'deleted' });
    expect(compareUnknown('!=', notDeleted, 'deleted')).toBe(true);
    expect(compareUnknown('==', notDeleted, 'deleted')).toBe(false);
    expect(() => compareUnknown('==', notDeleted, 'live')).toThrow(UnprovableError);
    expect(compareUnknown('==', field({ operator: '>', value: 10n }), 3n)).toBe(false);
  });

  it('cannot look through unknowns nested in lists', () => {
    expect(() => valuesEqual([field()], [1n])).toThrow(UnprovableError);
  });

  it('cannot prove anything across types or between two unknowns', () => {
    expect(() => compareUnknown('>', field({ operator: '>', value: 'a' }), 1n)).toThrow(UnprovableError);
    expect(() => compareUnknown('==', field(), field())).toThrow(UnprovableError);
  });
});

describe('queryVariants', () => {
  const eq = (fieldPath: string, value: FirestoreValueJson, op = 'EQUAL') => ({ fieldFilter: { field: { fieldPath }, op, value } });

  it('expands IN and OR into disjunctive normal form', () => {
    const variants = queryVariants({
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [
            eq('a', { arrayValue: { values: [{ integerValue: '1' }, { integerValue: '2' }] } }, 'IN'),
            { compositeFilter: { op: 'OR', filters: [eq('b', { stringValue: 'x' }), eq('c', { stringValue: 'y' })] } },
          ],
        },
      },
    });
    expect(variants.map((v) => [...v.fields].map(([k, f]) => `${k}=${String(f.equal?.value)}`).join(','))).toEqual([
      'a=1,b=x', 'a=1,c=y', 'a=2,b=x', 'a=2,c=y',
    ]);
  });

  it('reads escaped field paths and unary filters', () => {
    const [variant] = queryVariants({
      where: {
        compositeFilter: {
          op: 'AND',
          filters: [eq('`a.b`.c', { booleanValue: true }), { unaryFilter: { op: 'IS_NULL', field: { fieldPath: 'd' } } }],
        },
      },
    });
    expect([...variant!.fields.keys()]).toEqual(['a.b\u0000c', 'd']);
    expect(variant!.fields.get('d')!.equal).toEqual({ value: null });
  });
});
