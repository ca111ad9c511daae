import { describe, expect, it } from 'vitest';
import { photoCountDelta } from './photo-counts.js';

describe('photo counts', () => {
  it('count ready photos of a set, following status and performance changes', () => {
    expect(photoCountDelta(null, { status: 'processing', performanceId: 'p' })).toEqual({ performances: {}, total: 0 });
    expect(photoCountDelta({ status: 'processing', performanceId: 'p' }, { status: 'ready', performanceId: 'p' })).toEqual({ performances: { p: 1 }, total: 1 });
    expect(photoCountDelta({ status: 'ready', performanceId: 'p' }, { status: 'ready', performanceId: 'q' })).toEqual({ performances: { p: -1, q: 1 }, total: 0 });
    expect(photoCountDelta({ status: 'ready', performanceId: 'p' }, { status: 'hidden', performanceId: 'p' })).toEqual({ performances: { p: -1 }, total: -1 });
    expect(photoCountDelta({ status: 'ready', performanceId: null }, null)).toEqual({ performances: {}, total: -1 });
  });
});
