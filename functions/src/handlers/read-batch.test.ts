import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MemoryDocs } from '../testing/memory-docs.js';
import { DocumentSchemaError } from '../platform/docs.js';
import { ReadBatch } from './read-batch.js';

const schema = z.object({ planId: z.string() });

function countingDocs() {
  const docs = new MemoryDocs();
  const calls = { get: 0, getAll: [] as number[] };
  const get = docs.get.bind(docs);
  const getAll = docs.getAll.bind(docs);
  docs.get = ((path, s) => {
    calls.get += 1;
    return get(path, s);
  }) as typeof docs.get;
  docs.getAll = ((reads) => {
    calls.getAll.push(reads.length);
    return getAll(reads);
  }) as typeof docs.getAll;
  return { docs, calls };
}

describe('ReadBatch', () => {
  it('answers reads asked for in one turn with one getAll, each with its own document', async () => {
    const { docs, calls } = countingDocs();
    docs.seed('owners/a', { planId: 'pa' });
    docs.seed('owners/c', { planId: 'pc' });
    const batch = new ReadBatch(docs);
    const results = await Promise.all(['owners/a', 'owners/b', 'owners/c'].map((path) => batch.get(path, schema)));
    expect(results).toEqual([{ planId: 'pa' }, undefined, { planId: 'pc' }]);
    expect(calls).toEqual({ get: 0, getAll: [3] });
  });

  it('reads a document written after the read was asked for but before the batch went out', async () => {
    const { docs } = countingDocs();
    const batch = new ReadBatch(docs);
    const read = batch.get('owners/late', schema);
    docs.seed('owners/late', { planId: 'pl' });
    expect(await read).toEqual({ planId: 'pl' });
  });

  it('fails only the read whose document breaks its schema', async () => {
    const { docs, calls } = countingDocs();
    docs.seed('owners/good', { planId: 'pg' });
    docs.seed('owners/bad', { planId: 42 });
    const batch = new ReadBatch(docs);
    const [good, bad] = await Promise.allSettled([batch.get('owners/good', schema), batch.get('owners/bad', schema)]);
    expect(good).toEqual({ status: 'fulfilled', value: { planId: 'pg' } });
    expect(bad.status === 'rejected' && bad.reason).toBeInstanceOf(DocumentSchemaError);
    expect(calls).toEqual({ get: 2, getAll: [2] });
  });
});
