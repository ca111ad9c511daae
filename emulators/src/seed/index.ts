import { randomUUID } from 'node:crypto';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { firestorePaths, storagePaths } from '@encore/model';
import { SEED_ACCOUNTS, encore2026, type SeedAccount, type SeedProgramme } from '@encore/model/seed';
import { DateTime } from 'luxon';
import { renderSamplePhoto } from './sample-photos.js';

/**
 * Loads the `encore-2026` seed festival into whatever emulators are running, through
 * firebase-admin and the standard emulator env vars (FIRESTORE_EMULATOR_HOST,
 * FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST).
 *
 * Idempotent: programme documents are upserted by their stable ids, counters that
 * functions maintain are never reset on existing documents, accounts are updated in
 * place, and sample photos are uploaded only once.
 */

export { SEED_ACCOUNTS as TEST_ACCOUNTS };

export interface SeedOptions {
  projectId?: string;
  /** Do nothing when the festival document already exists. */
  onlyIfEmpty?: boolean;
  /** Upload the sample photos (needs the Storage emulator). Default true when it is configured. */
  photos?: boolean;
}

export interface SeedReport {
  festivalId: string;
  skipped: boolean;
  stages: number;
  artists: number;
  performances: { created: number; updated: number };
  accounts: Array<{ email: string; uid: string; role: string }>;
  photosUploaded: number;
  notes: string[];
}

const SEED_APP_NAME = 'encore-seed';

function seedApp(projectId: string): App {
  const existing = getApps().find((app) => app.name === SEED_APP_NAME);
  if (existing) return existing;
  return initializeApp({ projectId, storageBucket: `${projectId}.appspot.com` }, SEED_APP_NAME);
}

/** Refuses to touch anything but emulators: a seed must never reach a real project. */
function assertEmulated(projectId: string): void {
  if (!process.env.FIRESTORE_EMULATOR_HOST) {
    throw new Error('FIRESTORE_EMULATOR_HOST is not set: the seed only loads into local emulators (start them with `npm run emulators`)');
  }
  if (!projectId.startsWith('demo-')) {
    throw new Error(`Refusing to seed "${projectId}": only demo-* projects are seeded`);
  }
}

async function writeProgramme(db: Firestore, seed: SeedProgramme, report: SeedReport): Promise<void> {
  const writer = db.bulkWriter();
  writer.set(db.doc(firestorePaths.festival(seed.festivalId)), seed.festival);
  for (const stage of seed.stages) writer.set(db.doc(firestorePaths.stage(seed.festivalId, stage.id)), stage.data);
  for (const artist of seed.artists) writer.set(db.doc(firestorePaths.artist(seed.festivalId, artist.id)), artist.data);

  const existing = new Set((await db.collection(firestorePaths.performances(seed.festivalId)).select().get()).docs.map((d) => d.id));
  for (const { id, data } of seed.performances) {
    const ref = db.doc(firestorePaths.performance(seed.festivalId, id));
    if (existing.has(id)) {
      // Keep the counts functions have derived since the last seed.
      const { favoriteCount: _f, photoCount: _p, ...staffFields } = data;
      writer.set(ref, staffFields, { merge: true });
      report.performances.updated += 1;
    } else {
      writer.set(ref, data);
      report.performances.created += 1;
    }
  }

  const welcome = db.doc(firestorePaths.announcement(seed.festivalId, 'welcome'));
  writer.set(welcome, {
    title: 'Welcome to Encore 2026',
    body: 'Gates open at 12:00 each day. Tap the heart on a set to build your schedule; we will tell you if it moves.',
    createdAt: new Date('2026-08-14T08:00:00Z'),
    priority: 'normal',
  });
  await writer.close();
  report.stages = seed.stages.length;
  report.artists = seed.artists.length;
}

async function upsertAccount(app: App, account: SeedAccount): Promise<string> {
  const auth = getAuth(app);
  let uid: string;
  try {
    const user = await auth.getUserByEmail(account.email);
    uid = user.uid;
    await auth.updateUser(uid, { password: account.password, displayName: account.displayName, emailVerified: true });
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
    uid = (await auth.createUser({ email: account.email, password: account.password, displayName: account.displayName, emailVerified: true })).uid;
  }
  await auth.setCustomUserClaims(uid, account.role ? { role: account.role } : null);
  return uid;
}

type SeedSet = SeedProgramme['performances'][number];

/**
 * The sets the sample photos show: one per stage, none overlapping another, so the
 * uploader could have been at all of them (and the wall shows every stage).
 */
function samplePhotoSets(seed: SeedProgramme): SeedSet[] {
  const picked: SeedSet[] = [];
  for (const stage of seed.stages) {
    const set = seed.performances.find(
      ({ data }) => data.stageId === stage.id && picked.every((other) => data.endsAt <= other.data.startsAt || data.startsAt >= other.data.endsAt),
    );
    if (set) picked.push(set);
  }
  return picked;
}

/** The sample photos' sets go into the uploader's schedule: it tells the backend which stage they were at. */
async function favouriteSampleSets(db: Firestore, seed: SeedProgramme, uploaderUid: string): Promise<void> {
  const batch = db.batch();
  for (const { id } of samplePhotoSets(seed)) {
    batch.set(db.doc(firestorePaths.favorite(uploaderUid, id)), { festivalId: seed.festivalId, performanceId: id, createdAt: new Date('2026-08-01T10:00:00Z') });
  }
  await batch.commit();
}

async function uploadSamplePhotos(app: App, seed: SeedProgramme, uploaderUid: string): Promise<number> {
  const bucket = getStorage(app).bucket();
  const stageById = new Map(seed.stages.map((s) => [s.id, s.data]));
  // Two photos of each sample set (one per stage), a quarter and three quarters into it.
  const sets = samplePhotoSets(seed);
  let uploaded = 0;
  for (const [index, { id: performanceId, data }] of sets.entries()) {
    for (const fraction of [0.25, 0.75]) {
      const photoId = `seed-${index + 1}-${fraction === 0.25 ? 'a' : 'b'}`;
      const file = bucket.file(storagePaths.upload({ uid: uploaderUid, festivalId: seed.festivalId, photoId }));
      const [exists] = await file.exists();
      if (exists) continue;
      const capturedAt = new Date(data.startsAt.getTime() + fraction * (data.endsAt.getTime() - data.startsAt.getTime()));
      const stage = stageById.get(data.stageId)!;
      const bytes = await renderSamplePhoto({
        stageName: stage.name,
        color: stage.color ?? '#e4572e',
        capturedAt,
        utcOffset: DateTime.fromJSDate(capturedAt, { zone: seed.festival.timeZone }).toFormat('ZZ'),
      });
      // Every other photo names its set; the rest rely on the suggestion from capture time and schedule.
      const metadata = fraction === 0.25 ? { performanceId } : {};
      await file.save(bytes, {
        resumable: false,
        contentType: 'image/jpeg',
        metadata: { metadata: { ...metadata, firebaseStorageDownloadTokens: randomUUID() } },
      });
      uploaded += 1;
    }
  }
  return uploaded;
}

export async function seedFestival(options: SeedOptions = {}): Promise<SeedReport> {
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT ?? 'demo-encore';
  assertEmulated(projectId);
  const app = seedApp(projectId);
  const db = getFirestore(app);
  const seed = encore2026();
  const report: SeedReport = {
    festivalId: seed.festivalId,
    skipped: false,
    stages: 0,
    artists: 0,
    performances: { created: 0, updated: 0 },
    accounts: [],
    photosUploaded: 0,
    notes: [],
  };

  if (options.onlyIfEmpty && (await db.doc(firestorePaths.festival(seed.festivalId)).get()).exists) {
    return { ...report, skipped: true, notes: [`${seed.festivalId} already exists: left as it is`] };
  }

  await writeProgramme(db, seed, report);

  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    for (const account of SEED_ACCOUNTS) {
      report.accounts.push({ email: account.email, uid: await upsertAccount(app, account), role: account.role ?? 'visitor' });
    }
  } else {
    report.notes.push('FIREBASE_AUTH_EMULATOR_HOST is not set: test accounts were not created');
  }

  const uploader = report.accounts.find((a) => a.email === 'uploader@encore.test');
  const storageConfigured = Boolean(process.env.FIREBASE_STORAGE_EMULATOR_HOST || process.env.STORAGE_EMULATOR_HOST);
  if ((options.photos ?? true) && storageConfigured && uploader) {
    await favouriteSampleSets(db, seed, uploader.uid);
    report.photosUploaded = await uploadSamplePhotos(app, seed, uploader.uid);
  } else if (options.photos ?? true) {
    report.notes.push('Sample photos need the Storage and Auth emulators: none uploaded');
  }
  return report;
}
