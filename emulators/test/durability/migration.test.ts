/**
 * `startStack({ dataDir })` on a folder that still holds an export (what `npm start` wrote to
 * `.encore-data/` before there were data folders): Firestore documents and rules, Storage
 * objects and their metadata are migrated into the data folders on the first start; from
 * then on the data folders are the truth and the old export is not read again.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRESTORE_DATA, STORAGE_DATA, startStack, type Stack } from '../../src/stack/stack.js';

const PROJECT = 'demo-migration';
const RULES = "rules_version = '2'; service cloud.firestore { match /databases/{db}/documents { match /{doc=**} { allow read: if true; } } }";
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'encore-migration-'));
});

afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function withStack<T>(options: { dataDir?: string }, work: (stack: Stack, admin: App) => Promise<T>): Promise<T> {
  const stack = await startStack({ projectId: PROJECT, ports: 'free', functions: null, ...options });
  const admin = initializeApp({ projectId: PROJECT, storageBucket: `${PROJECT}.appspot.com` }, `migration-${Math.random()}`);
  try {
    return await work(stack, admin);
  } finally {
    await deleteApp(admin);
    await stack.stop();
  }
}

describe('a data folder next to an old export', () => {
  it('imports the export on the first start, then keeps its own state', async () => {
    // The old way: state in memory, exported to the folder at the end.
    await withStack({}, async (stack, admin) => {
      await getFirestore(admin).doc('festivals/f1').set({ name: 'Encore' });
      stack.firestore.setRules(RULES);
      await getStorage(admin).bucket().file('posters/f1.txt').save('poster', { metadata: { contentType: 'text/plain', metadata: { festival: 'f1' } } });
      await stack.exportTo(dataDir);
    });

    await withStack({ dataDir }, async (stack, admin) => {
      expect((await getFirestore(admin).doc('festivals/f1').get()).data()).toEqual({ name: 'Encore' });
      expect(stack.firestore.getRules()).toBe(RULES);
      const [metadata] = await getStorage(admin).bucket().file('posters/f1.txt').getMetadata();
      expect(metadata).toMatchObject({ contentType: 'text/plain', metadata: { festival: 'f1' } });
      expect((await getStorage(admin).bucket().file('posters/f1.txt').download())[0].toString()).toBe('poster');
      // Changes now go to the data folders only.
      await getFirestore(admin).doc('festivals/f1').delete();
      await getStorage(admin).bucket().file('posters/f1.txt').delete();
    });
    expect(await readdir(join(dataDir, FIRESTORE_DATA))).toContain('snapshot.json');
    expect(await readdir(join(dataDir, STORAGE_DATA))).toContain('snapshot.json');

    await withStack({ dataDir }, async (_stack, admin) => {
      // The export is still in the folder, but the data folders (where they were deleted) win.
      expect((await getFirestore(admin).doc('festivals/f1').get()).exists).toBe(false);
      expect((await getStorage(admin).bucket().file('posters/f1.txt').exists())[0]).toBe(false);
    });
  });
});
