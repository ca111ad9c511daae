/**
 * `npm run seed` loads encore-2026 into running emulators, and loading it again changes
 * nothing a person or a function made since: counters and extra documents survive. With
 * keepProgramme (what `npm start` does on every start) a complete programme is left as it
 * is and a half-written one is completed.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { firestorePaths, storagePaths } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFestival, seedMedia } from '../../src/seed/index.js';
import { startStack, type Stack } from '../../src/stack/index.js';

const PROJECT = 'demo-seed-test';
const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));
const programme = encore2026();
let stack: Stack;
let app: App;
let db: Firestore;

const count = async (path: string) => (await db.collection(path).count().get()).data().count;

beforeAll(async () => {
  stack = await startStack({ projectId: PROJECT, functions: null, ports: 'free' });
  app = initializeApp({ projectId: PROJECT }, 'seed-test');
  db = getFirestore(app);
});

afterAll(async () => {
  await deleteApp(app);
  await stack?.stop();
});

describe('seedFestival', () => {
  it('loads the whole programme', async () => {
    const report = await seedFestival({ projectId: PROJECT, photos: false });
    expect(report).toMatchObject({
      programme: 'written',
      stages: programme.stages.length,
      artists: programme.artists.length,
      performances: { created: programme.performances.length, updated: 0 },
    });
    expect((await db.doc(firestorePaths.festival(programme.festivalId)).get()).data()).toMatchObject({ name: 'Encore 2026' });
    expect(await count(firestorePaths.stages(programme.festivalId))).toBe(programme.stages.length);
    expect(await count(firestorePaths.artists(programme.festivalId))).toBe(programme.artists.length);
    expect(await count(firestorePaths.performances(programme.festivalId))).toBe(programme.performances.length);
    const first = programme.performances[0]!;
    const stored = (await db.doc(firestorePaths.performance(programme.festivalId, first.id)).get()).data()!;
    expect(stored.startsAt.toDate()).toEqual(first.data.startsAt);
    expect(stored).toMatchObject({ artistId: first.data.artistId, stageId: first.data.stageId });
    // Live counts are published apart (festivals/{f}/live/sets): a set carries only what staff write.
    expect(stored).not.toHaveProperty('favoriteCount');
    expect(stored).not.toHaveProperty('photoCount');
  });

  it('is idempotent: a second load creates nothing new and leaves fields it does not write (legacy counts) as they are', async () => {
    const first = programme.performances[0]!;
    const ref = db.doc(firestorePaths.performance(programme.festivalId, first.id));
    await ref.update({ favoriteCount: 42, photoCount: 3 });

    const report = await seedFestival({ projectId: PROJECT, photos: false });
    expect(report.performances).toEqual({ created: 0, updated: programme.performances.length });
    expect(await count(firestorePaths.performances(programme.festivalId))).toBe(programme.performances.length);
    expect((await ref.get()).data()).toMatchObject({ favoriteCount: 42, photoCount: 3, artistId: first.data.artistId });
  });

  it('leaves a complete programme as staff left it with keepProgramme', async () => {
    const first = programme.performances[0]!;
    const ref = db.doc(firestorePaths.performance(programme.festivalId, first.id));
    await ref.update({ title: 'Moved by staff' });
    const report = await seedFestival({ projectId: PROJECT, photos: false, keepProgramme: true });
    expect(report.programme).toBe('kept');
    expect(report.performances).toEqual({ created: 0, updated: 0 });
    expect((await ref.get()).data()).toMatchObject({ title: 'Moved by staff' });
  });

  it('completes a programme cut off half-way with keepProgramme (the festival document is written last)', async () => {
    // What a Ctrl-C in the middle of the programme leaves: some sets in, the festival document not yet.
    const [lost, ...kept] = programme.performances;
    await db.doc(firestorePaths.performance(programme.festivalId, lost!.id)).delete();
    await db.doc(firestorePaths.festival(programme.festivalId)).delete();
    const report = await seedFestival({ projectId: PROJECT, photos: false, keepProgramme: true });
    expect(report.programme).toBe('written');
    expect(report.performances).toEqual({ created: 1, updated: kept.length });
    expect((await db.doc(firestorePaths.festival(programme.festivalId)).get()).exists).toBe(true);
    expect(await count(firestorePaths.performances(programme.festivalId))).toBe(programme.performances.length);
  });

  it('refuses a project that is not a demo project', async () => {
    await expect(seedFestival({ projectId: 'encore-prod' })).rejects.toThrow(/only demo-\* projects are seeded/);
  });
});

it('npm run seed loads into the emulators named by the env vars and says what it did', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--conditions=encore-source', '--import', 'tsx', 'emulators/src/seed/cli.ts'], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...stack.env, GCLOUD_PROJECT: PROJECT, FIREBASE_AUTH_EMULATOR_HOST: '' },
  });
  expect(stdout).toContain(
    `Seed: encore-2026: ${programme.stages.length} stages, ${programme.artists.length} artists, 0 new and ${programme.performances.length} updated performances; 0 test accounts upserted`,
  );
});

describe('seedMedia', () => {
  it('sends again an artist picture stuck in processing, and not one already shown', async () => {
    await seedFestival({ projectId: PROJECT, photos: false, keepProgramme: true });
    const [stuck, shown] = programme.artists;
    const festivalId = programme.festivalId;
    await db.doc(firestorePaths.artist(festivalId, stuck!.id)).set({ imageUpload: { uploadId: 'seed-1', status: 'processing', rejectReason: null, updatedAt: new Date() } }, { merge: true });
    await db.doc(firestorePaths.artist(festivalId, shown!.id)).set({ image: { uploadId: 'seed-1' } }, { merge: true });

    const bucket = getStorage(app).bucket(`${PROJECT}.appspot.com`);
    const path = (artistId: string) => storagePaths.mediaUpload({ festivalId, subject: { kind: 'artist', artistId }, uploadId: 'seed-1' });
    // What an earlier seed in this file uploaded (no functions run here to take it away).
    await bucket.deleteFiles({ prefix: 'staff-uploads/' });

    expect(await seedMedia({ projectId: PROJECT, artists: [stuck!.id, shown!.id], sitePlan: false })).toEqual({ uploaded: 1, alreadyThere: 1 });
    expect((await bucket.file(path(stuck!.id)).exists())[0]).toBe(true);
    expect((await bucket.file(path(shown!.id)).exists())[0]).toBe(false);
  });
});
