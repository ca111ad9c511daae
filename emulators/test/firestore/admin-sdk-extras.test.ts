/**
 * firebase-admin APIs outside the conformance interface, over gRPC and REST: recursiveDelete
 * (kindless all-descendants queries with numeric-id cursors), listDocuments (showMissing),
 * listCollections, BulkWriter (BatchWrite), partition queries.
 */
import { Firestore } from '@google-cloud/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_AUTH } from '../conformance/clients/admin-rest.js';
import { PROJECT, unique, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();

describe.each([
  { transport: 'gRPC', preferRest: false },
  { transport: 'REST', preferRest: true },
])('firebase-admin extras over $transport', ({ preferRest }) => {
  let db: Firestore;
  beforeAll(() => {
    db = new Firestore({ projectId: PROJECT, host: `127.0.0.1:${emulator().port}`, ssl: false, preferRest, ...(preferRest ? { auth: EMULATOR_AUTH } : {}) });
  });
  afterAll(async () => {
    await db.terminate();
  });

  it('recursiveDelete removes a collection with every nested document, whatever the ids', async () => {
    const col = unique();
    const other = unique();
    // Ids starting with capitals and digits sort below the SDK's `__id-<min>__` start cursor as strings:
    // only the numeric-id rule (numeric ids before all others) keeps them inside the range.
    const paths = [`${col}/A1`, `${col}/b`, `${col}/b/sub/x`, `${col}/zz`, `${col}/9/deep/d/deeper/e`];
    for (const path of paths) await db.doc(path).set({ v: 1 });
    await db.doc(`${other}/keep`).set({ v: 1 });
    await db.recursiveDelete(db.collection(col));
    for (const path of paths) expect((await db.doc(path).get()).exists, path).toBe(false);
    expect((await db.doc(`${other}/keep`).get()).exists).toBe(true);
  });

  it('recursiveDelete of a document removes its subcollections too', async () => {
    const col = unique();
    await db.doc(`${col}/parent`).set({ v: 1 });
    await db.doc(`${col}/parent/kids/k1`).set({ v: 1 });
    await db.doc(`${col}/sibling`).set({ v: 1 });
    await db.recursiveDelete(db.doc(`${col}/parent`));
    expect((await db.collection(col).get()).docs.map((d) => d.id)).toEqual(['sibling']);
    expect((await db.doc(`${col}/parent/kids/k1`).get()).exists).toBe(false);
  });

  it('listDocuments includes documents that only have subcollections', async () => {
    const col = unique();
    await db.doc(`${col}/real`).set({ v: 1 });
    await db.doc(`${col}/phantom/sub/x`).set({ v: 1 });
    expect((await db.collection(col).listDocuments()).map((r) => r.id).sort()).toEqual(['phantom', 'real']);
  });

  it('listCollections under a document', async () => {
    const col = unique();
    await db.doc(`${col}/d/one/x`).set({});
    await db.doc(`${col}/d/two/y/three/z`).set({});
    expect((await db.doc(`${col}/d`).listCollections()).map((c) => c.id).sort()).toEqual(['one', 'two']);
  });

  it('BulkWriter writes every document and reports a failing one alone', async () => {
    const col = unique();
    const writer = db.bulkWriter();
    const failures: string[] = [];
    writer.onWriteError((error) => {
      failures.push(String(error.code));
      return false;
    });
    for (let i = 0; i < 20; i++) void writer.set(db.doc(`${col}/d${i}`), { i });
    void writer.update(db.doc(`${col}/missing`), { i: 1 }).catch(() => undefined);
    await writer.close();
    expect((await db.collection(col).count().get()).data().count).toBe(20);
    expect(failures).toEqual(['5']);
  });

  it('partition queries answer (one partition)', async () => {
    const partitions = [];
    for await (const partition of db.collectionGroup(unique()).getPartitions(4)) partitions.push(partition);
    expect(partitions).toHaveLength(1);
  });
});
