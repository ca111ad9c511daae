import { randomUUID } from 'node:crypto';
import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type PhoneMultiFactorInfo, type UpdateMultiFactorInfoRequest, type UserRecord } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { firestorePaths, storagePaths, subjectDocument, type MediaSubject } from '@encore/model';
import { SEED_ACCOUNTS, encore2026, type SeedAccount, type SeedProgramme } from '@encore/model/seed';
import { DateTime } from 'luxon';
import type { LocalAdminAccount } from '../stack/local-admin.js';
import { renderArtwork } from './artwork.js';
import { renderSamplePhoto } from './sample-photos.js';
import { renderSitePlan } from './site-plan.js';

/**
 * Loads the `encore-2026` seed festival into whatever emulators are running, through
 * firebase-admin and the standard emulator env vars (FIRESTORE_EMULATOR_HOST,
 * FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST).
 *
 * Idempotent: programme documents are upserted by their stable ids, counters that
 * functions maintain are never reset on existing documents, accounts are updated in
 * place, and sample photos are uploaded only once.
 *
 * Resumable: the festival document is written last, so its presence means the programme
 * is complete; a photo counts as there once its original or its photo document exists.
 * `npm start` seeds with `keepProgramme` on every start: a seed cut off half-way (Ctrl-C)
 * is completed, an existing programme keeps its staff edits, and the test accounts are
 * upserted (made again if someone deleted one, passwords, claims, festival roles
 * (`festivals/encore-2026/staff/{uid}`) and staff's second factor put back). `npm start -- --empty`
 * never seeds: it makes only its local project admin (`ensureLocalAdmin`).
 */

export { SEED_ACCOUNTS as TEST_ACCOUNTS };

export interface SeedOptions {
  projectId?: string;
  /** Leave a complete programme (the festival document exists) as it is; write only a missing or half-written one. */
  keepProgramme?: boolean;
  /** Upload the sample photos (needs the Storage emulator). Default true when it is configured. */
  photos?: boolean;
  /** Checked between steps and between photos: aborting stops the seed there (what was written stays). */
  signal?: AbortSignal;
  /** Told when the sample photos start uploading, and how many are missing. */
  onPhotos?: (missing: number, total: number) => void;
  /** Upload the artists' artwork and the site plan through the image pipeline (needs Storage and functions). Default: as `photos`. */
  media?: boolean;
}

export interface SeedReport {
  festivalId: string;
  /** `kept`: the programme was complete and left alone (`keepProgramme`). */
  programme: 'written' | 'kept';
  stages: number;
  artists: number;
  performances: { created: number; updated: number };
  accounts: Array<{ email: string; uid: string; role: string }>;
  photos: { uploaded: number; alreadyThere: number };
  /** Artist artwork and the site plan sent to the image pipeline, and those that had one. */
  media: { uploaded: number; alreadyThere: number };
  notes: string[];
}

const SEED_APP_NAME = 'encore-seed';
/** The test account that owns the sample photos (a plain visitor: uploading needs no role). */
const UPLOADER_EMAIL = 'uploader@encore.test';

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
  for (const stage of seed.stages) writer.set(db.doc(firestorePaths.stage(seed.festivalId, stage.id)), stage.data);
  // Merged, so the pictures the pipeline derived (image, imageUpload) stay.
  for (const artist of seed.artists) writer.set(db.doc(firestorePaths.artist(seed.festivalId, artist.id)), artist.data, { merge: true });
  writer.set(db.doc(firestorePaths.venueMap(seed.festivalId)), { ...seed.venueMap, updatedAt: new Date('2026-08-01T10:00:00Z') }, { merge: true });
  for (const page of seed.infoPages) writer.set(db.doc(firestorePaths.infoPage(seed.festivalId, page.id)), { ...page.data, updatedAt: new Date('2026-08-01T10:00:00Z') });

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
    ...seed.welcome,
    createdAt: new Date('2026-08-14T08:00:00Z'),
    priority: 'normal',
  });
  await writer.close();
  // Last: its presence tells a later seed that everything above is in.
  await db.doc(firestorePaths.festival(seed.festivalId)).set(seed.festival);
  report.stages = seed.stages.length;
  report.artists = seed.artists.length;
}

/** The seed's SMS factor has a fixed enrolment id, so every start finds (and keeps) the same one. */
const seedFactorUid = (account: SeedAccount) => `seed-sms-${account.email.split('@')[0]}`;

/**
 * The account's factors after the seed: those it has (a developer may have enrolled
 * another on the Account page), plus the seed's SMS factor when its number is missing.
 * Undefined when nothing is to change.
 */
function enrolledFactors(account: SeedAccount, user: UserRecord | undefined): UpdateMultiFactorInfoRequest[] | undefined {
  if (!account.secondFactor) return undefined;
  const existing = (user?.multiFactor?.enrolledFactors ?? []).filter((factor): factor is PhoneMultiFactorInfo => factor.factorId === 'phone');
  if (existing.some((factor) => factor.phoneNumber === account.secondFactor!.phoneNumber)) return undefined;
  const kept = existing.map(({ uid, displayName, enrollmentTime, phoneNumber }) => ({ uid, factorId: 'phone', phoneNumber, enrollmentTime, ...(displayName ? { displayName } : {}) }));
  return [...kept, { uid: seedFactorUid(account), factorId: 'phone', phoneNumber: account.secondFactor.phoneNumber, displayName: account.secondFactor.displayName }];
}

/**
 * Makes the account as the seed describes it, whatever state it is in: password, name, a
 * verified email (the Auth emulator enrols second factors on verified emails only), its
 * `role` claim (the project admin's; any other `role`, such as the `staff` claim earlier
 * versions gave, is removed, and claims functions set, such as `trustedReporter`, are kept),
 * and its SMS second factor.
 */
async function upsertAccount(app: App, account: SeedAccount): Promise<string> {
  const auth = getAuth(app);
  const profile = { password: account.password, displayName: account.displayName, emailVerified: true };
  let user: UserRecord | undefined;
  try {
    user = await auth.getUserByEmail(account.email);
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  const factors = enrolledFactors(account, user);
  const multiFactor = factors ? { multiFactor: { enrolledFactors: factors } } : {};
  let uid: string;
  if (user) {
    uid = user.uid;
    await auth.updateUser(uid, { ...profile, ...multiFactor });
  } else {
    // createUser takes no enrolment ids: the factor goes on with the update that does.
    uid = (await auth.createUser({ email: account.email, ...profile })).uid;
    if (factors) await auth.updateUser(uid, multiFactor);
  }
  const { role: _earlier, ...otherClaims } = user?.customClaims ?? {};
  const claims = { ...otherClaims, ...(account.claim ? { role: account.claim } : {}) };
  await auth.setCustomUserClaims(uid, Object.keys(claims).length > 0 ? claims : null);
  return uid;
}

/**
 * The account's role in the seed festival (`festivals/{f}/staff/{uid}`), put back when someone
 * changed or removed it; `addedAt` is kept when the role was already right.
 */
async function upsertFestivalRole(db: Firestore, festivalId: string, account: SeedAccount, uid: string): Promise<void> {
  if (!account.festivalRole) return;
  const ref = db.doc(firestorePaths.festivalStaffMember(festivalId, uid));
  const existing = (await ref.get()).data();
  if (existing?.['role'] === account.festivalRole && existing?.['email'] === account.email && existing?.['name'] === account.displayName) return;
  await ref.set({ role: account.festivalRole, email: account.email, name: account.displayName, addedAt: existing?.['addedAt'] ?? new Date(), addedBy: null });
}

/**
 * Makes the local project admin when it does not exist: a verified email, the `admin` claim
 * and an SMS second factor. An existing account is left as it is (it is the organiser's own:
 * a password or a factor they changed stays). Nothing of the demo festival is touched.
 */
export async function ensureLocalAdmin(admin: LocalAdminAccount, options: { projectId?: string } = {}): Promise<{ uid: string; made: boolean }> {
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT ?? 'demo-encore';
  assertEmulated(projectId);
  if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: the local admin account goes into the Auth emulator');
  const auth = getAuth(seedApp(projectId));
  try {
    return { uid: (await auth.getUserByEmail(admin.email)).uid, made: false };
  } catch (error) {
    if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
  }
  const uid = await upsertAccount(seedApp(projectId), {
    email: admin.email,
    password: admin.password,
    displayName: admin.displayName,
    claim: 'admin',
    secondFactor: { phoneNumber: admin.phoneNumber, displayName: 'Test phone' },
  });
  return { uid, made: true };
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

interface SamplePhoto {
  photoId: string;
  set: SeedSet;
  fraction: number;
}

/** Two photos of each sample set (one per stage), a quarter and three quarters into it. */
function samplePhotos(seed: SeedProgramme): SamplePhoto[] {
  return samplePhotoSets(seed).flatMap((set, index) =>
    [0.25, 0.75].map((fraction) => ({ photoId: `seed-${index + 1}-${fraction === 0.25 ? 'a' : 'b'}`, set, fraction })),
  );
}

/** Uploaded before (its original is in Storage) or already through the pipeline (its photo document exists). */
async function isThere(app: App, seed: SeedProgramme, uploaderUid: string, photoId: string): Promise<boolean> {
  const [exists] = await getStorage(app).bucket().file(storagePaths.upload({ uid: uploaderUid, festivalId: seed.festivalId, photoId })).exists();
  return exists || (await getFirestore(app).doc(firestorePaths.photo(seed.festivalId, photoId)).get()).exists;
}

/** The sample photos' sets go into the uploader's schedule: it tells the backend which stage they were at. */
async function favouriteSampleSets(db: Firestore, seed: SeedProgramme, uploaderUid: string, photos: SamplePhoto[]): Promise<void> {
  const batch = db.batch();
  for (const { id } of new Set(photos.map((photo) => photo.set))) {
    batch.set(db.doc(firestorePaths.favorite(uploaderUid, id)), { festivalId: seed.festivalId, performanceId: id, createdAt: new Date('2026-08-01T10:00:00Z') });
  }
  await batch.commit();
}

async function uploadSamplePhoto(app: App, seed: SeedProgramme, uploaderUid: string, { photoId, set, fraction }: SamplePhoto): Promise<void> {
  const { id: performanceId, data } = set;
  const stage = seed.stages.find((s) => s.id === data.stageId)!.data;
  const capturedAt = new Date(data.startsAt.getTime() + fraction * (data.endsAt.getTime() - data.startsAt.getTime()));
  const bytes = await renderSamplePhoto({
    stageName: stage.name,
    color: stage.color ?? '#e4572e',
    capturedAt,
    utcOffset: DateTime.fromJSDate(capturedAt, { zone: seed.festival.timeZone }).toFormat('ZZ'),
  });
  // Every other photo names its set; the rest rely on the suggestion from capture time and schedule.
  const metadata = fraction === 0.25 ? { performanceId } : {};
  const file = getStorage(app).bucket().file(storagePaths.upload({ uid: uploaderUid, festivalId: seed.festivalId, photoId }));
  await file.save(bytes, {
    resumable: false,
    contentType: 'image/jpeg',
    metadata: { metadata: { ...metadata, firebaseStorageDownloadTokens: randomUUID() } },
  });
}

async function seedPhotos(app: App, seed: SeedProgramme, uploaderUid: string, options: SeedOptions, photos: SeedReport['photos']): Promise<void> {
  const all = samplePhotos(seed);
  const missing: SamplePhoto[] = [];
  for (const photo of all) if (!(await isThere(app, seed, uploaderUid, photo.photoId))) missing.push(photo);
  photos.alreadyThere = all.length - missing.length;
  if (missing.length === 0) return;
  await favouriteSampleSets(getFirestore(app), seed, uploaderUid, missing);
  options.onPhotos?.(missing.length, all.length);
  for (const photo of missing) {
    options.signal?.throwIfAborted();
    await uploadSamplePhoto(app, seed, uploaderUid, photo);
    photos.uploaded += 1;
  }
}

/**
 * Only the sample photos (those missing), for the uploader account the seed made: what
 * `npm start` does after it is ready, while the app can already be used.
 */
export async function seedSamplePhotos(options: Pick<SeedOptions, 'projectId' | 'signal' | 'onPhotos'> = {}): Promise<SeedReport['photos']> {
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT ?? 'demo-encore';
  assertEmulated(projectId);
  const app = seedApp(projectId);
  const uploader = await getAuth(app).getUserByEmail(UPLOADER_EMAIL);
  const photos = { uploaded: 0, alreadyThere: 0 };
  await seedPhotos(app, encore2026(), uploader.uid, options, photos);
  return photos;
}

export async function seedFestival(options: SeedOptions = {}): Promise<SeedReport> {
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT ?? 'demo-encore';
  assertEmulated(projectId);
  const app = seedApp(projectId);
  const db = getFirestore(app);
  const seed = encore2026();
  const { signal } = options;
  const report: SeedReport = {
    festivalId: seed.festivalId,
    programme: 'written',
    stages: 0,
    artists: 0,
    performances: { created: 0, updated: 0 },
    accounts: [],
    photos: { uploaded: 0, alreadyThere: 0 },
    media: { uploaded: 0, alreadyThere: 0 },
    notes: [],
  };

  signal?.throwIfAborted();
  if (options.keepProgramme && (await db.doc(firestorePaths.festival(seed.festivalId)).get()).exists) {
    report.programme = 'kept';
  } else {
    await writeProgramme(db, seed, report);
  }

  signal?.throwIfAborted();
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) {
    for (const account of SEED_ACCOUNTS) {
      const uid = await upsertAccount(app, account);
      await upsertFestivalRole(db, seed.festivalId, account, uid);
      report.accounts.push({ email: account.email, uid, role: account.role ?? 'visitor' });
    }
  } else {
    report.notes.push('FIREBASE_AUTH_EMULATOR_HOST is not set: test accounts were not created');
  }

  signal?.throwIfAborted();
  const uploader = report.accounts.find((a) => a.email === UPLOADER_EMAIL);
  const storageConfigured = Boolean(process.env.FIREBASE_STORAGE_EMULATOR_HOST || process.env.STORAGE_EMULATOR_HOST);
  if ((options.media ?? options.photos ?? true) && storageConfigured) {
    report.media = await uploadMedia(app, seed, { ...options, artists: true, sitePlan: true });
  }
  if ((options.photos ?? true) && storageConfigured && uploader) {
    await seedPhotos(app, seed, uploader.uid, options, report.photos);
  } else if (options.photos ?? true) {
    report.notes.push('Sample photos need the Storage and Auth emulators: none uploaded');
  }
  return report;
}

/** The upload id of everything the seed sends through the pipeline: a second run names the same file, which the pipeline takes once. */
const SEED_UPLOAD_ID = 'seed-1';

export interface MediaOptions {
  projectId?: string;
  /** Every artist's artwork (default true), or only these artists'. */
  artists?: boolean | readonly string[];
  /** The site plan (default true). */
  sitePlan?: boolean;
  signal?: AbortSignal;
  onMedia?: (missing: number, total: number) => void;
}

/**
 * Has a picture. One still `processing` counts as missing: sent again under the same upload
 * id, it goes through the pipeline again (the functions take a re-sent upload that is still
 * processing), so an image whose work was cut off never stays half-seeded.
 */
async function hasImage(db: Firestore, festivalId: string, subject: MediaSubject): Promise<boolean> {
  const data = (await db.doc(subjectDocument(festivalId, subject)).get()).data();
  return Boolean(data?.['image']);
}

async function uploadMedia(app: App, seed: SeedProgramme, options: MediaOptions): Promise<SeedReport['media']> {
  const db = getFirestore(app);
  const wanted = options.artists ?? true;
  const artists = seed.artists.filter((artist) => wanted === true || (Array.isArray(wanted) && wanted.includes(artist.id)));
  const jobs: Array<{ subject: MediaSubject; render: () => Promise<Buffer>; contentType: string }> = [
    ...((options.sitePlan ?? true)
      ? [{ subject: { kind: 'site-plan' } as const, contentType: 'image/png', render: () => renderSitePlan(seed.venueMap.markers, seed.venueMap.routes, new Map(seed.stages.map((stage) => [stage.id, stage.data]))) }]
      : []),
    ...artists.map((artist) => ({ subject: { kind: 'artist', artistId: artist.id } as const, contentType: 'image/jpeg', render: () => renderArtwork(artist.artwork) })),
  ];
  const missing: typeof jobs = [];
  for (const job of jobs) if (!(await hasImage(db, seed.festivalId, job.subject))) missing.push(job);
  if (missing.length > 0) options.onMedia?.(missing.length, jobs.length);
  for (const job of missing) {
    options.signal?.throwIfAborted();
    const file = getStorage(app).bucket().file(storagePaths.mediaUpload({ festivalId: seed.festivalId, subject: job.subject, uploadId: SEED_UPLOAD_ID }));
    await file.save(await job.render(), { resumable: false, contentType: job.contentType });
  }
  return { uploaded: missing.length, alreadyThere: jobs.length - missing.length };
}

/**
 * The artists' artwork and the site plan (those without a picture yet), sent through the
 * image pipeline as a staff upload would be: what `npm start` does after it is ready. The
 * functions derive them; the programme shows initials until each is ready.
 */
export async function seedMedia(options: MediaOptions = {}): Promise<SeedReport['media']> {
  const projectId = options.projectId ?? process.env.GCLOUD_PROJECT ?? 'demo-encore';
  assertEmulated(projectId);
  return uploadMedia(seedApp(projectId), encore2026(), options);
}

/** One line saying what a seed did, for `npm run seed` and `npm start`. */
export function describeSeed(report: SeedReport, { photos = true }: { photos?: boolean } = {}): string {
  const programme =
    report.programme === 'kept'
      ? `${report.festivalId} programme kept as it was`
      : `${report.festivalId}: ${report.stages} stages, ${report.artists} artists, ` +
        `${report.performances.created} new and ${report.performances.updated} updated performances`;
  const accounts = `${report.accounts.length} test accounts upserted`;
  return photos ? `${programme}; ${accounts}; ${describeMedia(report.media)}; ${describePhotos(report.photos)}` : `${programme}; ${accounts}`;
}

export function describeMedia({ uploaded, alreadyThere }: SeedReport['media']): string {
  return `${uploaded} image${uploaded === 1 ? '' : 's'} (artist artwork, site plan) sent to the pipeline${alreadyThere > 0 ? ` (${alreadyThere} already there)` : ''}`;
}

export function describePhotos({ uploaded, alreadyThere }: SeedReport['photos']): string {
  return `${uploaded} sample photo${uploaded === 1 ? '' : 's'} uploaded${alreadyThere > 0 ? ` (${alreadyThere} already there)` : ''}`;
}
