/**
 * Index awareness through firebase-admin over gRPC and REST and the web SDK (Listen): with a firestore.indexes.json and
 * strict mode, a query production would refuse for a missing index is refused with production's
 * FAILED_PRECONDITION and console link plus the entry to add; queries the file or the automatic
 * single-field indexes serve run; without strict mode the query runs and the index is logged once.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Firestore } from '@google-cloud/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { collection, connectFirestoreEmulator, doc, getDocs, getFirestore, onSnapshot, orderBy, query, setDoc, where } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import { EMULATOR_AUTH } from '../conformance/clients/admin-rest.js';
import { PROJECT, ROOT, rest, unique } from './helpers.js';

const INDEXES = {
  indexes: [
    { collectionGroup: 'sets', queryScope: 'COLLECTION', fields: [{ fieldPath: 'stage', order: 'ASCENDING' }, { fieldPath: 'startsAt', order: 'ASCENDING' }] },
  ],
  fieldOverrides: [
    { collectionGroup: 'likes', fieldPath: 'festivalId', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION' }, { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }] },
  ],
};

let emulator: FirestoreEmulator;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'indexes-'));
  await writeFile(join(dir, 'firestore.indexes.json'), JSON.stringify(INDEXES));
  emulator = await startFirestoreEmulator({ port: 0, projectId: PROJECT, indexesPath: join(dir, 'firestore.indexes.json'), strictIndexes: true });
});
afterAll(async () => {
  await emulator.close();
  await rm(dir, { recursive: true, force: true });
});

describe.each([
  { transport: 'gRPC', preferRest: false },
  { transport: 'REST', preferRest: true },
])('strict index mode through firebase-admin over $transport', ({ preferRest }) => {
  let db: Firestore;
  let col: string;
  beforeAll(async () => {
    db = new Firestore({ projectId: PROJECT, host: `127.0.0.1:${emulator.port}`, ssl: false, preferRest, ...(preferRest ? { auth: EMULATOR_AUTH } : {}) });
    col = `${unique('festival')}/f/sets`;
    await db.doc(`${col}/a`).set({ stage: 'main', day: 1, startsAt: 10, genre: 'rock' });
    await db.doc(`${col}/b`).set({ stage: 'main', day: 1, startsAt: 5, genre: 'jazz' });
  });
  afterAll(async () => {
    await db.terminate();
  });

  it('refuses a composite query the file does not declare, with production\'s message and the entry to add', async () => {
    const error = await db.collection(col).where('genre', '==', 'rock').orderBy('startsAt', 'desc').get().then(
      () => undefined,
      (failure: { code?: number; message: string }) => failure,
    );
    // FAILED_PRECONDITION; REST clients derive the code from the HTTP status (400), as with production.
    expect(error?.code).toBe(preferRest ? 3 : 9);
    expect(error?.message).toMatch(
      new RegExp(`The query requires an index\\. You can create it here: https://console\\.firebase\\.google\\.com/v1/r/project/${PROJECT}/firestore/indexes\\?create_composite=[A-Za-z0-9_-]+`),
    );
    const entry = JSON.parse(error!.message.slice(error!.message.indexOf('{'))) as unknown;
    expect(entry).toEqual({
      collectionGroup: 'sets',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'genre', order: 'ASCENDING' },
        { fieldPath: 'startsAt', order: 'DESCENDING' },
      ],
    });
  });

  it('runs the composite query the file declares', async () => {
    const snapshot = await db.collection(col).where('stage', '==', 'main').orderBy('startsAt').get();
    expect(snapshot.docs.map((doc) => doc.id)).toEqual(['b', 'a']);
  });

  it('runs equality-only queries on several fields, served by merging single-field indexes', async () => {
    const snapshot = await db.collection(col).where('stage', '==', 'main').where('day', '==', 1).where('genre', '==', 'jazz').get();
    expect(snapshot.docs.map((doc) => doc.id)).toEqual(['b']);
  });

  it('runs a collection-group query the field override serves', async () => {
    const festivalId = unique('f');
    await db.doc(`${unique('user')}/u/likes/l1`).set({ festivalId });
    const snapshot = await db.collectionGroup('likes').where('festivalId', '==', festivalId).get();
    expect(snapshot.size).toBe(1);
  });
});

// The other refusals over REST only: firebase-admin's gRPC client retries a stream that fails
// before any response twice with back-off (~6 s each), as it does against production.
describe('strict index mode through firebase-admin over REST', () => {
  let db: Firestore;
  let col: string;
  beforeAll(async () => {
    db = new Firestore({ projectId: PROJECT, host: `127.0.0.1:${emulator.port}`, ssl: false, preferRest: true, auth: EMULATOR_AUTH });
    col = `${unique('festival')}/f/sets`;
    await db.doc(`${col}/a`).set({ stage: 'main', startsAt: 10, genre: 'rock' });
  });
  afterAll(async () => {
    await db.terminate();
  });

  it('refuses an aggregation over an undeclared composite query too', async () => {
    await expect(db.collection(col).where('genre', '==', 'rock').where('startsAt', '>', 1).count().get()).rejects.toThrow(/The query requires an index/);
  });

  it('refuses a collection-group query on a field without a collection-group index, asking for a field override', async () => {
    const error = await db.collectionGroup('sets').where('stage', '==', 'main').get().then(
      () => undefined,
      (failure: { message: string }) => failure,
    );
    expect(error?.message).toContain('The query requires an index. You can create it here:');
    expect(error?.message).toContain('create_exemption=');
    expect(error?.message).toContain('"fieldOverrides"');
  });

});

describe('strict index mode over raw REST', () => {
  it('answers HTTP 400 with status FAILED_PRECONDITION', async () => {
    const response = await rest(emulator, 'POST', `/v1/${ROOT}:runQuery`, {
      structuredQuery: {
        from: [{ collectionId: 'anything' }],
        where: { fieldFilter: { field: { fieldPath: 'a' }, op: 'EQUAL', value: { integerValue: '1' } } },
        orderBy: [{ field: { fieldPath: 'b' }, direction: 'ASCENDING' }],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: { code: 400, status: 'FAILED_PRECONDITION', message: expect.stringMatching(/^The query requires an index\. You can create it here: /) } });
  });
});

describe('permissive index mode', () => {
  it('runs the query and logs the missing index once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    emulator.setStrictIndexes(false);
    const db = new Firestore({ projectId: PROJECT, host: `127.0.0.1:${emulator.port}`, ssl: false });
    try {
      const col = unique('lenient');
      await db.doc(`${col}/a`).set({ genre: 'rock', startsAt: 1 });
      for (let i = 0; i < 2; i++) {
        const snapshot = await db.collection(col).where('genre', '==', 'rock').orderBy('startsAt', 'desc').get();
        expect(snapshot.size).toBe(1);
      }
      const lines = warn.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('needs an index'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(`"collectionGroup":"${col}"`);
    } finally {
      emulator.setStrictIndexes(true);
      warn.mockRestore();
      await db.terminate();
    }
  });
});

describe('strict index mode through the web SDK', () => {
  it('fails a listener on an undeclared composite query with failed-precondition, and serves a declared one', async () => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'fake' }, unique('web'));
    const db = getFirestore(app);
    connectFirestoreEmulator(db, '127.0.0.1', emulator.port);
    try {
      const col = `${unique('festival')}/f/sets`;
      await setDoc(doc(db, `${col}/a`), { stage: 'main', genre: 'rock', startsAt: 1 });
      const failure = await new Promise<{ code: string; message: string }>((resolve, reject) => {
        const stop = onSnapshot(
          query(collection(db, col), where('genre', '==', 'rock'), orderBy('startsAt', 'desc')),
          // The SDK may first show what its cache holds (the write above); the server never answers.
          (snapshot) => {
            if (!snapshot.metadata.fromCache) reject(new Error('the listener got a snapshot from the server'));
          },
          (error) => {
            stop();
            resolve(error);
          },
        );
      });
      expect(failure.code).toBe('failed-precondition');
      expect(failure.message).toContain('The query requires an index. You can create it here:');
      const served = await getDocs(query(collection(db, col), where('stage', '==', 'main'), orderBy('startsAt')));
      expect(served.docs.map((snapshot) => snapshot.id)).toEqual(['a']);
    } finally {
      await deleteApp(app);
    }
  });
});
