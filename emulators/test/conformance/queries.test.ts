/** Conformance: reads and queries (filters, composite filters, ordering, cursors, limits, groups, select, aggregations). */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConformanceClient, DocumentData, QuerySpec, Value } from './client.js';
import { CLIENTS } from './clients.js';
import { caseFor, failure, ok, uniqueCollection, useClients, useEmulator } from './harness.js';

const emulator = useEmulator();

/** A small festival line-up every query case reads (written once per client). */
const ACTS: Record<string, DocumentData> = {
  a1: { name: 'Aurora', stage: 'main', day: 1, rating: 4.5, tags: ['pop', 'synth'], headliner: true },
  a2: { name: 'Bassline', stage: 'tent', day: 1, rating: 3, tags: ['dnb'], headliner: false },
  a3: { name: 'Cello Club', stage: 'main', day: 2, rating: 5, tags: ['classical', 'pop'], headliner: true },
  a4: { name: 'Drumline', stage: 'tent', day: 2, rating: 2.5, tags: [], headliner: false },
  a5: { name: 'Echo', stage: 'forest', day: 3, rating: null, tags: ['ambient'], headliner: false },
  a6: { name: 'Fado Nights', stage: 'forest', day: 3, tags: ['folk'] },
};

describe.each(CLIENTS)('queries via $name', (factory) => {
  const env = useClients(factory, emulator);
  let acts = '';
  const client = (): ConformanceClient => env().client;
  const ids = async (spec: QuerySpec) => ok(await client().query(spec)).map((d) => d.path.split('/').pop());

  beforeAll(async () => {
    acts = uniqueCollection('acts');
    ok(await client().batch(Object.entries(ACTS).map(([id, data]) => ({ op: 'set' as const, path: `${acts}/${id}`, data }))));
  });

  it('get of a missing document says it does not exist', async () => {
    expect(ok(await client().get(`${acts}/nobody`))).toMatchObject({ exists: false });
  });

  it('getAll returns documents in request order, missing ones included', async () => {
    const docs = ok(await client().getAll([`${acts}/a3`, `${acts}/zz`, `${acts}/a1`]));
    expect(docs.map((d) => [d.path.split('/').pop(), d.exists])).toEqual([['a3', true], ['zz', false], ['a1', true]]);
  });

  it('a collection query returns every document ordered by id', async () => {
    expect(await ids({ collection: acts })).toEqual(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']);
  });

  it('== filter', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'stage', op: '==', value: 'main' }] })).toEqual(['a1', 'a3']);
  });

  it('!= filter skips documents without the field and with null', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'rating', op: '!=', value: 3 }] })).toEqual(['a4', 'a1', 'a3']);
  });

  it('< and <= on numbers, ints and doubles compared together', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'rating', op: '<', value: 3 }] })).toEqual(['a4']);
    expect(await ids({ collection: acts, where: [{ field: 'rating', op: '<=', value: 3 }] })).toEqual(['a4', 'a2']);
  });

  it('> and >= order by the inequality field', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'rating', op: '>', value: 3 }] })).toEqual(['a1', 'a3']);
    expect(await ids({ collection: acts, where: [{ field: 'rating', op: '>=', value: 3 }] })).toEqual(['a2', 'a1', 'a3']);
  });

  it('range filters only match values of the same type', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'name', op: '>', value: 0 }] })).toEqual([]);
    expect(await ids({ collection: acts, where: [{ field: 'name', op: '>=', value: 'D' }] })).toEqual(['a4', 'a5', 'a6']);
  });

  it('in filter', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'day', op: 'in', value: [1, 3] }] })).toEqual(['a1', 'a2', 'a5', 'a6']);
  });

  it('not-in filter skips missing fields', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'stage', op: 'not-in', value: ['main', 'tent'] }] })).toEqual(['a5', 'a6']);
  });

  it('array-contains filter', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'tags', op: 'array-contains', value: 'pop' }] })).toEqual(['a1', 'a3']);
  });

  it('array-contains-any filter', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'tags', op: 'array-contains-any', value: ['dnb', 'folk'] }] })).toEqual(['a2', 'a6']);
  });

  it('== null matches explicit nulls only', async () => {
    expect(await ids({ collection: acts, where: [{ field: 'rating', op: '==', value: null }] })).toEqual(['a5']);
  });

  it('several filters are combined with AND', async () => {
    const spec: QuerySpec = { collection: acts, where: [{ field: 'day', op: '==', value: 2 }, { field: 'stage', op: '==', value: 'tent' }] };
    expect(await ids(spec)).toEqual(['a4']);
  });

  it('composite OR filter', async () => {
    const spec: QuerySpec = { collection: acts, where: [{ or: [{ field: 'stage', op: '==', value: 'forest' }, { field: 'rating', op: '==', value: 5 }] }] };
    expect(await ids(spec)).toEqual(['a3', 'a5', 'a6']);
  });

  it('composite AND of ORs', async () => {
    const spec: QuerySpec = {
      collection: acts,
      where: [
        {
          and: [
            { or: [{ field: 'day', op: '==', value: 1 }, { field: 'day', op: '==', value: 2 }] },
            { or: [{ field: 'headliner', op: '==', value: true }, { field: 'stage', op: '==', value: 'tent' }] },
          ],
        },
      ],
    };
    expect(await ids(spec)).toEqual(['a1', 'a2', 'a3', 'a4']);
  });

  it('orderBy descending, with __name__ as tie-breaker in the same direction', async () => {
    expect(await ids({ collection: acts, orderBy: [{ field: 'day', direction: 'desc' }] })).toEqual(['a6', 'a5', 'a4', 'a3', 'a2', 'a1']);
  });

  it('orderBy excludes documents without the field', async () => {
    expect(await ids({ collection: acts, orderBy: [{ field: 'headliner' }] })).toEqual(['a2', 'a4', 'a5', 'a1', 'a3']);
  });

  it('orderBy on a field holding several types uses the cross-type order', async () => {
    const col = uniqueCollection();
    const values: Value[] = [{ $timestamp: '2026-01-01T00:00:00Z' }, 'text', 7, true, null, { $bytes: 'AQ==' }, { m: 1 }, [1], { $geo: [1, 1] }];
    ok(await client().batch(values.map((v, i) => ({ op: 'set' as const, path: `${col}/d${i}`, data: { v } }))));
    const order = (await ids({ collection: col, orderBy: [{ field: 'v' }] })).map((id) => Number(id!.slice(1)));
    // null < boolean < number < timestamp < string < bytes < reference < geo point < array < map
    expect(order).toEqual([4, 3, 2, 0, 1, 5, 8, 7, 6]);
  });

  it('limit', async () => {
    expect(await ids({ collection: acts, orderBy: [{ field: 'name' }], limit: 2 })).toEqual(['a1', 'a2']);
  });

  it('limitToLast returns the last documents in query order', async () => {
    expect(await ids({ collection: acts, orderBy: [{ field: 'name' }], limitToLast: 2 })).toEqual(['a5', 'a6']);
  });

  it('startAt / endAt cursors are inclusive', async () => {
    expect(await ids({ collection: acts, orderBy: [{ field: 'day' }], startAt: [2], endAt: [2] })).toEqual(['a3', 'a4']);
  });

  it('startAfter / endBefore cursors are exclusive', async () => {
    expect(await ids({ collection: acts, orderBy: [{ field: 'day' }], startAfter: [1], endBefore: [3] })).toEqual(['a3', 'a4']);
  });

  it('cursor on the document id', async () => {
    expect(await ids({ collection: acts, orderBy: [{ field: '__name__' }], startAfter: ['a4'] })).toEqual(['a5', 'a6']);
  });

  it('cursor with several values', async () => {
    const spec: QuerySpec = { collection: acts, orderBy: [{ field: 'day' }, { field: 'name' }], startAfter: [2, 'Cello Club'] };
    expect(await ids(spec)).toEqual(['a4', 'a5', 'a6']);
  });

  it('filter on a nested field path', async () => {
    const col = uniqueCollection();
    ok(await client().batch([
      { op: 'set', path: `${col}/x`, data: { info: { city: 'Lyon' } } },
      { op: 'set', path: `${col}/y`, data: { info: { city: 'Nantes' } } },
    ]));
    expect(await ids({ collection: col, where: [{ field: 'info.city', op: '==', value: 'Nantes' }] })).toEqual(['y']);
  });

  it('collection group query finds documents in every collection with that id, at any depth', async () => {
    const group = uniqueCollection('g');
    const root = uniqueCollection();
    ok(await client().batch([
      { op: 'set', path: `${root}/f1/${group}/p1`, data: { n: 1 } },
      { op: 'set', path: `${root}/f2/${group}/p2`, data: { n: 2 } },
      { op: 'set', path: `${root}/f2/other/o/${group}/p3`, data: { n: 3 } },
      { op: 'set', path: `${root}/f2/notit/p4`, data: { n: 4 } },
    ]));
    const docs = ok(await client().query({ collectionGroup: group, orderBy: [{ field: 'n' }] }));
    expect(docs.map((d) => d.data!.n)).toEqual([1, 2, 3]);
  });

  it('collection group query with a filter', async () => {
    const group = uniqueCollection('g');
    const root = uniqueCollection();
    ok(await client().batch([
      { op: 'set', path: `${root}/a/${group}/p1`, data: { n: 1 } },
      { op: 'set', path: `${root}/b/${group}/p2`, data: { n: 2 } },
    ]));
    const docs = ok(await client().query({ collectionGroup: group, where: [{ field: 'n', op: '>', value: 1 }] }));
    expect(docs.map((d) => d.path)).toEqual([`${root}/b/${group}/p2`]);
  });

  it('a subcollection query only sees its own collection', async () => {
    const root = uniqueCollection();
    ok(await client().batch([
      { op: 'set', path: `${root}/p/items/i1`, data: { n: 1 } },
      { op: 'set', path: `${root}/q/items/i2`, data: { n: 2 } },
    ]));
    expect(ok(await client().query({ collection: `${root}/p/items` })).map((d) => d.data)).toEqual([{ n: 1 }]);
  });

  it('numeric document ids (__id<n>__) are accepted and sort by number, before string ids', async () => {
    const col = uniqueCollection();
    const written = ['b', '__id10__', 'A', '__id-3__', '__id2__'];
    ok(await client().batch(written.map((id) => ({ op: 'set' as const, path: `${col}/${id}`, data: { id } }))));
    expect(await ids({ collection: col })).toEqual(['__id-3__', '__id2__', '__id10__', 'A', 'b']);
    expect(ok(await client().get(`${col}/__id10__`)).data).toEqual({ id: '__id10__' });
  });

  describe('NaN and null operands', () => {
    let col = '';
    beforeAll(async () => {
      col = uniqueCollection();
      const docs: Record<string, DocumentData> = {
        nan: { v: { $double: 'NaN' }, w: 1, list: [{ $double: 'NaN' }] },
        null: { v: null, w: 1, list: [null] },
        low: { v: { $double: '-Infinity' }, w: 1, list: [1] },
        one: { v: 1, w: 2, list: [1, 2] },
        nested: { v: [1, 2], w: 3, list: [3] },
      };
      // Written by the peer, and read back (== NaN, == null) only in the last case: the web SDK's
      // own local matcher (core/filter.ts) still lets NaN and null through these filters, so a
      // client holding them in its cache disagrees with production and waits on limbo resolution.
      ok(await env().peer.batch(Object.entries(docs).map(([id, data]) => ({ op: 'set' as const, path: `${col}/${id}`, data }))));
    });

    it('NaN matches no numeric range filter', async () => {
      expect(await ids({ collection: col, where: [{ field: 'v', op: '<', value: 5 }] })).toEqual(['low', 'one']);
      expect(await ids({ collection: col, where: [{ field: 'v', op: '<=', value: 1 }] })).toEqual(['low', 'one']);
      expect(await ids({ collection: col, where: [{ field: 'v', op: '>', value: { $double: '-Infinity' } }] })).toEqual(['one']);
      expect(await ids({ collection: col, where: [{ field: 'v', op: '>=', value: { $double: '-Infinity' } }] })).toEqual(['low', 'one']);
    });

    it('NaN matches no range filter of a multiple-inequality query either', async () => {
      const spec: QuerySpec = { collection: col, where: [{ field: 'v', op: '<', value: 5 }, { field: 'w', op: '>', value: 0 }] };
      expect(await ids(spec)).toEqual(['low', 'one']);
    });

    it('in [null] and in [NaN] match nothing; beside a value, only the value matches', async () => {
      expect(await ids({ collection: col, where: [{ field: 'v', op: 'in', value: [null] }] })).toEqual([]);
      expect(await ids({ collection: col, where: [{ field: 'v', op: 'in', value: [{ $double: 'NaN' }] }] })).toEqual([]);
      expect(await ids({ collection: col, where: [{ field: 'v', op: 'in', value: [1, null, { $double: 'NaN' }] }] })).toEqual(['one']);
    });

    caseFor(factory, ['nullOrNaNOperands'], 'array-contains null or NaN matches nothing', async () => {
      expect(await ids({ collection: col, where: [{ field: 'list', op: 'array-contains', value: null }] })).toEqual([]);
      expect(await ids({ collection: col, where: [{ field: 'list', op: 'array-contains', value: { $double: 'NaN' } }] })).toEqual([]);
    });

    it('array-contains-any with null or NaN matches nothing; beside a value, only the value matches', async () => {
      expect(await ids({ collection: col, where: [{ field: 'list', op: 'array-contains-any', value: [null] }] })).toEqual([]);
      expect(await ids({ collection: col, where: [{ field: 'list', op: 'array-contains-any', value: [{ $double: 'NaN' }] }] })).toEqual([]);
      expect(await ids({ collection: col, where: [{ field: 'list', op: 'array-contains-any', value: [3, null] }] })).toEqual(['nested']);
    });

    it('arrays inside in / not-in values match array fields', async () => {
      expect(await ids({ collection: col, where: [{ field: 'v', op: 'in', value: [[1, 2], 1] }] })).toEqual(['nested', 'one']);
      expect(await ids({ collection: col, where: [{ field: 'v', op: 'not-in', value: [[1, 2], { $double: 'NaN' }] }] })).toEqual(['low', 'one']);
    });

    it('== NaN and == null (the unary filters) match them', async () => {
      expect(await ids({ collection: col, where: [{ field: 'v', op: '==', value: { $double: 'NaN' } }] })).toEqual(['nan']);
      expect(await ids({ collection: col, where: [{ field: 'v', op: '==', value: null }] })).toEqual(['null']);
    });
  });

  it('an order that puts a field after the document key fails invalid-argument', async () => {
    const implicit = failure(await client().query({ collection: acts, where: [{ field: 'rating', op: '!=', value: 3 }], orderBy: [{ field: '__name__' }] }));
    expect(implicit.code).toBe('invalid-argument');
    expect(implicit.message).toMatch(/order by clause cannot contain more fields after the key/i);
    const explicit = failure(await client().query({ collection: acts, orderBy: [{ field: '__name__' }, { field: 'day' }] }));
    expect(explicit.code).toBe('invalid-argument');
    expect(explicit.message).toMatch(/order by clause cannot contain more fields after the key/i);
  });

  it('equality on the document key beside an inequality on another field fails invalid-argument', async () => {
    const error = failure(await client().query({ collection: acts, where: [{ field: 'rating', op: '!=', value: 3 }, { field: '__name__', op: '==', value: 'a1' }] }));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toContain('Equality on key is not allowed if there are other inequality fields and key does not appear in inequalities.');
  });

  caseFor(factory, ['select'], 'select returns only the listed fields', async () => {
    const docs = ok(await client().query({ collection: acts, where: [{ field: 'day', op: '==', value: 1 }], select: ['name', 'day'] }));
    expect(docs.map((d) => d.data)).toEqual([{ name: 'Aurora', day: 1 }, { name: 'Bassline', day: 1 }]);
  });

  it('count aggregation', async () => {
    expect(ok(await client().aggregate({ collection: acts }, { total: { count: true } }))).toEqual({ total: 6 });
  });

  it('count with a filter and a limit', async () => {
    const result = ok(await client().aggregate({ collection: acts, where: [{ field: 'tags', op: 'array-contains', value: 'pop' }], limit: 1 }, { n: { count: true } }));
    expect(result).toEqual({ n: 1 });
  });

  it('sum and avg skip non-numeric values', async () => {
    const result = ok(await client().aggregate({ collection: acts }, { total: { sum: 'rating' }, mean: { avg: 'rating' } }));
    expect(result).toEqual({ total: 15, mean: 3.75 });
  });

  it('aggregations in one request only see documents that have every sum/avg field, count included', async () => {
    // a6 has no rating: it takes part in none of them (a5's rating is null: it counts, but adds nothing).
    const result = ok(await client().aggregate({ collection: acts }, { n: { count: true }, total: { sum: 'rating' }, days: { sum: 'day' } }));
    expect(result).toEqual({ n: 5, total: 15, days: 9 });
  });

  it('a limit counts only documents that have the aggregated fields', async () => {
    // By name, descending: a6 (no rating), then a5 (null), a4 (2.5), a3 (5): the limit skips a6, not a3.
    const result = ok(await client().aggregate({ collection: acts, orderBy: [{ field: 'name', direction: 'desc' }], limit: 3 }, { n: { count: true }, total: { sum: 'rating' } }));
    expect(result).toEqual({ n: 3, total: 7.5 });
  });

  it('more than 5 aggregations fail invalid-argument naming the maximum number of aggregations', async () => {
    const six = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`a${i}`, { sum: 'day' }] as const));
    const error = failure(await client().aggregate({ collection: acts }, six));
    expect(error.code).toBe('invalid-argument');
    expect(error.message).toMatch(/maximum number of aggregations/);
  });

  it('avg over no numeric values is null, sum is 0', async () => {
    const result = ok(await client().aggregate({ collection: acts }, { s: { sum: 'name' }, a: { avg: 'name' } }));
    expect(result).toEqual({ s: 0, a: null });
  });

  caseFor(factory, ['listCollections'], 'listCollections lists the collections under a document and at the root', async () => {
    const root = uniqueCollection();
    ok(await client().batch([
      { op: 'set', path: `${root}/d/b-sub/x`, data: {} },
      { op: 'set', path: `${root}/d/a-sub/y/deep/z`, data: {} },
    ]));
    expect(ok(await client().listCollections(`${root}/d`))).toEqual(['a-sub', 'b-sub']);
    expect(ok(await client().listCollections(''))).toContain(root);
  });

  it('an in filter with more than 30 values fails invalid-argument', async () => {
    const outcome = await client().query({ collection: acts, where: [{ field: 'day', op: 'in', value: Array.from({ length: 31 }, (_, i) => i) }] });
    expect(failure(outcome).code).toBe('invalid-argument');
  });
});
