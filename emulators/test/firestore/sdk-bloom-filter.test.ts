/**
 * firebase-js-sdk's three bloom filter integration tests
 * (`packages/firestore/test/integration/api_internal/query.test.ts`), which the suite skips
 * against an emulator (`USE_EMULATOR ? it.skip : it`) and runs only against production, run here
 * as production runs them: the same documents, writes, 10-second wait and assertions, through
 * the same SDK (the web SDK in Node: gRPC) and its `_TestingHooks` existence filter hook, against
 * our emulator. The suite's own harness (mocha, its helpers, a build of the SDK repository) is
 * not installed here; the bodies are carried over line by line, chai's expectations as vitest's.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import * as firestore from 'firebase/firestore';
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDocs,
  initializeFirestore,
  memoryLocalCache,
  memoryLruGarbageCollector,
  query,
  terminate,
  where,
  writeBatch,
  type CollectionReference,
  type DocumentData,
  type DocumentReference,
  type Firestore,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';

const PROJECT = 'demo-bloom';
/** The suite's wait "during which Watch will stop tracking the query". */
const UNTRACKED_WAIT_MS = 10_000;

interface MismatchInfo {
  localCacheCount: number;
  existenceFilterCount: number;
  projectId: string;
  databaseId: string;
  bloomFilter?: { applied: boolean; hashCount: number; bitmapLength: number; padding: number; mightContain(value: string): boolean };
}
/** The SDK's internal testing hook (exported as `_TestingHooks`, left out of its typings). */
const TestingHooks = (firestore as unknown as { _TestingHooks: { onExistenceFilterMismatch(callback: (info: MismatchInfo) => void): () => void } })._TestingHooks;

let emulator: FirestoreEmulator;
const apps: FirebaseApp[] = [];
const dbs: Firestore[] = [];

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT });
});
afterAll(async () => {
  await Promise.all(dbs.map((db) => terminate(db)));
  await Promise.all(apps.map((app) => deleteApp(app)));
  await emulator?.close();
});

let instances = 0;
/** A Firestore instance of its own (the suite's withTestDb), with the LRU memory cache the tests ask for. */
function newDb(lru = true): Firestore {
  instances += 1;
  const app = initializeApp({ projectId: PROJECT, apiKey: 'fake-api-key' }, `bloom-${instances}`);
  const db = initializeFirestore(app, lru ? { localCache: memoryLocalCache({ garbageCollector: memoryLruGarbageCollector() }) } : {});
  connectFirestoreEmulator(db, emulator.host, emulator.port);
  apps.push(app);
  dbs.push(db);
  return db;
}

/** The suite's withTestCollection: a fresh collection holding `docs`, written by another instance. */
async function withTestCollection(docs: Record<string, DocumentData>, body: (coll: CollectionReference, db: Firestore) => Promise<void>): Promise<void> {
  const db = newDb();
  const coll = collection(db, `bloom-${instances}-${Math.random().toString(36).slice(2, 8)}`);
  const writer = newDb(false);
  const batch = writeBatch(writer);
  for (const [id, data] of Object.entries(docs)) batch.set(doc(writer, coll.path, id), data);
  await batch.commit();
  await body(coll, db);
}

class RetryError extends Error {}
/** The suite's withRetry: a second attempt only after a RetryError (a bloom filter false positive). */
async function withRetry(body: (attemptNumber: number) => Promise<void>): Promise<void> {
  try {
    await body(1);
  } catch (error) {
    if (!(error instanceof RetryError)) throw error;
    await body(2);
  }
}

async function captureExistenceFilterMismatches<T>(callback: () => Promise<T>): Promise<[MismatchInfo[], T]> {
  const results: MismatchInfo[] = [];
  const unregister = TestingHooks.onExistenceFilterMismatch((info) => results.push(info));
  try {
    return [results, await callback()];
  } finally {
    unregister();
  }
}

const mightContain = (info: MismatchInfo, ref: DocumentReference) =>
  info.bloomFilter?.mightContain(`projects/${info.projectId}/databases/${info.databaseId}/documents/${ref.path}`) ?? false;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('firebase-js-sdk api_internal/query.test.ts, bloom filter tests, against our emulator', () => {
  it('resuming a query should use bloom filter to avoid full requery', async () => {
    const testDocs: Record<string, DocumentData> = {};
    for (let i = 0; i < 100; i++) testDocs['doc' + (1000 + i)] = { key: 42 };

    await withRetry(async (attemptNumber) => {
      await withTestCollection(testDocs, async (coll) => {
        const snapshot1 = await getDocs(coll);
        expect(snapshot1.size, 'snapshot1.size').toBe(100);
        const createdDocuments = snapshot1.docs.map((snapshot) => snapshot.ref);

        const deletedDocumentIds = new Set<string>();
        const db2 = newDb(false);
        const batch = writeBatch(db2);
        for (let i = 0; i < createdDocuments.length; i += 2) {
          const documentToDelete = doc(db2, createdDocuments[i]!.path);
          batch.delete(documentToDelete);
          deletedDocumentIds.add(documentToDelete.id);
        }
        await batch.commit();

        await wait(UNTRACKED_WAIT_MS);

        const [existenceFilterMismatches, snapshot2] = await captureExistenceFilterMismatches(() => getDocs(coll));
        const actualDocumentIds = snapshot2.docs.map((documentSnapshot) => documentSnapshot.ref.id).sort();
        const expectedDocumentIds = createdDocuments.filter((ref) => !deletedDocumentIds.has(ref.id)).map((ref) => ref.id).sort();
        expect(actualDocumentIds, 'snapshot2.docs').toEqual(expectedDocumentIds);

        expect(existenceFilterMismatches, 'existenceFilterMismatches').toHaveLength(1);
        const { localCacheCount, existenceFilterCount, bloomFilter } = existenceFilterMismatches[0]!;
        expect(localCacheCount, 'localCacheCount').toBe(100);
        expect(existenceFilterCount, 'existenceFilterCount').toBe(50);
        if (!bloomFilter) throw new Error('The existence filter should have specified a bloom filter in its `unchanged_names` field.');
        expect(bloomFilter.hashCount, 'bloomFilter.hashCount').toBeGreaterThan(0);
        expect(bloomFilter.bitmapLength, 'bloomFilter.bitmapLength').toBeGreaterThan(0);
        expect(bloomFilter.padding, 'bloomFilterPadding').toBeGreaterThan(0);
        expect(bloomFilter.padding, 'bloomFilterPadding').toBeLessThan(8);
        if (attemptNumber === 1 && !bloomFilter.applied) throw new RetryError();
        expect(bloomFilter.applied, `bloomFilter.applied with attemptNumber=${attemptNumber}`).toBe(true);
      });
    });
  }, 90_000);

  it('bloom filter should avert a full re-query when documents were added, deleted, removed, updated, and unchanged since the resume token', async () => {
    const testDocs: Record<string, DocumentData> = {};
    for (let i = 0; i < 20; i++) testDocs['doc' + (1000 + i)] = { key: 42, removed: false };

    await withRetry(async (attemptNumber) => {
      await withTestCollection(testDocs, async (coll) => {
        const snapshot1 = await getDocs(query(coll, where('removed', '==', false)));
        expect(snapshot1.size, 'snapshot1.size').toBe(20);
        const createdDocuments = snapshot1.docs.map((snapshot) => snapshot.ref);

        const deletedDocumentIds = new Set<string>();
        const removedDocumentIds = new Set<string>();
        const updatedDocumentIds = new Set<string>();
        const addedDocumentIds: string[] = [];
        const db2 = newDb(false);
        const batch = writeBatch(db2);
        for (let i = 0; i < createdDocuments.length; i += 4) {
          const documentToDelete = doc(db2, createdDocuments[i]!.path);
          batch.delete(documentToDelete);
          deletedDocumentIds.add(documentToDelete.id);
        }
        expect(deletedDocumentIds.size).toBe(5);
        for (let i = 1; i < createdDocuments.length; i += 4) {
          const documentToModify = doc(db2, createdDocuments[i]!.path);
          batch.update(documentToModify, { removed: true });
          removedDocumentIds.add(documentToModify.id);
        }
        expect(removedDocumentIds.size).toBe(5);
        for (let i = 2; i < createdDocuments.length; i += 4) {
          const documentToModify = doc(db2, createdDocuments[i]!.path);
          batch.update(documentToModify, { key: 43 });
          updatedDocumentIds.add(documentToModify.id);
        }
        expect(updatedDocumentIds.size).toBe(5);
        for (let i = 0; i < 15; i += 1) {
          const documentToAdd = doc(db2, coll.path + '/newDoc' + (1000 + i));
          batch.set(documentToAdd, { key: 42, removed: false });
          addedDocumentIds.push(documentToAdd.id);
        }
        const mergedSet = new Set<string>([...deletedDocumentIds, ...removedDocumentIds, ...updatedDocumentIds, ...addedDocumentIds]);
        expect(mergedSet.size).toBe(30);
        await batch.commit();

        await wait(UNTRACKED_WAIT_MS);

        const [existenceFilterMismatches, snapshot2] = await captureExistenceFilterMismatches(() => getDocs(query(coll, where('removed', '==', false))));
        const actualDocumentIds = snapshot2.docs.map((documentSnapshot) => documentSnapshot.ref.id).sort();
        const expectedDocumentIds = createdDocuments
          .map((ref) => ref.id)
          .filter((id) => !deletedDocumentIds.has(id))
          .filter((id) => !removedDocumentIds.has(id))
          .concat(addedDocumentIds)
          .sort();
        expect(actualDocumentIds, 'snapshot2.docs').toEqual(expectedDocumentIds);
        expect(actualDocumentIds.length).toBe(25);

        expect(existenceFilterMismatches, 'existenceFilterMismatches').toHaveLength(1);
        const { localCacheCount, existenceFilterCount, bloomFilter } = existenceFilterMismatches[0]!;
        expect(localCacheCount, 'localCacheCount').toBe(35);
        expect(existenceFilterCount, 'existenceFilterCount').toBe(25);
        if (!bloomFilter) throw new Error('The existence filter should have specified a bloom filter in its `unchanged_names` field.');
        if (attemptNumber === 1 && !bloomFilter.applied) throw new RetryError();
        expect(bloomFilter.applied, `bloomFilter.applied with attemptNumber=${attemptNumber}`).toBe(true);
      });
    });
  }, 90_000);

  it('bloom filter should correctly encode complex Unicode characters', async () => {
    const testDocIds = [
      'DocumentToDelete',
      'LowercaseEWithAcuteAccent_\u00E9',
      'LowercaseEWithAcuteAccent_\u0065\u0301',
      'LowercaseEWithMultipleAccents_\u0065\u0301\u0327',
      'LowercaseEWithMultipleAccents_\u0065\u0327\u0301',
      'Smiley_\u{1F600}',
    ];
    expect(testDocIds[1]!.normalize()).toBe(testDocIds[2]!.normalize());
    expect(testDocIds[3]!.normalize()).toBe(testDocIds[4]!.normalize());
    expect(testDocIds[5]).toBe('Smiley_\uD83D\uDE00');
    const testDocs = Object.fromEntries(testDocIds.map((id) => [id, { foo: 42 }]));

    await withTestCollection(testDocs, async (coll) => {
      const snapshot1 = await getDocs(coll);
      expect(snapshot1.docs.map((documentSnapshot) => documentSnapshot.id).sort(), 'snapshot1DocumentIds').toEqual([...testDocIds].sort());

      const documentToDelete = doc(coll, 'DocumentToDelete');
      const db2 = newDb(false);
      await deleteDoc(doc(db2, documentToDelete.path));

      await wait(UNTRACKED_WAIT_MS);

      const [existenceFilterMismatches, snapshot2] = await captureExistenceFilterMismatches(() => getDocs(coll));
      const snapshot2DocumentIds = snapshot2.docs.map((documentSnapshot) => documentSnapshot.id);
      expect(snapshot2DocumentIds.sort(), 'snapshot2DocumentIds').toEqual(testDocIds.filter((id) => id !== documentToDelete.id).sort());

      expect(existenceFilterMismatches, 'existenceFilterMismatches').toHaveLength(1);
      const existenceFilterMismatch = existenceFilterMismatches[0]!;
      expect(existenceFilterMismatch.localCacheCount, 'localCacheCount').toBe(testDocIds.length);
      expect(existenceFilterMismatch.existenceFilterCount, 'existenceFilterCount').toBe(testDocIds.length - 1);
      const bloomFilter = existenceFilterMismatch.bloomFilter!;
      expect(bloomFilter?.mightContain, 'bloomFilter.mightContain').toBeDefined();
      const isFalsePositive = mightContain(existenceFilterMismatch, documentToDelete);
      expect(bloomFilter.applied, 'bloomFilter.applied').toBe(!isFalsePositive);
      for (const testDoc of snapshot2.docs.map((snapshot) => snapshot.ref)) {
        expect(mightContain(existenceFilterMismatch, testDoc), `bloomFilter.mightContain('${testDoc.path}')`).toBe(true);
      }
    });
  }, 90_000);
});
