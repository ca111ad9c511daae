import { describe, expect, it } from 'vitest';
import type { StoredDocument } from './store.js';
import { distance, nearest, planFindNearest } from './vector.js';

const vectorValue = (values: number[]) => ({
  mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: values.map((doubleValue) => ({ doubleValue })) } } } },
});
const docAt = (id: string, values: number[]): StoredDocument => ({ path: `c/${id}`, fields: { e: vectorValue(values) }, createTime: 1n, updateTime: 1n });

describe('vector distances', () => {
  it('measures EUCLIDEAN, COSINE (1 - similarity) and DOT_PRODUCT', () => {
    expect(distance('EUCLIDEAN', [0, 0], [3, 4])).toBe(5);
    expect(distance('COSINE', [1, 0], [0, 2])).toBe(1);
    expect(distance('COSINE', [1, 0], [-3, 0])).toBe(2);
    expect(distance('DOT_PRODUCT', [1, 2], [3, 4])).toBe(11);
  });

  it('has no cosine distance for a zero vector, which therefore never takes part', () => {
    expect(distance('COSINE', [0, 0], [1, 1])).toBeUndefined();
    const plan = planFindNearest({ vectorField: { fieldPath: 'e' }, queryVector: vectorValue([1, 1]), distanceMeasure: 'COSINE', limit: 5 });
    expect(nearest(plan, [docAt('zero', [0, 0]), docAt('one', [1, 1])]).map((doc) => doc.path)).toEqual(['c/one']);
  });

  it('accepts the limit and threshold as wrappers or bare numbers, and the measure as its enum number', () => {
    const plan = planFindNearest({ vectorField: { fieldPath: 'e' }, queryVector: vectorValue([1]), distanceMeasure: 3, limit: { value: 2 }, distanceThreshold: 0.5 });
    expect(plan).toMatchObject({ measure: 'DOT_PRODUCT', limit: 2, threshold: 0.5 });
  });
});
