/**
 * The live-location sweep against our Firestore emulator through firebase-admin, with the
 * repo's firestore.indexes.json in strict mode: its collection-group query on
 * `locations.expiresAt` is one production serves (the field override declares the index
 * beside the TTL policy), as is the one on `locations.startedAt`, and it deletes exactly the
 * expired shares.
 */
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { startStack, type Stack } from '@encore/emulators/stack';
import { groupPaths } from '@encore/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handleSweepExpiredLocations } from '../../src/handlers/location-sweep.js';
import { firestoreDocs, firestoreSettings } from '../../src/platform/firestore.js';

const INDEXES = fileURLToPath(new URL('../../../firestore.indexes.json', import.meta.url));
let stack: Stack;
let app: App;

beforeAll(async () => {
  stack = await startStack({ projectId: 'demo-encore', ports: 'free', indexes: { path: INDEXES, strict: true } });
  app = initializeApp({ projectId: 'demo-encore' }, 'location-sweep-test');
}, 60_000);

afterAll(async () => {
  if (app) await deleteApp(app);
  await stack?.stop();
});

describe('sweepExpiredLocations on the emulator', () => {
  it('deletes the expired shares of every group and keeps the others', async () => {
    const db = getFirestore(app);
    db.settings(firestoreSettings());
    const now = Date.now();
    const share = (minutes: number) => ({ lat: 52.35, lng: 5.01, accuracy: 10, sharedAt: Timestamp.fromMillis(now - 30 * 60_000), expiresAt: Timestamp.fromMillis(now + minutes * 60_000) });
    await db.doc(groupPaths.location('group-a-0123456789ab', 'member-a1-0123456789')).set(share(-5));
    await db.doc(groupPaths.location('group-b-0123456789ab', 'member-b1-0123456789')).set(share(-1));
    await db.doc(groupPaths.location('group-b-0123456789ab', 'member-b2-0123456789')).set(share(20));
    // Shares whose end was never written (the sharer's phone went away after the first write):
    // one started 90 minutes ago is over, one started 5 minutes ago runs on.
    const unfinished = (startedMinutesAgo: number) => ({ lat: 52.35, lng: 5.01, accuracy: 10, sharedAt: Timestamp.fromMillis(now - startedMinutesAgo * 60_000), startedAt: Timestamp.fromMillis(now - startedMinutesAgo * 60_000), minutes: 15 });
    await db.doc(groupPaths.location('group-c-0123456789ab', 'member-c1-0123456789')).set(unfinished(90));
    await db.doc(groupPaths.location('group-c-0123456789ab', 'member-c2-0123456789')).set(unfinished(5));

    const deleted = await handleSweepExpiredLocations({ docs: firestoreDocs(db), now: () => new Date(now) });

    expect(deleted).toBe(3);
    const left = await db.collectionGroup('locations').get();
    expect(left.docs.map((doc) => doc.ref.path).sort()).toEqual([groupPaths.location('group-b-0123456789ab', 'member-b2-0123456789'), groupPaths.location('group-c-0123456789ab', 'member-c2-0123456789')]);
  });
});
