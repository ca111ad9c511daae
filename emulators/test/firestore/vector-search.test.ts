/**
 * Vector search (`StructuredQuery.find_nearest`) through firebase-admin over gRPC and REST,
 * over raw REST, and over vectors the web SDK (which cannot search) stored: the three distance measures, the distance result field, thresholds
 * (inverted for DOT_PRODUCT), where-prefilters, documents whose field is no vector of the
 * query's dimension left out, and the request checks production makes.
 */
import { FieldValue, Firestore } from '@google-cloud/firestore';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectFirestoreEmulator, doc, getFirestore, setDoc, vector } from 'firebase/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATOR_AUTH } from '../conformance/clients/admin-rest.js';
import { PROJECT, ROOT, rest, unique, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();

/** Five points on a line and in a plane, plus documents that must never take part. */
async function seed(db: Firestore, col: string): Promise<void> {
  const v = (values: number[]) => FieldValue.vector(values);
  await Promise.all([
    db.doc(`${col}/a`).set({ kind: 'x', embedding: v([1, 0]) }),
    db.doc(`${col}/b`).set({ kind: 'x', embedding: v([2, 0]) }),
    db.doc(`${col}/c`).set({ kind: 'y', embedding: v([0, 3]) }),
    db.doc(`${col}/d`).set({ kind: 'x', embedding: v([-1, -1]) }),
    db.doc(`${col}/wrongDimension`).set({ kind: 'x', embedding: v([1, 0, 0]) }),
    db.doc(`${col}/plainArray`).set({ kind: 'x', embedding: [1, 0] }),
    db.doc(`${col}/noField`).set({ kind: 'x' }),
  ]);
}

describe.each([
  { transport: 'gRPC', preferRest: false },
  { transport: 'REST', preferRest: true },
])('findNearest through firebase-admin over $transport', ({ preferRest }) => {
  let db: Firestore;
  let col: string;
  beforeAll(async () => {
    db = new Firestore({ projectId: PROJECT, host: `127.0.0.1:${emulator().port}`, ssl: false, preferRest, ...(preferRest ? { auth: EMULATOR_AUTH } : {}) });
    col = unique('vectors');
    await seed(db, col);
  });
  afterAll(async () => {
    await db.terminate();
  });

  it('EUCLIDEAN returns the nearest vectors of the query dimension, nearest first, with their distance', async () => {
    const snapshot = await db
      .collection(col)
      .findNearest({ vectorField: 'embedding', queryVector: [1, 0], limit: 10, distanceMeasure: 'EUCLIDEAN', distanceResultField: 'distance' })
      .get();
    expect(snapshot.docs.map((doc) => [doc.id, doc.get('distance')])).toEqual([
      ['a', 0],
      ['b', 1],
      ['d', Math.sqrt(5)],
      ['c', Math.sqrt(10)],
    ]);
  });

  it('COSINE measures 1 - cosine similarity and honours limit and threshold (<=)', async () => {
    const snapshot = await db
      .collection(col)
      .findNearest({ vectorField: 'embedding', queryVector: [1, 1], limit: 2, distanceMeasure: 'COSINE', distanceResultField: 'd', distanceThreshold: 0.5 })
      .get();
    // a and b are 45 degrees away (1 - 1/sqrt 2 ~ 0.29), c too; d is opposite (2). Ties keep document order.
    expect(snapshot.docs.map((doc) => doc.id)).toEqual(['a', 'b']);
    expect(snapshot.docs[0]!.get('d')).toBeCloseTo(1 - Math.SQRT1_2, 12);
  });

  it('DOT_PRODUCT orders the largest product first and keeps products >= the threshold', async () => {
    const snapshot = await db
      .collection(col)
      .findNearest({ vectorField: 'embedding', queryVector: [1, 0], limit: 10, distanceMeasure: 'DOT_PRODUCT', distanceResultField: 'score', distanceThreshold: 1 })
      .get();
    expect(snapshot.docs.map((doc) => [doc.id, doc.get('score')])).toEqual([
      ['b', 2],
      ['a', 1],
    ]);
  });

  it('a where-prefilter narrows the candidates before the nearest are taken', async () => {
    const snapshot = await db
      .collection(col)
      .where('kind', '==', 'y')
      .findNearest({ vectorField: 'embedding', queryVector: [1, 0], limit: 3, distanceMeasure: 'EUCLIDEAN' })
      .get();
    expect(snapshot.docs.map((doc) => doc.id)).toEqual(['c']);
    // Without a distance result field the documents come back as stored.
    expect(Object.keys(snapshot.docs[0]!.data()).sort()).toEqual(['embedding', 'kind']);
  });

  it('leaves the stored documents untouched by the distance result field', async () => {
    await db.collection(col).findNearest({ vectorField: 'embedding', queryVector: [1, 0], limit: 1, distanceMeasure: 'EUCLIDEAN', distanceResultField: 'distance' }).get();
    expect((await db.doc(`${col}/a`).get()).get('distance')).toBeUndefined();
  });
});

describe('findNearest over raw REST', () => {
  const run = (col: string, findNearest: Record<string, unknown>) =>
    rest(emulator(), 'POST', `/v1/${ROOT}:runQuery`, { structuredQuery: { from: [{ collectionId: col }], findNearest } });
  const vector = (values: number[]) => ({
    mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: values.map((doubleValue) => ({ doubleValue })) } } } },
  });
  let col: string;
  beforeAll(async () => {
    col = unique('rawvec');
    const db = new Firestore({ projectId: PROJECT, host: `127.0.0.1:${emulator().port}`, ssl: false });
    await seed(db, col);
    await db.terminate();
  });

  it('answers the nearest document with the distance as a double', async () => {
    const response = await run(col, { vectorField: { fieldPath: 'embedding' }, queryVector: vector([2, 0]), distanceMeasure: 'EUCLIDEAN', limit: 1, distanceResultField: 'dist' });
    expect(response.status).toBe(200);
    const [first] = response.body as Array<{ document: { name: string; fields: Record<string, unknown> } }>;
    expect(first!.document.name).toBe(`${ROOT}/${col}/b`);
    expect(first!.document.fields.dist).toEqual({ doubleValue: 0 });
  });

  it.each([
    ['a limit above 1000', { limit: 1001 }, /limit/i],
    ['a limit of 0', { limit: 0 }, /limit/i],
    ['no distance measure', { distanceMeasure: 'DISTANCE_MEASURE_UNSPECIFIED' }, /distance measure/i],
    ['a query vector that is a plain array', { queryVector: { arrayValue: { values: [{ doubleValue: 1 }] } } }, /vector/i],
    ['an empty query vector', { queryVector: vector([]) }, /vector/i],
  ])('refuses %s with INVALID_ARGUMENT', async (_what, override, message) => {
    const response = await run(col, { vectorField: { fieldPath: 'embedding' }, queryVector: vector([1, 0]), distanceMeasure: 'EUCLIDEAN', limit: 5, ...override });
    expect(response.status).toBe(400);
    const error = (response.body as { error: { status: string; message: string } }).error;
    expect(error.status).toBe('INVALID_ARGUMENT');
    expect(error.message).toMatch(message);
  });
});

describe('findNearest over vectors the web SDK stored', () => {
  it('finds a document written with the web SDK\'s vector()', async () => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'fake' }, unique('web'));
    const web = getFirestore(app);
    connectFirestoreEmulator(web, '127.0.0.1', emulator().port);
    const admin = new Firestore({ projectId: PROJECT, host: `127.0.0.1:${emulator().port}`, ssl: false });
    try {
      const col = unique('webvec');
      await setDoc(doc(web, `${col}/near`), { embedding: vector([0.9, 0.1]) });
      await setDoc(doc(web, `${col}/far`), { embedding: vector([-5, 5]) });
      const snapshot = await admin.collection(col).findNearest({ vectorField: 'embedding', queryVector: [1, 0], limit: 1, distanceMeasure: 'COSINE' }).get();
      expect(snapshot.docs.map((snap) => snap.id)).toEqual(['near']);
    } finally {
      await deleteApp(app);
      await admin.terminate();
    }
  });
});
