/** Conformance: listeners on documents and queries (changes exactly once, in commit order; removal; errors). */
import { describe, expect, it } from 'vitest';
import type { SnapshotResult } from './client.js';
import { CLIENTS } from './clients.js';
import { EVENT_TIMEOUT_MS, caseFor, confirmed, ok, snapshotsUntil, uniqueCollection, useClients, useEmulator } from './harness.js';

const emulator = useEmulator();

const values = (snapshot: SnapshotResult, field = 'n') => snapshot.docs.map((d) => d.data?.[field]);

describe.each(CLIENTS)('listeners via $name', (factory) => {
  const env = useClients(factory, emulator);

  it('a document listener gets the current state, then each change', async () => {
    const { client, peer } = env();
    const path = `${uniqueCollection()}/doc`;
    ok(await peer.write({ op: 'set', path, data: { n: 1 } }));
    const id = ok(await client.listen({ doc: path }));
    const first = await snapshotsUntil(client, id, (s) => confirmed(s) && s.docs[0]!.exists);
    expect(first.at(-1)!.docs[0]!.data).toEqual({ n: 1 });
    ok(await peer.write({ op: 'set', path, data: { n: 2 } }));
    const second = await snapshotsUntil(client, id, (s) => s.docs[0]!.data?.n === 2);
    expect(second).toHaveLength(1);
    await client.unlisten(id);
  });

  it('a document listener on a missing document sees it appear and disappear', async () => {
    const { client, peer } = env();
    const path = `${uniqueCollection()}/ghost`;
    const id = ok(await client.listen({ doc: path }));
    const initial = await snapshotsUntil(client, id, confirmed);
    expect(initial.at(-1)!.docs[0]!.exists).toBe(false);
    ok(await peer.write({ op: 'set', path, data: { n: 1 } }));
    await snapshotsUntil(client, id, (s) => s.docs[0]!.exists);
    ok(await peer.write({ op: 'delete', path }));
    const gone = await snapshotsUntil(client, id, (s) => !s.docs[0]!.exists);
    expect(gone.at(-1)!.docs[0]!.exists).toBe(false);
    await client.unlisten(id);
  });

  it('a query listener reports added, modified and removed changes', async () => {
    const { client, peer } = env();
    const col = uniqueCollection();
    ok(await peer.write({ op: 'set', path: `${col}/a`, data: { n: 1, on: true } }));
    const id = ok(await client.listen({ query: { collection: col, where: [{ field: 'on', op: '==', value: true }] } }));
    const initial = await snapshotsUntil(client, id, confirmed);
    expect(initial.at(-1)!.changes.map((c) => [c.type, c.path])).toEqual([['added', `${col}/a`]]);

    ok(await peer.write({ op: 'set', path: `${col}/b`, data: { n: 2, on: true } }));
    const added = await snapshotsUntil(client, id, (s) => s.docs.length === 2);
    expect(added.at(-1)!.changes).toEqual([{ type: 'added', path: `${col}/b`, oldIndex: -1, newIndex: 1 }]);

    ok(await peer.write({ op: 'update', path: `${col}/a`, data: { n: 10 } }));
    const modified = await snapshotsUntil(client, id, (s) => s.docs[0]!.data?.n === 10);
    expect(modified.at(-1)!.changes).toEqual([{ type: 'modified', path: `${col}/a`, oldIndex: 0, newIndex: 0 }]);

    ok(await peer.write({ op: 'update', path: `${col}/b`, data: { on: false } }));
    const removed = await snapshotsUntil(client, id, (s) => s.docs.length === 1);
    expect(removed.at(-1)!.changes).toEqual([{ type: 'removed', path: `${col}/b`, oldIndex: 1, newIndex: -1 }]);
    await client.unlisten(id);
  });

  it('a deleted document is removed from a query listener', async () => {
    const { client, peer } = env();
    const col = uniqueCollection();
    ok(await peer.batch([
      { op: 'set', path: `${col}/a`, data: { n: 1 } },
      { op: 'set', path: `${col}/b`, data: { n: 2 } },
    ]));
    const id = ok(await client.listen({ query: { collection: col } }));
    await snapshotsUntil(client, id, (s) => confirmed(s) && s.docs.length === 2);
    ok(await peer.write({ op: 'delete', path: `${col}/a` }));
    const after = await snapshotsUntil(client, id, (s) => s.docs.length === 1);
    expect(after.at(-1)!.changes.map((c) => c.type)).toEqual(['removed']);
    expect(values(after.at(-1)!)).toEqual([2]);
    await client.unlisten(id);
  });

  it('every committed change is seen exactly once and in commit order', async () => {
    const { client, peer } = env();
    const path = `${uniqueCollection()}/seq`;
    ok(await peer.write({ op: 'set', path, data: { n: 0 } }));
    const id = ok(await client.listen({ doc: path }));
    await snapshotsUntil(client, id, (s) => confirmed(s) && s.docs[0]!.exists);
    for (let n = 1; n <= 8; n++) ok(await peer.write({ op: 'set', path, data: { n } }));
    const seen = (await snapshotsUntil(client, id, (s) => s.docs[0]!.data?.n === 8)).map((s) => s.docs[0]!.data!.n as number);
    // Strictly increasing: no change twice, none out of order (an SDK may coalesce, never reorder).
    expect(seen.every((n, i) => i === 0 || n > seen[i - 1]!)).toBe(true);
    expect(seen.at(-1)).toBe(8);
    await client.unlisten(id);
  });

  it('documents added by a batch reach a query listener once each', async () => {
    const { client, peer } = env();
    const col = uniqueCollection();
    const id = ok(await client.listen({ query: { collection: col } }));
    await snapshotsUntil(client, id, confirmed);
    ok(await peer.batch(Array.from({ length: 5 }, (_, i) => ({ op: 'set' as const, path: `${col}/d${i}`, data: { n: i } }))));
    const seen = await snapshotsUntil(client, id, (s) => s.docs.length === 5);
    const added = seen.flatMap((s) => s.changes.filter((c) => c.type === 'added').map((c) => c.path));
    expect(added.sort()).toEqual([0, 1, 2, 3, 4].map((i) => `${col}/d${i}`));
    await client.unlisten(id);
  });

  it('a limit query listener keeps its window when documents enter and leave it', async () => {
    const { client, peer } = env();
    const col = uniqueCollection();
    ok(await peer.batch([1, 2, 3].map((n) => ({ op: 'set' as const, path: `${col}/d${n}`, data: { n } }))));
    const id = ok(await client.listen({ query: { collection: col, orderBy: [{ field: 'n' }], limit: 2 } }));
    const initial = await snapshotsUntil(client, id, (s) => confirmed(s) && s.docs.length === 2);
    expect(values(initial.at(-1)!)).toEqual([1, 2]);
    ok(await peer.write({ op: 'set', path: `${col}/d0`, data: { n: 0 } }));
    const shifted = await snapshotsUntil(client, id, (s) => values(s).join() === '0,1');
    expect(values(shifted.at(-1)!)).toEqual([0, 1]);
    ok(await peer.write({ op: 'delete', path: `${col}/d0` }));
    ok(await peer.write({ op: 'delete', path: `${col}/d1` }));
    const back = await snapshotsUntil(client, id, (s) => values(s).join() === '2,3');
    expect(values(back.at(-1)!)).toEqual([2, 3]);
    await client.unlisten(id);
  });

  caseFor(factory, ['limitToLastListen'], 'a limitToLast query listener', async () => {
    const { client, peer } = env();
    const col = uniqueCollection();
    ok(await peer.batch([1, 2, 3].map((n) => ({ op: 'set' as const, path: `${col}/d${n}`, data: { n } }))));
    const id = ok(await client.listen({ query: { collection: col, orderBy: [{ field: 'n' }], limitToLast: 2 } }));
    const initial = await snapshotsUntil(client, id, (s) => confirmed(s) && s.docs.length === 2);
    expect(values(initial.at(-1)!)).toEqual([2, 3]);
    ok(await peer.write({ op: 'set', path: `${col}/d4`, data: { n: 4 } }));
    const shifted = await snapshotsUntil(client, id, (s) => values(s).join() === '3,4');
    expect(values(shifted.at(-1)!)).toEqual([3, 4]);
    await client.unlisten(id);
  });

  it('a collection group listener sees new documents in any matching collection', async () => {
    const { client, peer } = env();
    const group = uniqueCollection('g');
    const root = uniqueCollection();
    const id = ok(await client.listen({ query: { collectionGroup: group } }));
    await snapshotsUntil(client, id, confirmed);
    ok(await peer.write({ op: 'set', path: `${root}/x/${group}/a`, data: { n: 1 } }));
    ok(await peer.write({ op: 'set', path: `${root}/y/z/w/${group}/b`, data: { n: 2 } }));
    const seen = await snapshotsUntil(client, id, (s) => s.docs.length === 2);
    expect(seen.at(-1)!.docs.map((d) => d.path).sort()).toEqual([`${root}/x/${group}/a`, `${root}/y/z/w/${group}/b`]);
    await client.unlisten(id);
  });

  it('two listeners on the same query both hear each change', async () => {
    const { client, peer } = env();
    const col = uniqueCollection();
    const first = ok(await client.listen({ query: { collection: col } }));
    const second = ok(await client.listen({ query: { collection: col, where: [{ field: 'n', op: '>=', value: 0 }] } }));
    await snapshotsUntil(client, first, confirmed);
    await snapshotsUntil(client, second, confirmed);
    ok(await peer.write({ op: 'set', path: `${col}/a`, data: { n: 1 } }));
    expect(values((await snapshotsUntil(client, first, (s) => s.docs.length === 1)).at(-1)!)).toEqual([1]);
    expect(values((await snapshotsUntil(client, second, (s) => s.docs.length === 1)).at(-1)!)).toEqual([1]);
    await client.unlisten(first);
    await client.unlisten(second);
  });

  it('the client hears its own writes, with server values resolved', async () => {
    const { client } = env();
    const path = `${uniqueCollection()}/own`;
    const id = ok(await client.listen({ doc: path }));
    await snapshotsUntil(client, id, confirmed);
    ok(await client.write({ op: 'set', path, data: { at: { $serverTimestamp: true }, n: { $increment: 2 } } }));
    const seen = await snapshotsUntil(client, id, (s) => confirmed(s) && s.docs[0]!.exists);
    const data = seen.at(-1)!.docs[0]!.data!;
    expect(data.n).toBe(2);
    expect(data.at).toEqual({ $timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    await client.unlisten(id);
  });

  it('after unlisten no more events arrive for that listener', async () => {
    const { client, peer } = env();
    const path = `${uniqueCollection()}/quiet`;
    const id = ok(await client.listen({ doc: path }));
    await snapshotsUntil(client, id, confirmed);
    await client.unlisten(id);
    ok(await peer.write({ op: 'set', path, data: { n: 1 } }));
    const event = await client.nextEvent(id, Math.min(EVENT_TIMEOUT_MS, 500));
    expect(event.kind).not.toBe('snapshot');
  });

  it('a listener on a query with an invalid filter gets an invalid-argument error', async () => {
    const { client } = env();
    const id = ok(await client.listen({ query: { collection: uniqueCollection(), where: [{ field: 'n', op: 'in', value: Array.from({ length: 31 }, (_, i) => i) }] } }));
    let event = await client.nextEvent(id, EVENT_TIMEOUT_MS);
    while (event.kind === 'snapshot') event = await client.nextEvent(id, EVENT_TIMEOUT_MS);
    expect(event).toMatchObject({ kind: 'error', error: { code: 'invalid-argument' } });
    await client.unlisten(id);
  });
});
