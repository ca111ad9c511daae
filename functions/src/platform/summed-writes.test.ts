import { describe, expect, it } from 'vitest';
import { Increment, increment, type DocData } from './docs.js';
import { SummedWrites } from './summed-writes.js';

describe('summed writes', () => {
  it('adds increments of the same field, merges nested maps, keeps the last plain value, and writes each document once', () => {
    const writes = new SummedWrites();
    const at = new Date('2026-08-14T20:00:00Z');
    writes.set('shards/1', { count: increment(1), ops: increment(1) }, { merge: true });
    writes.set('shards/1', { count: increment(-1), ops: increment(1) }, { merge: true });
    writes.set('shards/1', { count: increment(1), ops: increment(1), stages: { main: { favorites: increment(1) } } }, { merge: true });
    writes.set('shards/1', { stages: { main: { favorites: increment(1) }, tent: { favorites: increment(-1) } } }, { merge: true });
    writes.set('buckets/a', { startsAt: at, counts: { p1: increment(2) } }, { merge: true });
    writes.set('buckets/a', { startsAt: at, counts: { p2: increment(1) } }, { merge: true });
    const written: Array<[string, DocData]> = [];
    writes.flushInto({ set: (path, data) => written.push([path, data]) });
    expect(written).toEqual([
      ['shards/1', { count: new Increment(1), ops: new Increment(3), stages: { main: { favorites: new Increment(2) }, tent: { favorites: new Increment(-1) } } }],
      ['buckets/a', { startsAt: at, counts: { p1: new Increment(2), p2: new Increment(1) } }],
    ]);
  });

  it('refuses a write that would replace a document, which cannot be summed', () => {
    expect(() => new SummedWrites().set('shards/1', { count: 1 })).toThrow('only gathers merge writes');
  });
});
