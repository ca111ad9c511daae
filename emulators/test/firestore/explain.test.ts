/**
 * Query explain through firebase-admin over gRPC and REST, and raw REST: without analyze a
 * plan naming the indexes and no results; with analyze the results plus execution stats;
 * the same for aggregations and vector search.
 */
import { AggregateField, FieldValue, Firestore, type Query } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_AUTH } from '../conformance/clients/admin-rest.js';
import { PROJECT, ROOT, rest, unique, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();

describe.each([
  { transport: 'gRPC', preferRest: false },
  { transport: 'REST', preferRest: true },
])('explain through firebase-admin over $transport', ({ preferRest }) => {
  let db: Firestore;
  let col: string;
  beforeAll(async () => {
    db = new Firestore({ projectId: PROJECT, host: `127.0.0.1:${emulator().port}`, ssl: false, preferRest, ...(preferRest ? { auth: EMULATOR_AUTH } : {}) });
    col = unique('sets');
    await Promise.all([
      db.doc(`${col}/a`).set({ genre: 'rock', startsAt: 3, embedding: FieldValue.vector([1, 0]) }),
      db.doc(`${col}/b`).set({ genre: 'rock', startsAt: 1, embedding: FieldValue.vector([0, 1]) }),
      db.doc(`${col}/c`).set({ genre: 'jazz', startsAt: 2, embedding: FieldValue.vector([1, 1]) }),
    ]);
  });
  afterAll(async () => {
    await db.terminate();
  });

  it('without analyze plans the query, names the index and returns no results', async () => {
    const { metrics, snapshot } = await db.collection(col).where('genre', '==', 'rock').explain();
    expect(snapshot).toBeNull();
    expect(metrics.executionStats).toBeNull();
    expect(metrics.planSummary.indexesUsed).toEqual([{ query_scope: 'Collection', properties: '(genre ASC, __name__ ASC)' }]);
  });

  it('names the composite index an equality with an order on another field reads', async () => {
    const { metrics } = await db.collection(col).where('genre', '==', 'rock').orderBy('startsAt', 'desc').explain({ analyze: false });
    expect(metrics.planSummary.indexesUsed).toEqual([{ query_scope: 'Collection', properties: '(genre ASC, startsAt DESC, __name__ DESC)' }]);
  });

  it('with analyze returns the results and the execution stats', async () => {
    const { metrics, snapshot } = await db.collection(col).where('genre', '==', 'rock').orderBy('startsAt').explain({ analyze: true });
    expect(snapshot!.docs.map((doc) => doc.id)).toEqual(['b', 'a']);
    const stats = metrics.executionStats!;
    expect(stats.resultsReturned).toBe(2);
    expect(stats.readOperations).toBe(2);
    expect(stats.executionDuration.seconds).toBeGreaterThanOrEqual(0);
    expect(stats.executionDuration.nanoseconds).toBeGreaterThanOrEqual(0);
    expect(stats.debugStats).toMatchObject({ documents_scanned: '2', index_entries_scanned: '2', billing_details: { documents_billable: '2' } });
    expect(metrics.planSummary.indexesUsed).toEqual([{ query_scope: 'Collection', properties: '(genre ASC, startsAt ASC, __name__ ASC)' }]);
  });

  it('explains an aggregation: the plan alone, then the result with its stats', async () => {
    const query = db.collection(col).where('genre', '==', 'rock').aggregate({ n: AggregateField.count(), total: AggregateField.sum('startsAt') });
    const planned = await query.explain();
    expect(planned.snapshot).toBeNull();
    expect(planned.metrics.executionStats).toBeNull();
    expect(planned.metrics.planSummary.indexesUsed).toEqual([{ query_scope: 'Collection', properties: '(genre ASC, __name__ ASC)' }]);
    const analyzed = await query.explain({ analyze: true });
    expect(analyzed.snapshot!.data()).toEqual({ n: 2, total: 4 });
    expect(analyzed.metrics.executionStats).toMatchObject({ resultsReturned: 1, readOperations: 1, debugStats: { index_entries_scanned: '2', documents_scanned: '0' } });
  });

  it('explains a vector search with the vector index it needs', async () => {
    // firebase-admin runs VectorQuery.explain(); its typings for VectorQuery do not declare it yet.
    const query = db.collection(col).findNearest({ vectorField: 'embedding', queryVector: [1, 0], limit: 2, distanceMeasure: 'EUCLIDEAN' }) as unknown as Pick<Query, 'explain'>;
    const planned = await query.explain();
    expect(planned.snapshot).toBeNull();
    expect(planned.metrics.planSummary.indexesUsed).toEqual([{ query_scope: 'Collection', properties: '(embedding VECTOR<2>)' }]);
    const analyzed = await query.explain({ analyze: true });
    expect(analyzed.snapshot!.docs.map((doc: { id: string }) => doc.id)).toEqual(['a', 'c']);
    expect(analyzed.metrics.executionStats!.resultsReturned).toBe(2);
  });
});

describe('explain over raw REST', () => {
  it('answers one message with the plan and nothing else when analyze is false', async () => {
    const col = unique('raw');
    const response = await rest(emulator(), 'POST', `/v1/${ROOT}:runQuery`, {
      structuredQuery: { from: [{ collectionId: col }], where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'GREATER_THAN', value: { integerValue: '1' } } } },
      explainOptions: {},
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual([{ explainMetrics: { planSummary: { indexesUsed: [{ query_scope: 'Collection', properties: '(n ASC, __name__ ASC)' }] } } }]);
  });

  it('puts the metrics on the last message after the documents when analyzing', async () => {
    const col = unique('raw');
    for (const id of ['x', 'y']) await rest(emulator(), 'PATCH', `/v1/${ROOT}/${col}/${id}`, { fields: { n: { integerValue: '5' } } });
    const response = await rest(emulator(), 'POST', `/v1/${ROOT}:runQuery`, { structuredQuery: { from: [{ collectionId: col }] }, explainOptions: { analyze: true } });
    const messages = response.body as Array<Record<string, unknown>>;
    expect(messages.map((message) => Boolean(message.document))).toEqual([true, true]);
    expect(messages[0]!.explainMetrics).toBeUndefined();
    expect(messages[1]!.explainMetrics).toMatchObject({
      planSummary: { indexesUsed: [{ query_scope: 'Collection', properties: '(__name__ ASC)' }] },
      executionStats: { resultsReturned: '2', readOperations: '2', executionDuration: expect.stringMatching(/^\d+(\.\d{1,9})?s$/) },
    });
  });

  it('refuses an analyze flag that is not a boolean', async () => {
    const response = await rest(emulator(), 'POST', `/v1/${ROOT}:runQuery`, { structuredQuery: { from: [{ collectionId: 'c' }] }, explainOptions: { analyze: 'yes' } });
    expect(response.status).toBe(400);
  });
});
