/**
 * `npm run seed` loads encore-2026 into running emulators, and loading it again changes
 * nothing a person or a function made since: counters and extra documents survive.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { firestorePaths } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedFestival } from '../../src/seed/index.js';
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
      skipped: false,
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
    expect(stored).toMatchObject({ artistId: first.data.artistId, stageId: first.data.stageId, favoriteCount: 0 });
  });

  it('is idempotent: a second load keeps derived counts and creates nothing new', async () => {
    const first = programme.performances[0]!;
    const ref = db.doc(firestorePaths.performance(programme.festivalId, first.id));
    await ref.update({ favoriteCount: 42, photoCount: 3 });

    const report = await seedFestival({ projectId: PROJECT, photos: false });
    expect(report.performances).toEqual({ created: 0, updated: programme.performances.length });
    expect(await count(firestorePaths.performances(programme.festivalId))).toBe(programme.performances.length);
    expect((await ref.get()).data()).toMatchObject({ favoriteCount: 42, photoCount: 3, artistId: first.data.artistId });
  });

  it('leaves an existing festival alone with onlyIfEmpty', async () => {
    const report = await seedFestival({ projectId: PROJECT, onlyIfEmpty: true });
    expect(report.skipped).toBe(true);
  });

  it('refuses a project that is not a demo project', async () => {
    await expect(seedFestival({ projectId: 'encore-prod' })).rejects.toThrow(/only demo-\* projects are seeded/);
  });
});

it('npm run seed loads into the emulators named by the env vars and says what it did', async () => {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'emulators/src/seed/cli.ts'], {
    cwd: ROOT_DIR,
    env: { ...process.env, ...stack.env, GCLOUD_PROJECT: PROJECT, FIREBASE_AUTH_EMULATOR_HOST: '' },
  });
  expect(stdout).toContain(`Seeded encore-2026: ${programme.stages.length} stages, ${programme.artists.length} artists, 0 new and ${programme.performances.length} updated performances`);
});
