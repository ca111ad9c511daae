/** Conformance: writes (set, merge, update, delete, create, preconditions, transforms, batches) and values. */
import { describe, expect, it } from 'vitest';
import type { DocumentData } from './client.js';
import { CLIENTS } from './clients.js';
import { caseFor, failure, ok, uniqueCollection, useClients, useEmulator } from './harness.js';

const emulator = useEmulator();

describe.each(CLIENTS)('writes via $name', (factory) => {
  const env = useClients(factory, emulator);
  const data = async (path: string) => ok(await env().client.get(path)).data;

  it('set creates a document and get reads it back', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { name: 'Encore', n: 1 } }));
    const doc = ok(await env().client.get(path));
    expect(doc).toMatchObject({ path, exists: true, data: { name: 'Encore', n: 1 } });
  });

  it('set replaces the whole document', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { a: 1, b: 2 } }));
    ok(await env().client.write({ op: 'set', path, data: { c: 3 } }));
    expect(await data(path)).toEqual({ c: 3 });
  });

  it('set with merge keeps other fields and merges nested maps', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { a: 1, m: { x: 1, y: 2 } } }));
    ok(await env().client.write({ op: 'set', path, data: { b: 2, m: { y: 3 } }, merge: true }));
    expect(await data(path)).toEqual({ a: 1, b: 2, m: { x: 1, y: 3 } });
  });

  it('set with mergeFields writes only the listed fields', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { a: 1, b: 1 } }));
    ok(await env().client.write({ op: 'set', path, data: { a: 2, b: 2 }, mergeFields: ['a'] }));
    expect(await data(path)).toEqual({ a: 2, b: 1 });
  });

  it('update changes nested fields through dotted paths and keeps siblings', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { m: { x: 1, y: 1 }, z: 0 } }));
    ok(await env().client.write({ op: 'update', path, data: { 'm.x': 5 } }));
    expect(await data(path)).toEqual({ m: { x: 5, y: 1 }, z: 0 });
  });

  it('update with field path segments that contain dots and backticks', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { plain: 1 } }));
    ok(await env().client.write({ op: 'update', path, data: {}, fields: [{ field: ['a.b', 'c`d'], value: 7 }] }));
    expect(await data(path)).toEqual({ plain: 1, 'a.b': { 'c`d': 7 } });
  });

  it('update of a missing document fails not-found', async () => {
    const outcome = await env().client.write({ op: 'update', path: `${uniqueCollection()}/missing`, data: { a: 1 } });
    expect(failure(outcome).code).toBe('not-found');
  });

  it('update can delete a field with the delete sentinel', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { a: 1, b: 2 } }));
    ok(await env().client.write({ op: 'update', path, data: { b: { $delete: true } } }));
    expect(await data(path)).toEqual({ a: 1 });
  });

  it('delete removes a document, and deleting a missing one succeeds', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { a: 1 } }));
    ok(await env().client.write({ op: 'delete', path }));
    expect(ok(await env().client.get(path)).exists).toBe(false);
    ok(await env().client.write({ op: 'delete', path }));
  });

  caseFor(factory, ['create', 'exactConflictCodes'], 'create succeeds once, then fails already-exists', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'create', path, data: { a: 1 } }));
    expect(failure(await env().client.write({ op: 'create', path, data: { a: 2 } })).code).toBe('already-exists');
    expect(await data(path)).toEqual({ a: 1 });
  });

  caseFor(factory, ['preconditions', 'writeTime', 'exactConflictCodes'], 'update with a matching lastUpdateTime succeeds, a stale one fails failed-precondition', async () => {
    const path = `${uniqueCollection()}/a`;
    const first = ok(await env().client.write({ op: 'set', path, data: { v: 1 } }));
    ok(await env().client.write({ op: 'update', path, data: { v: 2 }, precondition: { lastUpdateTime: first.writeTime! } }));
    const stale = await env().client.write({ op: 'update', path, data: { v: 3 }, precondition: { lastUpdateTime: first.writeTime! } });
    expect(failure(stale).code).toBe('failed-precondition');
    expect(await data(path)).toEqual({ v: 2 });
  });

  caseFor(factory, ['preconditions'], 'delete with exists: true on a missing document fails not-found', async () => {
    const outcome = await env().client.write({ op: 'delete', path: `${uniqueCollection()}/a`, precondition: { exists: true } });
    expect(failure(outcome).code).toBe('not-found');
  });

  caseFor(factory, ['writeTime', 'documentTimes'], 'write times are the document update time; create time stays', async () => {
    const path = `${uniqueCollection()}/a`;
    const first = ok(await env().client.write({ op: 'set', path, data: { v: 1 } }));
    const second = ok(await env().client.write({ op: 'set', path, data: { v: 2 } }));
    const doc = ok(await env().client.get(path));
    expect(doc.createTime).toBe(first.writeTime);
    expect(doc.updateTime).toBe(second.writeTime);
    expect(second.writeTime! > first.writeTime!).toBe(true);
  });

  it('serverTimestamp sets the commit time', async () => {
    const path = `${uniqueCollection()}/a`;
    const before = new Date().toISOString();
    ok(await env().client.write({ op: 'set', path, data: { at: { $serverTimestamp: true } } }));
    const at = ((await data(path))!.at as { $timestamp: string }).$timestamp;
    expect(at >= before.slice(0, 19)).toBe(true);
  });

  it('increment adds to integers and keeps them integers', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { n: 40 } }));
    ok(await env().client.write({ op: 'update', path, data: { n: { $increment: 2 } } }));
    expect(await data(path)).toEqual({ n: 42 });
  });

  it('increment on doubles and on a missing field', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { d: 1.5 } }));
    ok(await env().client.write({ op: 'set', path, data: { d: { $increment: 0.25 }, fresh: { $increment: 3 } }, merge: true }));
    expect(await data(path)).toEqual({ d: 1.75, fresh: 3 });
  });

  caseFor(factory, ['maximumMinimum'], 'maximum and minimum transforms', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { hi: 5, lo: 5 } }));
    ok(await env().client.write({ op: 'update', path, data: { hi: { $maximum: 9 }, lo: { $minimum: 2 } } }));
    ok(await env().client.write({ op: 'update', path, data: { hi: { $maximum: 1 }, lo: { $minimum: 7 } } }));
    expect(await data(path)).toEqual({ hi: 9, lo: 2 });
  });

  caseFor(factory, ['maximumMinimum'], 'maximum and minimum of a stored NaN stay NaN', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { hi: { $double: 'NaN' }, lo: { $double: 'NaN' } } }));
    ok(await env().client.write({ op: 'update', path, data: { hi: { $maximum: 5 }, lo: { $minimum: 5 } } }));
    expect(await data(path)).toEqual({ hi: { $double: 'NaN' }, lo: { $double: 'NaN' } });
  });

  it('arrayUnion adds only missing elements, arrayRemove removes every copy', async () => {
    const path = `${uniqueCollection()}/a`;
    ok(await env().client.write({ op: 'set', path, data: { tags: ['a', 'b', 'a'] } }));
    ok(await env().client.write({ op: 'update', path, data: { tags: { $arrayUnion: ['b', 'c'] } } }));
    expect(await data(path)).toEqual({ tags: ['a', 'b', 'a', 'c'] });
    ok(await env().client.write({ op: 'update', path, data: { tags: { $arrayRemove: ['a'] } } }));
    expect(await data(path)).toEqual({ tags: ['b', 'c'] });
  });

  it('a batch is applied atomically: one failing write leaves nothing written', async () => {
    const col = uniqueCollection();
    const outcome = await env().client.batch([
      { op: 'set', path: `${col}/a`, data: { v: 1 } },
      { op: 'update', path: `${col}/missing`, data: { v: 2 } },
    ]);
    expect(failure(outcome).code).toBe('not-found');
    expect(ok(await env().client.get(`${col}/a`)).exists).toBe(false);
  });

  it('a batch writes several documents at once', async () => {
    const col = uniqueCollection();
    const results = ok(
      await env().client.batch([
        { op: 'set', path: `${col}/a`, data: { v: 1 } },
        { op: 'set', path: `${col}/b`, data: { v: 2 } },
        { op: 'delete', path: `${col}/c` },
      ]),
    );
    expect(results).toHaveLength(3);
    expect(ok(await env().client.getAll([`${col}/a`, `${col}/b`])).map((d) => d.data)).toEqual([{ v: 1 }, { v: 2 }]);
  });

  it('every value type round-trips', async () => {
    const path = `${uniqueCollection()}/a`;
    const ref = `${uniqueCollection()}/target`;
    const values: DocumentData = {
      nul: null,
      yes: true,
      int: -42,
      big: 9007199254740991,
      dbl: 3.25,
      nan: { $double: 'NaN' },
      inf: { $double: 'Infinity' },
      str: 'héllo 😀',
      ts: { $timestamp: '2026-05-01T12:34:56.123456000Z' },
      bytes: { $bytes: 'AAEC/w==' },
      geo: { $geo: [48.85, 2.35] },
      ref: { $ref: ref },
      arr: [1, 'two', { three: 3 }],
      map: { nested: { deep: [true] } },
      empty: {},
      emptyArr: [],
    };
    ok(await env().client.write({ op: 'set', path, data: values }));
    expect(await data(path)).toEqual(values);
  });

  it('timestamps are stored to the microsecond (finer digits are dropped)', async () => {
    const path = `${uniqueCollection()}/t`;
    ok(await env().client.write({ op: 'set', path, data: { at: { $timestamp: '2026-05-01T12:34:56.123456789Z' } } }));
    expect(await data(path)).toEqual({ at: { $timestamp: '2026-05-01T12:34:56.123456000Z' } });
  });

  caseFor(factory, ['writeTime', 'documentTimes'], 'write, create and update times are whole microseconds', async () => {
    const path = `${uniqueCollection()}/t`;
    const written = ok(await env().client.write({ op: 'set', path, data: { n: 1 } }));
    const doc = ok(await env().client.get(path));
    for (const time of [written.writeTime!, doc.createTime!, doc.updateTime!]) expect(time).toMatch(/\.\d{6}000Z$/);
  });

  caseFor(factory, ['writeTime', 'documentTimes'], 'a write that changes nothing keeps the update time and reports it as its write time', async () => {
    const path = `${uniqueCollection()}/same`;
    ok(await env().client.write({ op: 'set', path, data: { a: 1, m: { x: [true], y: 'z' } } }));
    const before = ok(await env().client.get(path));
    const again = ok(await env().client.write({ op: 'set', path, data: { m: { y: 'z', x: [true] }, a: 1 } }));
    expect(again.writeTime).toBe(before.updateTime);
    expect(ok(await env().client.get(path)).updateTime).toBe(before.updateTime);
    ok(await env().client.write({ op: 'set', path, data: { a: 2, m: { x: [true], y: 'z' } } }));
    expect(ok(await env().client.get(path)).updateTime).not.toBe(before.updateTime);
  });

  it('documents live at any depth', async () => {
    const path = `${uniqueCollection()}/a/sub/b/deeper/c/deepest/d`;
    ok(await env().client.write({ op: 'set', path, data: { depth: 4 } }));
    expect(ok(await env().client.get(path))).toMatchObject({ exists: true, data: { depth: 4 } });
    expect(ok(await env().client.get(`${path.split('/')[0]}/a`)).exists).toBe(false);
  });

  it('a document over 1 MiB is rejected invalid-argument', async () => {
    const path = `${uniqueCollection()}/big`;
    const outcome = await env().client.write({ op: 'set', path, data: { blob: 'x'.repeat(1_048_600) } });
    expect(failure(outcome).code).toBe('invalid-argument');
    expect(ok(await env().client.get(path)).exists).toBe(false);
  });

  it('a document just under 1 MiB is accepted', async () => {
    const path = `${uniqueCollection()}/big`;
    ok(await env().client.write({ op: 'set', path, data: { blob: 'x'.repeat(1_000_000) } }));
    expect(((await data(path))!.blob as string).length).toBe(1_000_000);
  });

  it('a reserved document id (__x__) is rejected invalid-argument', async () => {
    const outcome = await env().client.write({ op: 'set', path: `${uniqueCollection()}/__reserved__`, data: { a: 1 } });
    expect(failure(outcome).code).toBe('invalid-argument');
  });

  it('a reserved field name (__x__) is rejected invalid-argument', async () => {
    const outcome = await env().client.write({ op: 'set', path: `${uniqueCollection()}/a`, data: { __bad__: 1 } });
    expect(failure(outcome).code).toBe('invalid-argument');
  });
});
