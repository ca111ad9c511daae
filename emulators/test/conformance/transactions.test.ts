/** Conformance: transactions (read-write with optimistic concurrency, read-only, read time, rollback). */
import { describe, expect, it } from 'vitest';
import { CLIENTS } from './clients.js';
import { caseFor, failure, ok, uniqueCollection, useClients, useEmulator } from './harness.js';

const emulator = useEmulator();

describe.each(CLIENTS)('transactions via $name', (factory) => {
  const env = useClients(factory, emulator);

  it('reads then writes what it computed from the read', async () => {
    const path = `${uniqueCollection()}/counter`;
    ok(await env().client.write({ op: 'set', path, data: { n: 10 } }));
    const result = ok(await env().client.transaction({ reads: [path], writes: [{ op: 'update', path, data: { n: { $fromRead: { path, field: 'n', add: 1 } } } }] }));
    expect(result.attempts).toBe(1);
    expect(result.reads[0]).toMatchObject({ exists: true, data: { n: 10 } });
    expect(ok(await env().client.get(path)).data).toEqual({ n: 11 });
  });

  it('reads a missing document and creates it', async () => {
    const path = `${uniqueCollection()}/fresh`;
    const result = ok(await env().client.transaction({ reads: [path], writes: [{ op: 'set', path, data: { created: true } }] }));
    expect(result.reads[0]!.exists).toBe(false);
    expect(ok(await env().client.get(path)).data).toEqual({ created: true });
  });

  it('contention: a write to a read document between read and commit makes the SDK retry', async () => {
    const path = `${uniqueCollection()}/hot`;
    ok(await env().client.write({ op: 'set', path, data: { n: 1 } }));
    const result = ok(
      await env().client.transaction({
        reads: [path],
        interleave: [{ op: 'set', path, data: { n: 100 } }],
        writes: [{ op: 'update', path, data: { n: { $fromRead: { path, field: 'n', add: 1 } } } }],
      }),
    );
    expect(result.attempts).toBe(2);
    expect(result.reads[0]!.data).toEqual({ n: 100 });
    expect(ok(await env().client.get(path)).data).toEqual({ n: 101 });
  });

  it('contention on a document that did not exist when read', async () => {
    const path = `${uniqueCollection()}/late`;
    const result = ok(
      await env().client.transaction({
        reads: [path],
        interleave: [{ op: 'set', path, data: { n: 5 } }],
        writes: [{ op: 'set', path, data: { n: { $fromRead: { path, field: 'n', add: 1 } } } }],
      }),
    );
    expect(result.attempts).toBe(2);
    expect(ok(await env().client.get(path)).data).toEqual({ n: 6 });
  });

  it('contention with one attempt allowed fails, and the transaction writes nothing', async () => {
    const col = uniqueCollection();
    const path = `${col}/hot`;
    ok(await env().client.write({ op: 'set', path, data: { n: 1 } }));
    const outcome = await env().client.transaction({
      reads: [path],
      interleave: [{ op: 'set', path, data: { n: 50 } }],
      writes: [{ op: 'set', path: `${col}/side`, data: { touched: true } }],
      maxAttempts: 1,
    });
    expect(['aborted', 'failed-precondition'], JSON.stringify(outcome)).toContain(failure(outcome).code);
    expect(ok(await env().client.get(`${col}/side`)).exists).toBe(false);
  });

  it('a write to an unrelated document does not abort the transaction', async () => {
    const col = uniqueCollection();
    ok(await env().client.write({ op: 'set', path: `${col}/mine`, data: { n: 1 } }));
    const result = ok(
      await env().client.transaction({
        reads: [`${col}/mine`],
        interleave: [{ op: 'set', path: `${col}/other`, data: { n: 9 } }],
        writes: [{ op: 'update', path: `${col}/mine`, data: { n: 2 } }],
      }),
    );
    expect(result.attempts).toBe(1);
  });

  it('a write between read and commit that changes nothing does not make the SDK retry', async () => {
    const path = `${uniqueCollection()}/steady`;
    ok(await env().client.write({ op: 'set', path, data: { n: 1 } }));
    const result = ok(
      await env().client.transaction({
        reads: [path],
        interleave: [{ op: 'set', path, data: { n: 1 } }],
        writes: [{ op: 'update', path, data: { n: { $fromRead: { path, field: 'n', add: 1 } } } }],
      }),
    );
    expect(result.attempts).toBe(1);
    expect(ok(await env().client.get(path)).data).toEqual({ n: 2 });
  });

  it('deleting then updating one document in a transaction fails invalid-argument and writes nothing', async () => {
    const path = `${uniqueCollection()}/gone`;
    ok(await env().client.write({ op: 'set', path, data: { n: 1 } }));
    const outcome = await env().client.transaction({ reads: [], writes: [{ op: 'delete', path }, { op: 'update', path, data: { n: 2 } }] });
    expect(failure(outcome).code).toBe('invalid-argument');
    expect(ok(await env().client.get(path)).data).toEqual({ n: 1 });
  });

  it('rollback: a script that fails after its reads writes nothing', async () => {
    const path = `${uniqueCollection()}/keep`;
    ok(await env().client.write({ op: 'set', path, data: { n: 1 } }));
    const outcome = await env().client.transaction({ reads: [path], writes: [{ op: 'set', path, data: { n: 2 } }], failAfterReads: true });
    expect(failure(outcome)).toEqual({ code: 'cancelled', message: 'failAfterReads' });
    expect(ok(await env().client.get(path)).data).toEqual({ n: 1 });
    ok(await env().client.write({ op: 'set', path, data: { n: 3 } }));
  });

  it('several documents read and written atomically', async () => {
    const col = uniqueCollection();
    ok(await env().client.batch([
      { op: 'set', path: `${col}/from`, data: { balance: 100 } },
      { op: 'set', path: `${col}/to`, data: { balance: 0 } },
    ]));
    const result = ok(
      await env().client.transaction({
        reads: [`${col}/from`, `${col}/to`],
        writes: [
          { op: 'update', path: `${col}/from`, data: { balance: { $fromRead: { path: `${col}/from`, field: 'balance', add: -30 } } } },
          { op: 'update', path: `${col}/to`, data: { balance: { $fromRead: { path: `${col}/to`, field: 'balance', add: 30 } } } },
        ],
      }),
    );
    expect(result.reads.map((r) => r.data)).toEqual([{ balance: 100 }, { balance: 0 }]);
    expect(ok(await env().client.getAll([`${col}/from`, `${col}/to`])).map((d) => d.data)).toEqual([{ balance: 70 }, { balance: 30 }]);
  });

  it('a failing write inside a transaction fails it without partial writes', async () => {
    const col = uniqueCollection();
    const outcome = await env().client.transaction({
      reads: [],
      writes: [
        { op: 'set', path: `${col}/a`, data: { v: 1 } },
        { op: 'update', path: `${col}/missing`, data: { v: 1 } },
      ],
    });
    expect(failure(outcome).code).toBe('not-found');
    expect(ok(await env().client.get(`${col}/a`)).exists).toBe(false);
  });

  caseFor(factory, ['transactionQuery'], 'a query inside a transaction, aborted by a new matching document', async () => {
    const col = uniqueCollection();
    ok(await env().client.write({ op: 'set', path: `${col}/a`, data: { open: true } }));
    const result = ok(
      await env().client.transaction({
        reads: [],
        queries: [{ collection: col, where: [{ field: 'open', op: '==', value: true }] }],
        interleave: [{ op: 'set', path: `${col}/b`, data: { open: true } }],
        writes: [{ op: 'set', path: `${col}/summary`, data: { seen: true } }],
      }),
    );
    expect(result.attempts).toBe(2);
    expect(result.queryResults[0]!.map((d) => d.path)).toEqual([`${col}/a`, `${col}/b`]);
  });

  caseFor(factory, ['readOnlyTransaction'], 'a read-only transaction reads consistent data', async () => {
    const col = uniqueCollection();
    ok(await env().client.batch([
      { op: 'set', path: `${col}/a`, data: { v: 1 } },
      { op: 'set', path: `${col}/b`, data: { v: 2 } },
    ]));
    const result = ok(await env().client.transaction({ reads: [`${col}/a`, `${col}/b`], writes: [], readOnly: true }));
    expect(result.reads.map((r) => r.data)).toEqual([{ v: 1 }, { v: 2 }]);
    expect(result.attempts).toBe(1);
  });

  caseFor(factory, ['readTime', 'writeTime'], 'a read at a past read time sees the document as it was then', async () => {
    const path = `${uniqueCollection()}/history`;
    const first = ok(await env().client.write({ op: 'set', path, data: { v: 'old' } }));
    ok(await env().client.write({ op: 'set', path, data: { v: 'new' } }));
    const result = ok(await env().client.transaction({ reads: [path], writes: [], readTime: first.writeTime! }));
    expect(result.reads[0]!.data).toEqual({ v: 'old' });
  });

  caseFor(factory, ['readTime', 'writeTime'], 'a read before a document existed sees it missing', async () => {
    const col = uniqueCollection();
    const before = ok(await env().client.write({ op: 'set', path: `${col}/marker`, data: {} }));
    ok(await env().client.write({ op: 'set', path: `${col}/later`, data: { v: 1 } }));
    const result = ok(await env().client.transaction({ reads: [`${col}/later`], writes: [], readTime: before.writeTime! }));
    expect(result.reads[0]!.exists).toBe(false);
  });
});
