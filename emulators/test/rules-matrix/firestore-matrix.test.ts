/**
 * Encore's firestore.rules, proven: every collection of the data contract
 * (docs/data-contract.md) x every role x get, list, create, update, delete, through the web
 * SDK as @firebase/rules-unit-testing hands it out, against our Firestore emulator. Then
 * the attacks the security issue names, and paths no rule names.
 *
 * Read the POLICY table first: it is the database policy. Each row's operations write
 * valid data, so a denial there is about who asks, not about what they send; the ATTACKS
 * table sends bad data on purpose. Staff rights are per festival (issue 35, roles.ts): the
 * rows are written for festival A, whose admin, programme staff and moderator hold their role
 * in its staff documents; PROGRAMME, MODERATORS and FESTIVAL_ADMINS say which of them (and the
 * project's admins) may. Every row also asks the same accounts signed in without a second
 * factor, the retired `staff` claim and festival B's admin (each with a visitor's rights on
 * A), and every festival row is asked again on festival B of A's staff (an account's rights
 * there) and of B's admin.
 */
import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing';
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  documentId,
  getDoc,
  getDocs,
  increment,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type Firestore,
  type Query,
  type WriteBatch,
} from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { REPORTS_PER_WINDOW, reportIdFor, reportLimitKeyFor } from '@encore/model';
import { reportCoverage, startMatrixStack, type MatrixStack } from './harness.js';
import {
  ACCOUNTS,
  EVERYONE,
  EXTRA_IDENTITIES,
  FESTIVAL_A,
  FESTIVAL_ADMINS,
  FESTIVAL_B,
  IDENTITIES,
  MODERATORS,
  NOBODY,
  ON_FESTIVAL_B,
  OPERATIONS,
  OWNER,
  OWNER_AND_MODERATORS,
  PROGRAMME,
  ROLES,
  SIGNED_IN,
  STAFF_DOCUMENTS,
  type Operation,
  type Policy,
  type Role,
} from './roles.js';

const F = `festivals/${FESTIVAL_A}`;
const AT = (time: string) => new Date(`2026-08-14T${time}:00Z`);
/** A tile of live/photos' `wall` (the photo's fields a wall tile shows). */
const wallTile = (id: string) => ({ id, uploaderUid: 'vera', performanceId: null, width: 800, height: 600, thumbnails: [], dominantColor: null, placeholder: null, capturedAt: null, createdAt: AT('20:00') });
const festival = (festivalId: string) => ({ name: `Encore ${festivalId.slice(-4)}`, timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'NDSM Pier' });

/** The documents every case may refer to (get()/exists() in the rules), arranged once per festival. */
function background(festivalId: string): Record<string, Record<string, unknown>> {
  const at = `festivals/${festivalId}`;
  return {
    [at]: festival(festivalId),
    [`${at}/performances/p-headliner`]: performance({}),
    [`${at}/performances/p-cancelled`]: performance({ status: 'cancelled' }),
    [`${at}/photos/ph-ready`]: photo({ status: 'ready' }),
    [`${at}/photos/ph-hidden`]: photo({ status: 'hidden' }),
    [`${at}/photos/ph-processing`]: photo({ status: 'processing' }),
    // Vera's uploads and reports were suspended once, and the suspension lifted (issue 22): she
    // reports like anyone; the cases that suspend her arrange it again for themselves.
    [`${at}/suspensions/vera`]: suspension({ active: false, liftedBy: 'ada', liftedAt: AT('19:00') }),
  };
}
const BACKGROUND = { ...background(FESTIVAL_A), ...background(FESTIVAL_B) };

function suspension(overrides: Record<string, unknown>): Record<string, unknown> {
  return { active: true, reason: 'Uploads of strangers without consent', suspendedBy: 'moe', suspendedAt: AT('18:00'), liftedBy: null, liftedAt: null, ...overrides };
}

function performance(overrides: Record<string, unknown>): Record<string, unknown> {
  return { artistId: 'the-nightjars', stageId: 'main', startsAt: AT('20:00'), endsAt: AT('21:30'), status: 'scheduled', favoriteCount: 0, photoCount: 0, ...overrides };
}

function infoPage(overrides: Record<string, unknown>): Record<string, unknown> {
  return { order: 60, title: { en: 'Lockers', nl: 'Kluisjes' }, body: { en: 'By the gate.', nl: 'Bij de ingang.' }, updatedAt: AT('10:00'), ...overrides };
}

function photo(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    uploaderUid: 'vera',
    performanceId: null,
    suggestedPerformanceId: 'p-headliner',
    status: 'processing',
    rejectReason: null,
    reactionCount: 0,
    reportCount: 0,
    createdAt: AT('20:10'),
    updatedAt: AT('20:10'),
    ...overrides,
  };
}

type Data = DocumentData;
const uidOf = (role: Role): string => (role === 'signedOut' ? 'nobody' : IDENTITIES[role].uid);

interface FirestoreRow {
  /** The document every operation targets; list queries its collection. */
  doc: string;
  /** When the document depends on who asks (a report's id names its reporter): the document for that caller. */
  docOf?: (uid: string) => string;
  /** When a create is more than one write (a report moves its rate limit in the same commit). */
  createWith?: (db: Firestore, uid: string) => Promise<unknown>;
  /** Documents out of the way before create, beyond the row's own. */
  absentOnCreate?: (uid: string) => string[];
  policy: Policy;
  /** The document as it stands before get, list, update and delete (arranged as the owner). */
  existing: Data;
  /** What create writes (setDoc) and update changes (updateDoc), for the asking user. */
  create: (uid: string) => Data;
  update: (uid: string) => Data;
  /** The query list runs, when the app asks a narrower one than "the whole collection". */
  list?: (db: Firestore, uid: string) => Query;
  /** A favourite or reaction: create, update and delete move the caller's toggle limit in the same batch. */
  toggled?: boolean;
}

const collectionOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
const limitOf = (uid: string) => `users/${uid}/limits/reports`;


/** A report as the app files it: the report and its rate limit in one transaction. */
function fileReport(db: Firestore, uid: string, photoId: string, extra: Data = {}, reportId = reportIdFor(photoId, uid), festivalId: string = FESTIVAL_A): Promise<unknown> {
  return runTransaction(db, async (tx) => {
    const limit = await tx.get(doc(db, limitOf(uid)));
    const count = limit.exists() ? (limit.get('count') as number) : 0;
    tx.set(doc(db, `festivals/${festivalId}/reports/${reportId}`), { photoId, reporterUid: uid, reason: 'privacy', createdAt: serverTimestamp(), ...extra });
    tx.set(
      doc(db, limitOf(uid)),
      limit.exists()
        ? { windowStartsAt: limit.get('windowStartsAt') as Timestamp, count: count + 1, lastReportId: `${festivalId}~${reportId}`, lastReportAt: serverTimestamp() }
        : { windowStartsAt: serverTimestamp(), count: 1, lastReportId: `${festivalId}~${reportId}`, lastReportAt: serverTimestamp() },
    );
  });
}

/** Whose toggle limit a favourite or reaction write moves: the caller of the case being run. */
let caller = '';
const toggleLimitOf = (uid: string) => `users/${uid}/limits/toggles`;
/** Opens the caller's toggle window in this batch (each case starts with none). */
function countToggle(db: Firestore, batch: WriteBatch): void {
  batch.set(doc(db, toggleLimitOf(caller)), { windowStartsAt: serverTimestamp(), count: 1, lastToggleAt: serverTimestamp() });
}
/** A favourite or reaction written as the app does: with the toggle limit, in one batch. */
function toggle(db: Firestore, write: (batch: WriteBatch) => void): Promise<void> {
  const batch = writeBatch(db);
  countToggle(db, batch);
  write(batch);
  return batch.commit();
}


/** An open invite to festival A's staff, as inviteStaff stores it (its id the SHA-256 of the link's secret). */
const STAFF_INVITE = { email: 'kim@example.com', role: 'programme', createdBy: 'ada', createdAt: AT('09:00'), expiresAt: AT('23:00'), acceptedBy: null, acceptedAt: null, revokedAt: null };
const STAFF_MEMBER = { role: 'moderator', email: 'kim@example.com', addedAt: AT('09:00'), addedBy: 'ada' };
/** An audit entry as the audit trail's trigger writes one (model: auditEntrySchema). */
const AUDIT_ENTRY = {
  at: AT('10:00'), actor: { uid: 'pia', email: 'pia@example.com', name: null }, action: 'updated', document: 'stages/main', kind: 'stage', label: 'Main',
  before: { name: 'Main', order: 0 }, after: { name: 'Main', order: 1 }, changed: ['order'], detail: 'complete', via: 'console',
};

/** The rows of one festival's documents, written for festival A (and asked again on B, ON_FESTIVAL_B). */
function festivalRows(festivalId: string): FirestoreRow[] {
  const at = `festivals/${festivalId}`;
  return [
    // Everyone reads festivals, one or all (the festival chooser lists them); the createFestival
    // callable creates one, its admins edit it, nobody deletes one.
    { doc: at, policy: { get: EVERYONE, list: EVERYONE, create: NOBODY, update: FESTIVAL_ADMINS, delete: NOBODY },
      existing: festival(festivalId), create: () => festival(festivalId), update: () => ({ venue: 'Westergas' }) },
    // Who holds a role in the festival (issue 35): functions write it; its admins read them all,
    // and its moderators (the moderation console names staff, issue 36) (one's own: the describe
    // after the table); no client writes one, not even its admins.
    { doc: `${at}/staff/kim`, policy: { get: MODERATORS, list: MODERATORS, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: STAFF_MEMBER, create: (uid) => ({ role: 'programme', email: 'kim@example.com', addedAt: serverTimestamp(), addedBy: uid }), update: () => ({ role: 'admin' }) },
    // Invites to the festival's staff (issue 35): functions make, accept and withdraw them; its admins read them.
    { doc: `${at}/staffInvites/0f3a`, policy: { get: FESTIVAL_ADMINS, list: FESTIVAL_ADMINS, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: STAFF_INVITE, create: (uid) => ({ ...STAFF_INVITE, createdBy: uid }), update: () => ({ revokedAt: serverTimestamp() }) },
    // The audit trail (issue 35): functions write every entry (and undoChange's `undone` marks, issue 36); the festival's
    // programme staff and admins (and the project's) read it; nobody writes one, nor marks one undone.
    { doc: `${at}/audit/console-ev1`, policy: { get: PROGRAMME, list: PROGRAMME, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: AUDIT_ENTRY, create: () => AUDIT_ENTRY, update: () => ({ undone: { at: AT('11:00'), actor: { uid: 'pia', email: null, name: null }, batchId: 'undoChange-1' } }),
      list: (db) => query(collection(db, `${at}/audit`), orderBy('at', 'desc')) },
    { doc: `${at}/stages/main`, policy: { get: EVERYONE, list: EVERYONE, create: PROGRAMME, update: PROGRAMME, delete: PROGRAMME },
      existing: { name: 'Main', order: 0 }, create: () => ({ name: 'Main', order: 0, color: '#ff8800' }), update: () => ({ order: 1 }),
      list: (db) => query(collection(db, `${at}/stages`), orderBy('order')) },
    { doc: `${at}/artists/the-nightjars`, policy: { get: EVERYONE, list: EVERYONE, create: PROGRAMME, update: PROGRAMME, delete: PROGRAMME },
      existing: { name: 'The Nightjars', bio: 'Dream pop.', genres: ['pop'] }, create: () => ({ name: 'The Nightjars', bio: 'Dream pop.', genres: ['pop'] }),
      update: () => ({ bio: 'Dream pop from Utrecht.' }) },
    // The venue map: everyone reads it (offline too), programme staff place stages, facilities and routes; never deleted.
    { doc: `${at}/venue/map`, policy: { get: EVERYONE, list: EVERYONE, create: PROGRAMME, update: PROGRAMME, delete: NOBODY },
      existing: { markers: [], routes: [], updatedAt: AT('10:00') }, create: () => ({ markers: [], routes: [], updatedAt: serverTimestamp() }),
      update: () => ({ markers: [{ id: 'water-1', kind: 'water', x: 0.5, y: 0.5 }], updatedAt: serverTimestamp() }) },
    // The festival's logo and app icon (issue 35): everyone reads them; functions write them from the admins' uploads.
    { doc: `${at}/brand/icon`, policy: { get: EVERYONE, list: EVERYONE, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: { updatedAt: AT('10:00') }, create: () => ({ updatedAt: serverTimestamp() }), update: () => ({ updatedAt: serverTimestamp() }) },
    // Practical information: everyone reads it (offline too), programme staff with a second factor write it.
    { doc: `${at}/info/lockers`, policy: { get: EVERYONE, list: EVERYONE, create: PROGRAMME, update: PROGRAMME, delete: PROGRAMME },
      existing: infoPage({}), create: () => infoPage({ updatedAt: serverTimestamp() }), update: () => ({ body: { en: 'By the east exit.', nl: 'Bij de oostuitgang.' }, updatedAt: serverTimestamp() }),
      list: (db) => query(collection(db, `${at}/info`), orderBy('order')) },
    { doc: `${at}/performances/p-row`, policy: { get: EVERYONE, list: EVERYONE, create: PROGRAMME, update: PROGRAMME, delete: PROGRAMME },
      existing: performance({}), create: () => performance({ startsAt: Timestamp.fromDate(AT('20:00')), endsAt: Timestamp.fromDate(AT('21:30')) }),
      update: () => ({ status: 'cancelled' }), list: (db) => query(collection(db, `${at}/performances`), orderBy('startsAt')) },
    { doc: `${at}/performances/p-headliner/favoriteShards/s0`, policy: { get: EVERYONE, list: EVERYONE, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: { count: 3 }, create: () => ({ count: 1 }), update: () => ({ count: 4 }) },
    // Status belongs to functions: moderators hide and restore through moderatePhoto (which records who).
    { doc: `${at}/photos/ph-row`, policy: { get: EVERYONE, list: EVERYONE, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: photo({ status: 'ready' }), create: () => photo({ status: 'ready' }), update: () => ({ status: 'hidden', updatedAt: serverTimestamp() }),
      list: (db) => query(collection(db, `${at}/photos`), where('status', '==', 'ready'), orderBy('createdAt', 'desc')) },
    // A photo still processing: its uploader and the festival's moderators see it.
    { doc: `${at}/photos/ph-mine`, policy: { get: OWNER_AND_MODERATORS, list: OWNER_AND_MODERATORS, create: NOBODY, update: OWNER, delete: NOBODY },
      existing: photo({ status: 'processing' }), create: () => photo({}), update: () => ({ performanceId: 'p-headliner', updatedAt: serverTimestamp() }),
      list: (db) => query(collection(db, `${at}/photos`), where('uploaderUid', '==', 'vera')) },
    { toggled: true, doc: `${at}/photos/ph-ready/reactions/vera`, policy: { get: EVERYONE, list: EVERYONE, create: OWNER, update: OWNER, delete: OWNER },
      existing: { kind: 'love', createdAt: AT('20:20') }, create: () => ({ kind: 'love', createdAt: serverTimestamp() }), update: () => ({ kind: 'fire' }) },
    // Reactions go with their photo: under a hidden or processing one only moderators read them,
    // nobody adds or changes one, and their owner may still take theirs back.
    { toggled: true, doc: `${at}/photos/ph-hidden/reactions/vera`, policy: { get: MODERATORS, list: MODERATORS, create: NOBODY, update: NOBODY, delete: OWNER },
      existing: { kind: 'love', createdAt: AT('20:20') }, create: () => ({ kind: 'love', createdAt: serverTimestamp() }), update: () => ({ kind: 'fire' }) },
    { toggled: true, doc: `${at}/photos/ph-processing/reactions/vera`, policy: { get: MODERATORS, list: MODERATORS, create: NOBODY, update: NOBODY, delete: OWNER },
      existing: { kind: 'love', createdAt: AT('20:20') }, create: () => ({ kind: 'love', createdAt: serverTimestamp() }), update: () => ({ kind: 'fire' }) },
    // Announcements: programme staff post, edit (recording who and when) and withdraw them; nobody deletes one.
    { doc: `${at}/announcements/a-row`, policy: { get: EVERYONE, list: EVERYONE, create: PROGRAMME, update: PROGRAMME, delete: NOBODY },
      existing: { title: 'Doors open', body: 'Gates open at 14:00.', createdAt: AT('12:00') },
      create: (uid) => ({ title: 'Doors open', body: 'Gates open at 14:00.', titleNl: 'Poorten open', bodyNl: 'De poorten gaan om 14:00 open.', authorUid: uid, createdAt: serverTimestamp() }),
      update: (uid) => ({ body: 'Gates open at 14:30.', editedAt: serverTimestamp(), editedBy: uid }),
      list: (db) => query(collection(db, `${at}/announcements`), orderBy('createdAt', 'desc')) },
    // One's own report on a photo (its id says whose): the reporter may look it up, moderators read all,
    // accounts with a verified email file it (with their rate limit), nobody changes or removes it.
    { doc: `${at}/reports/ph-ready~vera`, docOf: (uid) => `${at}/reports/${reportIdFor('ph-ready', uid)}`,
      policy: { get: SIGNED_IN, list: MODERATORS, create: ACCOUNTS, update: NOBODY, delete: NOBODY },
      existing: { photoId: 'ph-ready', reporterUid: 'vera', reason: 'spam', createdAt: AT('20:30') },
      create: (uid) => ({ photoId: 'ph-ready', reporterUid: uid, reason: 'privacy', details: 'My face.', createdAt: serverTimestamp() }),
      createWith: (db, uid) => fileReport(db, uid, 'ph-ready', { details: 'My face.' }, reportIdFor('ph-ready', uid), festivalId), absentOnCreate: (uid) => [limitOf(uid)],
      update: () => ({ reason: 'other' }), list: (db) => query(collection(db, `${at}/reports`), orderBy('createdAt', 'desc')) },
    // Why photos are hidden and by how many: functions keep it, moderators read it.
    { doc: `${at}/moderation/ph-ready`, policy: { get: MODERATORS, list: MODERATORS, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: { photoId: 'ph-ready', reports: 1, trustedReporters: 1 }, create: () => ({ reports: 0 }), update: () => ({ reports: 0 }) },
    // The festival's figures: public (every role reads them, on the dashboard too); functions write them.
    { doc: `${at}/stats/totals`, policy: { get: EVERYONE, list: EVERYONE, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: { favorites: 10, photos: 2 }, create: () => ({ favorites: 0 }), update: () => ({ favorites: 11 }) },
    // The festival's live figures: functions publish them, everyone reads.
    { doc: `${at}/live/sets`, policy: { get: EVERYONE, list: EVERYONE, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: { favorites: { 'p-headliner': 3 }, trending: [], trendingScores: {}, trendingCheckedAt: AT('20:00'), publishedAt: AT('20:00') },
      create: () => ({ favorites: { 'p-headliner': 1_000 } }), update: () => ({ favorites: { 'p-headliner': 1_000 } }) },
    // Which programme bundle is current: functions announce it, every open app reads it; nobody points apps at another build.
    { doc: `${at}/live/programme`, policy: { get: EVERYONE, list: EVERYONE, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: { builtAt: AT('20:00'), etag: '"abc"' },
      create: () => ({ builtAt: AT('21:00'), etag: '"forged"' }), update: () => ({ builtAt: AT('23:00') }) },
    // Sets marked for the next live publication (acknowledged favourites): functions only.
    { doc: `${at}/liveMarks/m1`, policy: { get: NOBODY, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: { sets: ['p-headliner'], markedAt: AT('20:00') },
      create: () => ({ sets: ['p-headliner'], markedAt: AT('20:00') }), update: () => ({ sets: ['p-other'] }) },
    // What changed on the wall since the last publication of live/photos: functions only.
    { doc: `${at}/livePhotoMarks/m1`, policy: { get: NOBODY, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: { reactions: { 'ph-1': 'all' }, wall: true, withdrawn: [], markedAt: AT('20:00') },
      create: () => ({ reactions: {}, wall: true, withdrawn: [], markedAt: AT('20:00') }), update: () => ({ wall: false }) },
    // The photo wall's published new photos and reactions: functions publish them, everyone reads; nobody slips a tile onto the wall.
    { doc: `${at}/live/photos`, policy: { get: EVERYONE, list: EVERYONE, create: NOBODY, update: NOBODY, delete: NOBODY },
      existing: { reactions: { 'ph-ready': { createdAt: AT('20:00'), love: 2 } }, wall: [wallTile('ph-ready')], publishedAt: AT('20:00') },
      create: () => ({ reactions: { 'ph-ready': { createdAt: AT('20:00'), fire: 1_000 } } }), update: () => ({ wall: [wallTile('ph-spam'), wallTile('ph-ready')] }) },
    // A person's uploads and reports suspended (issue 22): moderators with a second factor suspend,
    // lift and read; nobody else reads who suspended whom (not even the person); never deleted.
    { doc: `${at}/suspensions/uli`, policy: { get: MODERATORS, list: MODERATORS, create: MODERATORS, update: MODERATORS, delete: NOBODY },
      existing: suspension({}),
      create: (uid) => ({ active: true, reason: 'Spam uploads', suspendedBy: uid, suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }),
      update: (uid) => ({ active: false, liftedBy: uid, liftedAt: serverTimestamp() }) },
  ];
}

const POLICY: FirestoreRow[] = [
  ...festivalRows(FESTIVAL_A),
  // One's preferences: language and reminder lead time, read and written by their owner only.
  { doc: 'users/vera', policy: { get: OWNER, list: NOBODY, create: OWNER, update: OWNER, delete: OWNER },
    existing: { locale: 'en', reminderMinutes: 15, updatedAt: AT('18:00') },
    create: () => ({ locale: 'nl', reminderMinutes: null, updatedAt: serverTimestamp() }), update: () => ({ reminderMinutes: 30, updatedAt: serverTimestamp() }) },
  // A favourite's only change is its priority (must-see, maybe), by its owner, moving the toggle limit.
  { toggled: true, doc: 'users/vera/favorites/p-headliner', policy: { get: OWNER, list: OWNER, create: OWNER, update: OWNER, delete: OWNER },
    existing: { festivalId: 'encore-2026', performanceId: 'p-headliner', createdAt: AT('19:00') },
    create: () => ({ festivalId: 'encore-2026', performanceId: 'p-headliner', createdAt: serverTimestamp() }), update: () => ({ priority: 'must' }),
    list: (db) => query(collection(db, 'users/vera/favorites'), where('festivalId', '==', 'encore-2026')) },
  // One's toggle limit: read and moved by its owner (as each favourite and reaction requires), never removed.
  { doc: 'users/vera/limits/toggles', policy: { get: OWNER, list: NOBODY, create: OWNER, update: OWNER, delete: NOBODY },
    existing: { windowStartsAt: AT('20:00'), count: 1, lastToggleAt: AT('20:00') },
    create: () => ({ windowStartsAt: serverTimestamp(), count: 1, lastToggleAt: serverTimestamp() }),
    update: () => ({ count: 2, lastToggleAt: serverTimestamp() }) },
  { doc: 'users/vera/clashes/encore-2026', policy: { get: OWNER, list: OWNER, create: NOBODY, update: NOBODY, delete: NOBODY },
    existing: { pairs: [] }, create: () => ({ pairs: [] }), update: () => ({ pairs: ['p-a', 'p-b'] }) },
  // One's report rate limit: read and moved by its owner (as each report requires), never removed.
  { doc: 'users/vera/limits/reports', policy: { get: OWNER, list: NOBODY, create: OWNER, update: OWNER, delete: NOBODY },
    existing: { windowStartsAt: AT('20:00'), count: 1, lastReportId: 'ph-ready~vera', lastReportAt: AT('20:00') },
    create: () => ({ windowStartsAt: serverTimestamp(), count: 1, lastReportId: 'ph-x~vera', lastReportAt: serverTimestamp() }),
    update: () => ({ count: 2, lastReportId: 'ph-y~vera', lastReportAt: serverTimestamp() }) },
  { doc: 'users/vera/notices/n-row', policy: { get: OWNER, list: OWNER, create: NOBODY, update: OWNER, delete: NOBODY },
    existing: { kind: 'moved', performanceId: 'p-headliner', text: 'Moved to 21:00.', createdAt: AT('18:00'), readAt: null },
    create: () => ({ kind: 'moved', text: 'Fake.', createdAt: serverTimestamp(), readAt: null }), update: () => ({ readAt: serverTimestamp() }),
    list: (db) => query(collection(db, 'users/vera/notices'), orderBy('createdAt', 'desc')) },
  // The browsers that receive one's pushes: registered, refreshed and removed by their owner.
  { doc: 'users/vera/devices/vera-phone-0001', policy: { get: OWNER, list: OWNER, create: OWNER, update: OWNER, delete: OWNER },
    existing: { token: 'fcm-token-1', festivalId: 'encore-2026', locale: 'nl', userAgent: 'Chrome on Android', createdAt: AT('18:00'), updatedAt: AT('18:00') },
    create: () => ({ token: 'fcm-token-2', festivalId: 'encore-2026', locale: 'en', userAgent: 'Firefox on Linux', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }),
    update: () => ({ token: 'fcm-token-3', updatedAt: serverTimestamp() }),
    list: (db) => query(collection(db, 'users/vera/devices'), where('festivalId', '==', 'encore-2026')) },
  // The emulators' push outbox of one device: functions write it, its owner reads and clears it.
  { doc: 'users/vera/devices/vera-phone-0001/deliveries/m-1', policy: { get: OWNER, list: OWNER, create: NOBODY, update: NOBODY, delete: OWNER },
    existing: { kind: 'announcement', title: 'Urgent: EVACUATE', body: 'North gate.', link: '/inbox', tag: 'announcement-a1', token: 'local:abc', sentAt: AT('20:00') },
    create: () => ({ kind: 'announcement', title: 'Urgent: fake', body: 'Phishing.', link: '/inbox', tag: 't', token: 'local:abc', sentAt: serverTimestamp() }),
    update: () => ({ title: 'Changed' }) },
  // Default deny: paths no rule names, not even for their own user or staff.
  { doc: 'pushReceipts/r-1', policy: { get: NOBODY, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
    existing: { key: 'announcement|encore-2026|a1', uid: 'vera', deviceId: 'vera-phone-0001', claimedAt: AT('20:00'), expiresAt: AT('20:00') },
    create: () => ({ key: 'reminder|encore-2026|p-headliner|vera' }), update: () => ({ claimedAt: serverTimestamp() }) },
  { doc: 'users/vera/private/calendar', policy: { get: NOBODY, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
    existing: { secret: 's3cr3t' }, create: () => ({ secret: 'mine' }), update: () => ({ secret: 'new' }) },
  { doc: 'eventLedger/evt-1', policy: { get: NOBODY, list: NOBODY, create: NOBODY, update: NOBODY, delete: NOBODY },
    existing: { handledAt: AT('20:00') }, create: () => ({ handledAt: serverTimestamp() }), update: () => ({ handledAt: serverTimestamp() }) },
];

interface Attack {
  name: string;
  role: Role | keyof typeof EXTRA_IDENTITIES;
  /** Documents in place before the attempt (beyond the BACKGROUND). */
  arrange?: Record<string, Data>;
  /** Documents out of the way, so a write is the create it means to be. */
  absent?: string[];
  /** Documents in place once the caller's toggle limit was cleared (`{caller}` stands for their uid). */
  arrangeAfter?: Record<string, Data>;
  attempt: (db: Firestore) => Promise<unknown>;
  expect: 'allowed' | 'denied';
}

const ARTIST = { name: 'The Nightjars', bio: 'Dream pop.', genres: ['pop'] };
const LINKS = {
  website: 'https://nightjars.example/',
  listen: 'https://nightjars.bandcamp.com/album/tides',
  instagram: 'https://www.instagram.com/nightjars',
  youtube: 'https://youtu.be/abc123',
  bluesky: 'https://bsky.app/profile/nightjars.example',
};
const PICTURE = { uploadId: 'u0', width: 960, height: 960, renditions: [], dominantColor: '#336699', placeholder: 'x', updatedAt: AT('09:00') };

const valid = { favorite: { festivalId: 'encore-2026', performanceId: 'p-headliner', createdAt: serverTimestamp() } };
/** A favourite as every one given before priorities is stored: no `priority`. */
const plainFavorite = { festivalId: 'encore-2026', performanceId: 'p-headliner', createdAt: AT('19:00') };

const ATTACKS: Attack[] = [
  { name: 'writing another user’s favourite', absent: ['users/vera/favorites/p-headliner'], role: 'otherUser', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), valid.favorite)) },
  { name: 'a favourite with a client-chosen createdAt', absent: ['users/vera/favorites/p-headliner'], role: 'visitor', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), { ...valid.favorite, createdAt: Timestamp.fromDate(AT('10:00')) })) },
  { name: 'a favourite whose performanceId differs from its id', absent: ['users/vera/favorites/p-headliner'], role: 'visitor', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), { ...valid.favorite, performanceId: 'p-other' })) },
  { name: 'a favourite of a performance that does not exist', role: 'visitor', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-ghost'), { ...valid.favorite, performanceId: 'p-ghost' })) },
  // A cancelled set cannot be favourited (the app disables its heart); one favourited before
  // the cancellation can still be taken back.
  { name: 'favouriting a cancelled set', absent: ['users/vera/favorites/p-cancelled'], role: 'visitor', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-cancelled'), { ...valid.favorite, performanceId: 'p-cancelled' })) },
  { name: 'an anonymous visitor favouriting a cancelled set', absent: ['users/anna/favorites/p-cancelled'], role: 'anonymous', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/anna/favorites/p-cancelled'), { ...valid.favorite, performanceId: 'p-cancelled' })) },
  { name: 'favouriting a cancelled set in a batch with a set that is on', absent: ['users/vera/favorites/p-cancelled', 'users/vera/favorites/p-headliner'], role: 'visitor', expect: 'denied',
    attempt: (db) => {
      const batch = writeBatch(db);
      countToggle(db, batch);
      batch.set(doc(db, 'users/vera/favorites/p-headliner'), valid.favorite);
      batch.set(doc(db, 'users/vera/favorites/p-cancelled'), { ...valid.favorite, performanceId: 'p-cancelled' });
      return batch.commit();
    } },
  { name: 'favouriting a set that is on (scheduled)', absent: ['users/vera/favorites/p-headliner'], role: 'visitor', expect: 'allowed',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), valid.favorite)) },
  { name: 'taking back one’s favourite of a set cancelled since', role: 'visitor', expect: 'allowed',
    arrange: { 'users/vera/favorites/p-cancelled': { festivalId: 'encore-2026', performanceId: 'p-cancelled', createdAt: AT('19:00') } },
    attempt: (db) => toggle(db, (batch) => batch.delete(doc(db, 'users/vera/favorites/p-cancelled'))) },
  { name: 'a favourite with an extra field', absent: ['users/vera/favorites/p-headliner'], role: 'visitor', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), { ...valid.favorite, favoriteCount: 1000 })) },
  { name: 'an anonymous visitor favouriting for themselves', role: 'anonymous', expect: 'allowed',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/anna/favorites/p-headliner'), valid.favorite)) },
  { name: 'raising a performance’s favoriteCount (programme staff)', role: 'programme', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/performances/p-headliner`), { favoriteCount: increment(1) }) },
  { name: 'creating a performance with a head start on its counter', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/performances/p-cheat`), performance({ startsAt: Timestamp.fromDate(AT('20:00')), endsAt: Timestamp.fromDate(AT('21:00')), favoriteCount: 500 })) },
  { name: 'raising a photo’s reactionCount (its uploader)', role: 'visitor', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-ready`), { reactionCount: increment(1) }) },
  { name: 'setting a photo’s published reactions (its uploader)', role: 'visitor', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-ready`), { reactions: { love: 500, fire: 0, clap: 0, wow: 0 } }) },
  { name: 'setting a photo’s published reactions (a moderator)', role: 'moderator', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-ready`), { 'reactions.love': 500 }) },
  { name: 'writing festival stats', role: 'admin', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/stats/trending`), { performances: ['p-headliner'] }) },
  { name: 'setting one’s own role on a user document', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { role: 'admin' }) },
  { name: 'preferences in a language Encore does not speak', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'fr', updatedAt: serverTimestamp() }) },
  { name: 'a reminder lead time Encore does not offer', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', reminderMinutes: 7, updatedAt: serverTimestamp() }) },
  { name: 'preferences with a client-chosen updatedAt', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', updatedAt: Timestamp.fromDate(AT('10:00')) }) },
  { name: 'another person’s preferences', role: 'otherUser', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'nl', updatedAt: serverTimestamp() }) },
  { name: 'an anonymous visitor choosing Dutch and a 10-minute reminder', role: 'anonymous', expect: 'allowed',
    attempt: (db) => setDoc(doc(db, 'users/anna'), { locale: 'nl', reminderMinutes: 10, updatedAt: serverTimestamp() }) },
  { name: 'marking news seen up to the newest announcement', role: 'visitor', expect: 'allowed',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', newsSeenAt: Timestamp.fromDate(AT('19:00')), updatedAt: serverTimestamp() }) },
  { name: 'marking news seen in the future (so later announcements never count as unread)', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', newsSeenAt: Timestamp.fromDate(new Date('2099-01-01T00:00:00Z')), updatedAt: serverTimestamp() }) },
  { name: 'news seen as a string', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', newsSeenAt: '2026-08-14', updatedAt: serverTimestamp() }) },
  { name: 'an anonymous visitor registering their phone for pushes', role: 'anonymous', expect: 'allowed',
    attempt: (db) => setDoc(doc(db, 'users/anna/devices/anna-phone-0001'), { token: 'fcm-token-9', festivalId: 'encore-2026', locale: 'en', userAgent: 'Safari on iPhone', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'registering a device under another person', role: 'otherUser', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera/devices/sneaky-device-01'), { token: 'fcm-token-9', festivalId: 'encore-2026', locale: 'en', userAgent: 'Safari on iPhone', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'a device with a client-chosen createdAt', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera/devices/vera-laptop-0002'), { ...{ token: 'fcm-token-9', festivalId: 'encore-2026', locale: 'en', userAgent: 'Safari on iPhone', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }, createdAt: Timestamp.fromDate(AT('10:00')) }) },
  { name: 'a device under an id that is not one the app makes', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera/devices/x'), { token: 'fcm-token-9', festivalId: 'encore-2026', locale: 'en', userAgent: 'Safari on iPhone', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'a device with an extra field', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera/devices/vera-laptop-0002'), { ...{ token: 'fcm-token-9', festivalId: 'encore-2026', locale: 'en', userAgent: 'Safari on iPhone', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }, role: 'staff' }) },
  { name: 'a device with a language Encore does not speak', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera/devices/vera-laptop-0002'), { ...{ token: 'fcm-token-9', festivalId: 'encore-2026', locale: 'en', userAgent: 'Safari on iPhone', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }, locale: 'de' }) },
  { name: 'refreshing a device token and moving its createdAt', role: 'visitor', expect: 'denied',
    arrange: { 'users/vera/devices/vera-phone-0001': { token: 'fcm-token-1', festivalId: 'encore-2026', locale: 'nl', userAgent: 'Chrome on Android', createdAt: AT('18:00'), updatedAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, 'users/vera/devices/vera-phone-0001'), { token: 'fcm-token-4', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'planting a push in one’s own outbox (only functions send)', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera/devices/vera-phone-0001/deliveries/m-fake'), { kind: 'announcement', title: 'Urgent: fake', body: 'x', link: '/inbox', tag: 't', token: 'local:abc', sentAt: serverTimestamp() }) },
  { name: 'changing a photo’s uploaderUid (its uploader)', role: 'visitor', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-ready`), { uploaderUid: 'otto', updatedAt: serverTimestamp() }) },
  { name: 'changing a photo’s uploaderUid while hiding it (a moderator)', role: 'moderator', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-ready`), { status: 'hidden', uploaderUid: 'moe', updatedAt: serverTimestamp() }) },
  { name: 'approving one’s own processing photo', role: 'visitor', expect: 'denied', arrange: { [`${F}/photos/ph-mine`]: photo({}) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-mine`), { status: 'ready', updatedAt: serverTimestamp() }) },
  { name: 'a moderator restoring a hidden photo by writing its status (moderatePhoto does it, recording who)', role: 'moderator', expect: 'denied', arrange: { [`${F}/photos/ph-back`]: photo({ status: 'hidden' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-back`), { status: 'ready', updatedAt: serverTimestamp() }) },
  { name: 'the uploader accepting the suggested performance', role: 'visitor', expect: 'allowed', arrange: { [`${F}/photos/ph-suggested`]: photo({ status: 'ready' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-suggested`), { performanceId: 'p-headliner', updatedAt: serverTimestamp() }) },
  // Display names: the owner's own preferences, 1-40 characters, trimmed; nobody else reads them.
  { name: 'choosing a display name', role: 'visitor', expect: 'allowed',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', displayName: 'Vera V.', updatedAt: serverTimestamp() }) },
  { name: 'a display name of 41 characters', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', displayName: 'v'.repeat(41), updatedAt: serverTimestamp() }) },
  { name: 'a display name with surrounding spaces', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', displayName: ' Vera ', updatedAt: serverTimestamp() }) },
  { name: 'an empty display name', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', displayName: '', updatedAt: serverTimestamp() }) },
  { name: 'setting another person’s display name', role: 'otherUser', expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera'), { locale: 'en', displayName: 'Otto', updatedAt: serverTimestamp() }) },
  { name: 'reading another person’s display name', role: 'otherUser', expect: 'denied',
    arrange: { 'users/vera': { locale: 'en', displayName: 'Vera V.', updatedAt: AT('18:00') } },
    attempt: (db) => getDoc(doc(db, 'users/vera')) },
  // Photo attribution: the name is written by functions only, like every other photo field.
  { name: 'signing one’s photo with a name of one’s choosing after the fact (its uploader)', role: 'visitor', expect: 'denied',
    arrange: { [`${F}/photos/ph-named`]: photo({ status: 'ready', uploaderName: 'Vera' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-named`), { uploaderName: 'Somebody famous', updatedAt: serverTimestamp() }) },
  // Deleting one's photo: mark it deleted with deleteRequestedAt; functions do the rest.
  { name: 'the uploader deleting their ready photo', role: 'visitor', expect: 'allowed', arrange: { [`${F}/photos/ph-gone`]: photo({ status: 'ready' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-gone`), { status: 'deleted', deleteRequestedAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'the uploader deleting their hidden photo', role: 'visitor', expect: 'allowed', arrange: { [`${F}/photos/ph-gone`]: photo({ status: 'hidden' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-gone`), { status: 'deleted', deleteRequestedAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'deleting someone else’s photo', role: 'otherUser', expect: 'denied', arrange: { [`${F}/photos/ph-gone`]: photo({ status: 'ready' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-gone`), { status: 'deleted', deleteRequestedAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'the uploader deleting their photo while it is processing', role: 'visitor', expect: 'denied', arrange: { [`${F}/photos/ph-gone`]: photo({ status: 'processing' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-gone`), { status: 'deleted', deleteRequestedAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'the uploader deleting their photo with a client-chosen deleteRequestedAt', role: 'visitor', expect: 'denied', arrange: { [`${F}/photos/ph-gone`]: photo({ status: 'ready' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-gone`), { status: 'deleted', deleteRequestedAt: Timestamp.fromDate(AT('10:00')), updatedAt: serverTimestamp() }) },
  { name: 'the uploader marking their photo deleted without asking for its removal', role: 'visitor', expect: 'denied', arrange: { [`${F}/photos/ph-gone`]: photo({ status: 'ready' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-gone`), { status: 'deleted', updatedAt: serverTimestamp() }) },
  { name: 'the uploader deleting their photo document outright (functions do)', role: 'visitor', expect: 'denied', arrange: { [`${F}/photos/ph-gone`]: photo({ status: 'ready' }) },
    attempt: (db) => deleteDoc(doc(db, `${F}/photos/ph-gone`)) },
  { name: 'the uploader bringing a deleted photo back', role: 'visitor', expect: 'denied', arrange: { [`${F}/photos/ph-gone`]: photo({ status: 'deleted', deleteRequestedAt: AT('21:00') }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-gone`), { status: 'ready', updatedAt: serverTimestamp() }) },
  { name: 'a moderator publishing a rejected photo', role: 'moderator', expect: 'denied', arrange: { [`${F}/photos/ph-bad`]: photo({ status: 'rejected', rejectReason: 'Not a photo.' }) },
    attempt: (db) => updateDoc(doc(db, `${F}/photos/ph-bad`), { status: 'ready', updatedAt: serverTimestamp() }) },
  { name: 'listing every photo without asking for ready ones (rules are not filters)', role: 'visitor', expect: 'denied',
    attempt: (db) => getDocs(collection(db, `${F}/photos`)) },
  { name: 'listing another user’s photos by uploader', role: 'otherUser', expect: 'denied',
    attempt: (db) => getDocs(query(collection(db, `${F}/photos`), where('uploaderUid', '==', 'vera'))) },
  // A missing id and an unready photo answer alike, so a get never tells whether an id is taken.
  { name: 'getting a photo that does not exist', role: 'visitor', expect: 'denied',
    attempt: (db) => getDoc(doc(db, `${F}/photos/ph-not-yet`)) },
  { name: 'getting another uploader’s processing photo', role: 'otherUser', expect: 'denied',
    attempt: (db) => getDoc(doc(db, `${F}/photos/ph-processing`)) },
  { name: 'an uploader watching for their photo by id among their own, before it exists', role: 'visitor', expect: 'allowed',
    attempt: (db) => getDocs(query(collection(db, `${F}/photos`), where('uploaderUid', '==', 'vera'), where(documentId(), '==', 'ph-not-yet'))) },
  { name: 'watching someone else’s photo id among their photos', role: 'otherUser', expect: 'denied',
    attempt: (db) => getDocs(query(collection(db, `${F}/photos`), where('uploaderUid', '==', 'vera'), where(documentId(), '==', 'ph-processing'))) },
  { name: 'reacting in another user’s name', role: 'visitor', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, `${F}/photos/ph-ready/reactions/otto`), { kind: 'love', createdAt: serverTimestamp() })) },
  { name: 'reacting to a hidden photo', absent: [`${F}/photos/ph-hidden/reactions/vera`], role: 'visitor', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, `${F}/photos/ph-hidden/reactions/vera`), { kind: 'love', createdAt: serverTimestamp() })) },
  { name: 'reacting with a kind the app does not have', absent: [`${F}/photos/ph-ready/reactions/vera`], role: 'visitor', expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, `${F}/photos/ph-ready/reactions/vera`), { kind: 'poop', createdAt: serverTimestamp() })) },
  { name: 'an anonymous visitor reacting for themselves', role: 'anonymous', expect: 'allowed',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, `${F}/photos/ph-ready/reactions/anna`), { kind: 'clap', createdAt: serverTimestamp() })) },
  { name: 'changing one’s reaction by rewriting it (as the app does)', role: 'visitor', expect: 'allowed', arrange: { [`${F}/photos/ph-ready/reactions/vera`]: { kind: 'love', createdAt: AT('20:20') } },
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, `${F}/photos/ph-ready/reactions/vera`), { kind: 'wow', createdAt: serverTimestamp() })) },
  { name: 'changing one’s reaction after the photo was hidden', role: 'visitor', expect: 'denied', arrange: { [`${F}/photos/ph-hidden/reactions/vera`]: { kind: 'love', createdAt: AT('20:20') } },
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, `${F}/photos/ph-hidden/reactions/vera`), { kind: 'wow', createdAt: serverTimestamp() })) },
  { name: 'listing the reactions of a hidden photo', role: 'visitor', expect: 'denied',
    attempt: (db) => getDocs(collection(db, `${F}/photos/ph-hidden/reactions`)) },
  { name: 'listing the reactions of a photo that does not exist', role: 'visitor', expect: 'denied',
    attempt: (db) => getDocs(collection(db, `${F}/photos/ph-ghost/reactions`)) },
  // Reports: one per person per photo, from trusted accounts, rate-limited, about a visible photo.
  { name: 'an anonymous visitor reporting a photo', role: 'anonymous', absent: [`${F}/reports/ph-ready~anna`, limitOf('anna')], expect: 'denied',
    attempt: (db) => fileReport(db, 'anna', 'ph-ready') },
  { name: 'an account whose email is not verified reporting a photo', role: 'unverified', absent: [`${F}/reports/ph-ready~uma`, limitOf('uma')], expect: 'denied',
    attempt: (db) => fileReport(db, 'uma', 'ph-ready') },
  { name: 'an unverified account old enough to hold the trustedReporter claim reporting a photo', role: 'oldAccount', absent: [`${F}/reports/ph-ready~olaf`, limitOf('olaf')], expect: 'allowed',
    attempt: (db) => fileReport(db, 'olaf', 'ph-ready') },
  { name: 'a second report by the same person on the same photo (refused, not merged)', role: 'visitor', absent: [limitOf('vera')],
    arrange: { [`${F}/reports/ph-ready~vera`]: { photoId: 'ph-ready', reporterUid: 'vera', reason: 'spam', createdAt: AT('20:30') } }, expect: 'denied',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready', { reason: 'other' }) },
  { name: 'a report under an id that does not name its photo and reporter', role: 'visitor', absent: [limitOf('vera')], expect: 'denied',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready', {}, 'r-random') },
  { name: 'reporting in another user’s name', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-ready~otto`], expect: 'denied',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready', { reporterUid: 'otto' }) },
  { name: 'a report whose photoId is a path to another document that exists', role: 'visitor', absent: [limitOf('vera')],
    arrange: { [`${F}/photos/ph-ready/reactions/vera`]: { kind: 'love', createdAt: AT('20:20') } }, expect: 'denied',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready/reactions/vera', {}, 'r-path') },
  { name: 'reporting a photo that does not exist', role: 'visitor', absent: [limitOf('vera')], expect: 'denied',
    attempt: (db) => fileReport(db, 'vera', 'ph-ghost') },
  { name: 'reporting a hidden photo', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-hidden~vera`], expect: 'denied',
    attempt: (db) => fileReport(db, 'vera', 'ph-hidden') },
  { name: 'a report without moving the rate limit', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/reports/ph-ready~vera`), { photoId: 'ph-ready', reporterUid: 'vera', reason: 'spam', createdAt: serverTimestamp() }) },
  { name: 'two reports in one commit that moves the rate limit once', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`, `${F}/reports/ph-r1~vera`],
    arrange: { [`${F}/photos/ph-r1`]: photo({ status: 'ready' }) }, expect: 'denied',
    attempt: (db) => {
      const batch = writeBatch(db);
      for (const photoId of ['ph-ready', 'ph-r1']) batch.set(doc(db, `${F}/reports/${photoId}~vera`), { photoId, reporterUid: 'vera', reason: 'spam', createdAt: serverTimestamp() });
      batch.set(doc(db, limitOf('vera')), { windowStartsAt: serverTimestamp(), count: 1, lastReportId: reportLimitKeyFor('encore-2026', 'ph-r1', 'vera'), lastReportAt: serverTimestamp() });
      return batch.commit();
    } },
  // Issue 24: a festival's retention of originals (days, 1-365), set by its admins.
  { name: 'the festival’s admin setting its original retention to 30 days', role: 'admin', expect: 'allowed',
    attempt: (db) => setDoc(doc(db, F), { ...festival(FESTIVAL_A), originalRetentionDays: 30 }) },
  { name: 'the festival’s admin setting its original retention to 0 days', role: 'admin', expect: 'denied',
    attempt: (db) => setDoc(doc(db, F), { ...festival(FESTIVAL_A), originalRetentionDays: 0 }) },
  // Issue 35: a festival of one's own. Festivals are made by the createFestival callable, never by a client.
  { name: 'a project admin creating a festival from the client (createFestival does)', role: 'projectAdmin', absent: ['festivals/encore-2028'], expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'festivals/encore-2028'), festival('encore-2028')) },
  { name: 'a festival’s admin creating another festival from the client', role: 'admin', absent: ['festivals/encore-2028'], expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'festivals/encore-2028'), festival('encore-2028')) },
  { name: 'a project admin deleting a festival', role: 'projectAdmin', expect: 'denied',
    attempt: (db) => deleteDoc(doc(db, F)) },
  { name: 'programme staff editing the festival’s settings', role: 'programme', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { description: 'Three days by the water.' }) },
  { name: 'a moderator editing the festival’s settings', role: 'moderator', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { description: 'Three days by the water.' }) },
  { name: 'the admin of festival B editing festival A’s settings', role: 'staffOfB', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { description: 'Three days by the water.' }) },
  // The festival's new fields (model: festivalSchema): short name, address, languages, look, links.
  { name: 'the festival’s admin giving it a short name, an address, both languages with Dutch the default, its colours and links', role: 'admin', expect: 'allowed',
    attempt: (db) => updateDoc(doc(db, F), {
      shortName: 'Encore', address: 'NDSM-Plein 28, 1033 WB Amsterdam', languages: ['nl', 'en'], defaultLanguage: 'nl',
      colours: { primary: '#C8185B', secondary: '#1a1033' },
      links: { website: 'https://encore.example/', tickets: 'https://tickets.example/encore-2026', instagram: 'https://www.instagram.com/encore', tiktok: 'https://www.tiktok.com/@encore', youtube: 'https://youtu.be/abc123', facebook: 'https://facebook.com/encore', bluesky: 'https://bsky.app/profile/encore.example' },
    }) },
  { name: 'a project admin offering a festival in English only', role: 'projectAdmin', expect: 'allowed',
    attempt: (db) => updateDoc(doc(db, F), { languages: ['en'], defaultLanguage: 'en' }) },
  { name: 'a short name of 31 characters', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { shortName: 'x'.repeat(31) }) },
  { name: 'an empty short name', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { shortName: '' }) },
  { name: 'an address of 300 characters', role: 'admin', expect: 'allowed',
    attempt: (db) => updateDoc(doc(db, F), { address: 'a'.repeat(300) }) },
  { name: 'an address of 301 characters', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { address: 'a'.repeat(301) }) },
  { name: 'a festival offering no language', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { languages: [] }) },
  { name: 'a festival offering a language Encore does not speak', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { languages: ['en', 'de'] }) },
  { name: 'a festival offering three languages', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { languages: ['en', 'nl', 'en'] }) },
  { name: 'languages as a string', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { languages: 'en' }) },
  { name: 'a default language the festival does not offer', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { languages: ['en'], defaultLanguage: 'nl' }) },
  { name: 'a default language Encore does not speak', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { defaultLanguage: 'de' }) },
  { name: 'a default language without a list of languages (both offered)', role: 'admin', expect: 'allowed',
    attempt: (db) => updateDoc(doc(db, F), { defaultLanguage: 'nl' }) },
  { name: 'colours that are not #rrggbb', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { colours: { primary: 'red', secondary: '#1a1033' } }) },
  { name: 'a primary colour without a secondary one', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { colours: { primary: '#c8185b' } }) },
  { name: 'colours with a third one', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { colours: { primary: '#c8185b', secondary: '#1a1033', background: '#ffffff' } }) },
  { name: 'a festival’s http website', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { links: { website: 'http://encore.example/' } }) },
  { name: 'a festival’s javascript: tickets link', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { links: { tickets: 'javascript:alert(document.cookie)' } }) },
  { name: 'a festival’s "instagram" link to another site', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { links: { instagram: 'https://instagram.com.login.example/encore' } }) },
  { name: 'a festival link of a kind festivals do not show (an artist’s listen link)', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { links: { listen: 'https://encore.bandcamp.com/' } }) },
  { name: 'a festival link of 501 characters', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { links: { website: `https://encore.example/${'a'.repeat(478)}` } }) },
  { name: 'a festival field the model does not have', role: 'admin', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, F), { logoUrl: 'https://encore.example/logo.png' }) },
  // Roles per festival: programme staff do not moderate, moderators do not edit the programme,
  // the retired `staff` claim grants nothing, and a role in festival B grants nothing in A.
  { name: 'a moderator adding a stage', role: 'moderator', absent: [`${F}/stages/side`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'a moderator cancelling a set', role: 'moderator', expect: 'denied', arrange: { [`${F}/performances/p-row`]: performance({}) },
    attempt: (db) => updateDoc(doc(db, `${F}/performances/p-row`), { status: 'cancelled' }) },
  { name: 'a moderator posting an announcement in their own name', role: 'moderator', absent: [`${F}/announcements/a-moe`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-moe`), { title: 'Hi', body: 'Hello.', authorUid: 'moe', createdAt: serverTimestamp() }) },
  { name: 'programme staff suspending an uploader in their own name', role: 'programme', absent: [`${F}/suspensions/uli`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Spam', suspendedBy: 'pia', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }) },
  { name: 'programme staff reading the moderation queue', role: 'programme', arrange: { [`${F}/moderation/ph-hidden`]: { photoId: 'ph-hidden', reports: 3 } }, expect: 'denied',
    attempt: (db) => getDoc(doc(db, `${F}/moderation/ph-hidden`)) },
  { name: 'programme staff reading a hidden photo', role: 'programme', expect: 'denied',
    attempt: (db) => getDoc(doc(db, `${F}/photos/ph-hidden`)) },
  { name: 'a moderator reading a hidden photo', role: 'moderator', expect: 'allowed',
    attempt: (db) => getDoc(doc(db, `${F}/photos/ph-hidden`)) },
  { name: 'a moderator listing every photo (the moderation view)', role: 'moderator', expect: 'allowed',
    attempt: (db) => getDocs(query(collection(db, `${F}/photos`), orderBy('createdAt', 'desc'))) },
  { name: 'programme staff listing every photo', role: 'programme', expect: 'denied',
    attempt: (db) => getDocs(query(collection(db, `${F}/photos`), orderBy('createdAt', 'desc'))) },
  { name: 'programme staff listing the reports', role: 'programme', expect: 'denied',
    attempt: (db) => getDocs(collection(db, `${F}/reports`)) },
  { name: 'the retired staff claim (with a second factor) adding a stage', role: 'retiredStaff', absent: [`${F}/stages/side`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'the retired staff claim (with a second factor) suspending an uploader', role: 'retiredStaff', absent: [`${F}/suspensions/uli`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Spam', suspendedBy: 'sam', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }) },
  { name: 'the admin of festival B adding a stage to festival A', role: 'staffOfB', absent: [`${F}/stages/side`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'the admin of festival A adding a stage to festival B', role: 'admin', absent: [`festivals/${FESTIVAL_B}/stages/side`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `festivals/${FESTIVAL_B}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'the admin of festival B adding a stage to festival B', role: 'staffOfB', absent: [`festivals/${FESTIVAL_B}/stages/side`], expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `festivals/${FESTIVAL_B}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'a batch by A’s programme staff: a stage in A and one in B fails as a whole', role: 'programme', absent: [`${F}/stages/side`, `festivals/${FESTIVAL_B}/stages/side`], expect: 'denied',
    attempt: (db) => {
      const batch = writeBatch(db);
      batch.set(doc(db, `${F}/stages/side`), { name: 'Side', order: 2 });
      batch.set(doc(db, `festivals/${FESTIVAL_B}/stages/side`), { name: 'Side', order: 2 });
      return batch.commit();
    } },
  { name: 'a project admin (no staff document) adding a stage to festival B', role: 'projectAdmin', absent: [`festivals/${FESTIVAL_B}/stages/side`], expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `festivals/${FESTIVAL_B}/stages/side`), { name: 'Side', order: 2 }) },
  // A role is its document: taken away, or something other than a role, it grants nothing, at once.
  { name: 'programme staff whose role was removed adding a stage', role: 'programme', absent: [`${F}/staff/pia`, `${F}/stages/side`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'a moderator made programme staff adding a stage', role: 'moderator', arrange: { [`${F}/staff/moe`]: { ...STAFF_MEMBER, role: 'programme' } }, absent: [`${F}/stages/side`], expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'someone whose staff document holds a role that is not one adding a stage', role: 'visitorWithFactor', arrange: { [`${F}/staff/vic`]: { ...STAFF_MEMBER, role: 'owner' } }, absent: [`${F}/stages/side`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'someone whose staff document holds no role reading the moderation queue', role: 'visitorWithFactor', arrange: { [`${F}/staff/vic`]: { email: 'vic@example.com', addedAt: AT('09:00'), addedBy: null }, [`${F}/moderation/ph-hidden`]: { photoId: 'ph-hidden', reports: 3 } }, expect: 'denied',
    attempt: (db) => getDoc(doc(db, `${F}/moderation/ph-hidden`)) },
  // The staff documents: no client writes one (functions do: createFestival, invites, npm run grant).
  { name: 'a festival’s admin giving someone a role from the client', role: 'admin', absent: [`${F}/staff/vera`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/staff/vera`), { role: 'moderator', email: 'vera@example.com', addedAt: serverTimestamp(), addedBy: 'ada' }) },
  { name: 'a project admin giving someone a role from the client', role: 'projectAdmin', absent: [`${F}/staff/vera`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/staff/vera`), { role: 'moderator', email: 'vera@example.com', addedAt: serverTimestamp(), addedBy: 'olga' }) },
  { name: 'a festival’s admin taking a role away from the client', role: 'admin', expect: 'denied',
    attempt: (db) => deleteDoc(doc(db, `${F}/staff/moe`)) },
  { name: 'a moderator making themselves admin', role: 'moderator', expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/staff/moe`), { role: 'admin' }) },
  { name: 'the admin of festival B making themselves admin of festival A', role: 'staffOfB', absent: [`${F}/staff/bea`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/staff/bea`), { role: 'admin', email: 'bea@example.com', addedAt: serverTimestamp(), addedBy: null }) },
  { name: 'a festival’s admin reading another member’s role', role: 'admin', expect: 'allowed',
    attempt: (db) => getDoc(doc(db, `${F}/staff/pia`)) },
  { name: 'a moderator reading another member’s role (the moderation console names who hid and suspended)', role: 'moderator', expect: 'allowed',
    attempt: (db) => getDoc(doc(db, `${F}/staff/pia`)) },
  { name: 'the admin of festival B listing festival A’s staff', role: 'staffOfB', expect: 'denied',
    attempt: (db) => getDocs(collection(db, `${F}/staff`)) },
  { name: 'the admin of festival A listing festival B’s staff', role: 'admin', expect: 'denied',
    attempt: (db) => getDocs(collection(db, `festivals/${FESTIVAL_B}/staff`)) },
  { name: 'a festival’s admin without a second factor listing its staff', role: 'adminNoFactor', expect: 'denied',
    attempt: (db) => getDocs(collection(db, `${F}/staff`)) },
  { name: 'programme staff without a second factor reading their own role (the app tells them to enrol)', role: 'programmeNoFactor', expect: 'allowed',
    attempt: (db) => getDoc(doc(db, `${F}/staff/pia`)) },
  // Issue 24: the report id is the same in every festival holding the photo id; the limit names the festival.
  { name: 'two reports of one photo id in two festivals, in one commit that moves the rate limit once', role: 'visitor',
    absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`, 'festivals/encore-2027/reports/ph-ready~vera'],
    arrange: { 'festivals/encore-2027/photos/ph-ready': photo({ status: 'ready' }) }, expect: 'denied',
    attempt: (db) => {
      const batch = writeBatch(db);
      for (const festival of [F, 'festivals/encore-2027']) batch.set(doc(db, `${festival}/reports/ph-ready~vera`), { photoId: 'ph-ready', reporterUid: 'vera', reason: 'spam', createdAt: serverTimestamp() });
      batch.set(doc(db, limitOf('vera')), { windowStartsAt: serverTimestamp(), count: 1, lastReportId: 'ph-ready~vera', lastReportAt: serverTimestamp() });
      return batch.commit();
    } },
  { name: 'the same pair with the festival in the limit key (one of the two reports is not named by it)', role: 'visitor',
    absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`, 'festivals/encore-2027/reports/ph-ready~vera'],
    arrange: { 'festivals/encore-2027/photos/ph-ready': photo({ status: 'ready' }) }, expect: 'denied',
    attempt: (db) => {
      const batch = writeBatch(db);
      for (const festival of [F, 'festivals/encore-2027']) batch.set(doc(db, `${festival}/reports/ph-ready~vera`), { photoId: 'ph-ready', reporterUid: 'vera', reason: 'spam', createdAt: serverTimestamp() });
      batch.set(doc(db, limitOf('vera')), { windowStartsAt: serverTimestamp(), count: 1, lastReportId: reportLimitKeyFor('encore-2026', 'ph-ready', 'vera'), lastReportAt: serverTimestamp() });
      return batch.commit();
    } },
  { name: 'reporting a photo id in a second festival, in its own commit with its own limit move', role: 'visitor',
    absent: ['festivals/encore-2027/reports/ph-ready~vera'],
    arrange: { 'festivals/encore-2027/photos/ph-ready': photo({ status: 'ready' }), [limitOf('vera')]: { windowStartsAt: new Date(Date.now() - 5 * 60_000), count: 1, lastReportId: reportLimitKeyFor('encore-2026', 'ph-ready', 'vera'), lastReportAt: new Date(Date.now() - 5 * 60_000) } },
    expect: 'allowed',
    attempt: (db) => runTransaction(db, async (tx) => {
      const limit = await tx.get(doc(db, limitOf('vera')));
      tx.set(doc(db, 'festivals/encore-2027/reports/ph-ready~vera'), { photoId: 'ph-ready', reporterUid: 'vera', reason: 'spam', createdAt: serverTimestamp() });
      tx.set(doc(db, limitOf('vera')), { windowStartsAt: limit.get('windowStartsAt') as Timestamp, count: 2, lastReportId: reportLimitKeyFor('encore-2027', 'ph-ready', 'vera'), lastReportAt: serverTimestamp() });
    }) },
  { name: 'a report whose limit key names another festival than the report', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`], expect: 'denied',
    attempt: (db) => {
      const batch = writeBatch(db);
      batch.set(doc(db, `${F}/reports/ph-ready~vera`), { photoId: 'ph-ready', reporterUid: 'vera', reason: 'spam', createdAt: serverTimestamp() });
      batch.set(doc(db, limitOf('vera')), { windowStartsAt: serverTimestamp(), count: 1, lastReportId: reportLimitKeyFor('encore-2027', 'ph-ready', 'vera'), lastReportAt: serverTimestamp() });
      return batch.commit();
    } },
  { name: `a report past the limit of ${REPORTS_PER_WINDOW} an hour`, role: 'visitor', absent: [`${F}/reports/ph-ready~vera`],
    arrange: { [limitOf('vera')]: { windowStartsAt: new Date(Date.now() - 10 * 60_000), count: REPORTS_PER_WINDOW, lastReportId: 'ph-r10~vera', lastReportAt: new Date(Date.now() - 60_000) } }, expect: 'denied',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready') },
  { name: 'opening a new window before the hour is over, to report again', role: 'visitor', absent: [`${F}/reports/ph-ready~vera`],
    arrange: { [limitOf('vera')]: { windowStartsAt: new Date(Date.now() - 10 * 60_000), count: REPORTS_PER_WINDOW, lastReportId: 'ph-r10~vera', lastReportAt: new Date(Date.now() - 60_000) } }, expect: 'denied',
    attempt: (db) => {
      const batch = writeBatch(db);
      batch.set(doc(db, `${F}/reports/ph-ready~vera`), { photoId: 'ph-ready', reporterUid: 'vera', reason: 'spam', createdAt: serverTimestamp() });
      batch.set(doc(db, limitOf('vera')), { windowStartsAt: serverTimestamp(), count: 1, lastReportId: reportLimitKeyFor('encore-2026', 'ph-ready', 'vera'), lastReportAt: serverTimestamp() });
      return batch.commit();
    } },
  { name: 'reporting again once the hour of a full window is over', role: 'visitor', absent: [`${F}/reports/ph-ready~vera`],
    arrange: { [limitOf('vera')]: { windowStartsAt: new Date(Date.now() - 61 * 60_000), count: REPORTS_PER_WINDOW, lastReportId: 'ph-r10~vera', lastReportAt: new Date(Date.now() - 55 * 60_000) } }, expect: 'allowed',
    attempt: (db) => {
      const batch = writeBatch(db);
      batch.set(doc(db, `${F}/reports/ph-ready~vera`), { photoId: 'ph-ready', reporterUid: 'vera', reason: 'spam', createdAt: serverTimestamp() });
      batch.set(doc(db, limitOf('vera')), { windowStartsAt: serverTimestamp(), count: 1, lastReportId: reportLimitKeyFor('encore-2026', 'ph-ready', 'vera'), lastReportAt: serverTimestamp() });
      return batch.commit();
    } },
  { name: 'resetting one’s own rate limit by deleting it', role: 'visitor',
    arrange: { [limitOf('vera')]: { windowStartsAt: AT('20:00'), count: REPORTS_PER_WINDOW, lastReportId: 'ph-r10~vera', lastReportAt: AT('20:10') } }, expect: 'denied',
    attempt: (db) => deleteDoc(doc(db, limitOf('vera'))) },
  { name: 'reading someone else’s report', role: 'visitor', arrange: { [`${F}/reports/ph-ready~otto`]: { photoId: 'ph-ready', reporterUid: 'otto', reason: 'spam', createdAt: AT('20:30') } }, expect: 'denied',
    attempt: (db) => getDoc(doc(db, `${F}/reports/ph-ready~otto`)) },
  { name: 'asking whether one has reported a photo, before reporting it', role: 'visitor', absent: [`${F}/reports/ph-hidden~vera`], expect: 'allowed',
    attempt: (db) => getDoc(doc(db, `${F}/reports/ph-hidden~vera`)) },
  { name: 'reading why a photo was hidden', role: 'visitor', arrange: { [`${F}/moderation/ph-hidden`]: { photoId: 'ph-hidden', reports: 3 } }, expect: 'denied',
    attempt: (db) => getDoc(doc(db, `${F}/moderation/ph-hidden`)) },
  // Issue 22: staff suspend a person's reports (and uploads: storage-matrix) in one festival.
  { name: 'a suspended visitor reporting a photo', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`],
    arrange: { [`${F}/suspensions/vera`]: suspension({}) }, expect: 'denied',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready') },
  { name: 'a visitor whose suspension was lifted reporting a photo', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`], expect: 'allowed',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready') },
  { name: 'a visitor suspended in another festival reporting a photo here', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`],
    arrange: { 'festivals/encore-2025/suspensions/vera': suspension({}) }, expect: 'allowed',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready') },
  { name: 'a suspended visitor reading their own suspension (the app tells them until when)', role: 'visitor', arrange: { [`${F}/suspensions/vera`]: suspension({}) }, expect: 'allowed',
    attempt: (db) => getDoc(doc(db, `${F}/suspensions/vera`)) },
  { name: 'a visitor reading someone else’s suspension', role: 'visitor', arrange: { [`${F}/suspensions/uli`]: suspension({}) }, expect: 'denied',
    attempt: (db) => getDoc(doc(db, `${F}/suspensions/uli`)) },
  // Issue 36: a suspension may end by itself (`until`, at most 30 days on).
  { name: 'a visitor whose suspension ended (its `until` passed) reporting a photo', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`],
    arrange: { [`${F}/suspensions/vera`]: suspension({ until: new Date(Date.now() - 60_000) }) }, expect: 'allowed',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready') },
  { name: 'a visitor suspended until tomorrow reporting a photo', role: 'visitor', absent: [limitOf('vera'), `${F}/reports/ph-ready~vera`],
    arrange: { [`${F}/suspensions/vera`]: suspension({ until: new Date(Date.now() + 86_400_000) }) }, expect: 'denied',
    attempt: (db) => fileReport(db, 'vera', 'ph-ready') },
  { name: 'a moderator suspending an uploader until tomorrow', role: 'moderator', absent: [`${F}/suspensions/uli`], expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Spam', suspendedBy: 'moe', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null, until: new Date(Date.now() + 86_400_000) }) },
  { name: 'a moderator suspending an uploader until a moment already past', role: 'moderator', absent: [`${F}/suspensions/uli`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Spam', suspendedBy: 'moe', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null, until: new Date(Date.now() - 60_000) }) },
  { name: 'a moderator suspending again once a suspension with an end has ended', role: 'moderator', arrange: { [`${F}/suspensions/uli`]: suspension({ until: new Date(Date.now() - 60_000) }) }, expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Again', suspendedBy: 'moe', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null, until: null }) },
  { name: 'a moderator rewriting a suspension with an end that has not ended yet', role: 'moderator', arrange: { [`${F}/suspensions/uli`]: suspension({ suspendedBy: 'ada', until: new Date(Date.now() + 86_400_000) }) }, expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Mine now', suspendedBy: 'moe', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null, until: null }) },
  { name: 'a moderator suspending an uploader for longer than 30 days (with an end)', role: 'moderator', absent: [`${F}/suspensions/uli`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Spam', suspendedBy: 'moe', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null, until: new Date(Date.now() + 31 * 86_400_000) }) },
  { name: 'a suspended visitor lifting their own suspension', role: 'visitor', arrange: { [`${F}/suspensions/vera`]: suspension({}) }, expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/suspensions/vera`), { active: false, liftedBy: 'vera', liftedAt: serverTimestamp() }) },
  { name: 'a visitor who signed in with a second factor suspending someone', role: 'visitorWithFactor', absent: [`${F}/suspensions/uli`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Spam', suspendedBy: 'vic', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }) },
  { name: 'a moderator without a second factor suspending an uploader', role: 'moderatorNoFactor', absent: [`${F}/suspensions/uli`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Spam', suspendedBy: 'moe', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }) },
  { name: 'a moderator suspending in another staff member’s name', role: 'moderator', absent: [`${F}/suspensions/uli`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Spam', suspendedBy: 'ada', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }) },
  { name: 'a moderator suspending without a reason', role: 'moderator', absent: [`${F}/suspensions/uli`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: '', suspendedBy: 'moe', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }) },
  { name: 'a moderator lifting a suspension and rewriting why it was made', role: 'moderator', arrange: { [`${F}/suspensions/uli`]: suspension({}) }, expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/suspensions/uli`), { active: false, liftedBy: 'moe', liftedAt: serverTimestamp(), reason: 'Nothing happened' }) },
  { name: 'a moderator lifting a suspension in another staff member’s name', role: 'moderator', arrange: { [`${F}/suspensions/uli`]: suspension({}) }, expect: 'denied',
    attempt: (db) => updateDoc(doc(db, `${F}/suspensions/uli`), { active: false, liftedBy: 'ada', liftedAt: serverTimestamp() }) },
  { name: 'a moderator suspending again after a lift, recording who and why anew', role: 'moderator', arrange: { [`${F}/suspensions/uli`]: suspension({ active: false, liftedBy: 'ada', liftedAt: AT('19:00') }) }, expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Again', suspendedBy: 'moe', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }) },
  { name: 'a moderator rewriting an active suspension in their own name', role: 'moderator', arrange: { [`${F}/suspensions/uli`]: suspension({ suspendedBy: 'ada' }) }, expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Mine now', suspendedBy: 'moe', suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }) },
  // Staff rights need the role and a sign-in with a second factor; the policy table asks
  // every staff path of staff and admins without one (denied). A factor alone is no role,
  // and production's authenticator-app factor (TOTP) counts like an SMS code.
  { name: 'a visitor who signed in with a second factor adding a stage', role: 'visitorWithFactor', absent: [`${F}/stages/side`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'a visitor who signed in with a second factor reading the moderation queue', role: 'visitorWithFactor', arrange: { [`${F}/moderation/ph-hidden`]: { photoId: 'ph-hidden', reports: 3 } }, expect: 'denied',
    attempt: (db) => getDoc(doc(db, `${F}/moderation/ph-hidden`)) },
  { name: 'programme staff signed in with an authenticator app (TOTP) adding a stage', role: 'programmeWithTotp', absent: [`${F}/stages/side`], expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/stages/side`), { name: 'Side', order: 2 }) },
  { name: 'programme staff without a second factor posting an announcement in their own name', role: 'programmeNoFactor', absent: [`${F}/announcements/a-nofactor`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-nofactor`), { title: 'Hi', body: 'Hello.', authorUid: 'pia', createdAt: serverTimestamp() }) },
  { name: 'programme staff with a second factor posting the same announcement', role: 'programme', absent: [`${F}/announcements/a-nofactor`], expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-nofactor`), { title: 'Hi', body: 'Hello.', authorUid: 'pia', createdAt: serverTimestamp() }) },
  // Announcements are corrected, lowered and withdrawn with who and when; never raised by an edit.
  { name: 'programme staff withdrawing an urgent announcement, recording who and when', role: 'programme', expect: 'allowed',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'urgent', createdAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/announcements/a-urgent`), { status: 'withdrawn', withdrawnAt: serverTimestamp(), withdrawnBy: 'pia' }) },
  { name: 'programme staff without a second factor withdrawing an urgent announcement', role: 'programmeNoFactor', expect: 'denied',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'urgent', createdAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/announcements/a-urgent`), { status: 'withdrawn', withdrawnAt: serverTimestamp(), withdrawnBy: 'pia' }) },
  { name: 'programme staff withdrawing an announcement in another person’s name', role: 'programme', expect: 'denied',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'urgent', createdAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/announcements/a-urgent`), { status: 'withdrawn', withdrawnAt: serverTimestamp(), withdrawnBy: 'ada' }) },
  { name: 'programme staff bringing a withdrawn announcement back', role: 'programme', expect: 'denied',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'urgent', status: 'withdrawn', withdrawnAt: AT('18:10'), withdrawnBy: 'pia', createdAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/announcements/a-urgent`), { status: 'published', editedAt: serverTimestamp(), editedBy: 'pia' }) },
  { name: 'programme staff lowering an urgent announcement to normal, recording who and when', role: 'programme', expect: 'allowed',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'urgent', createdAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/announcements/a-urgent`), { priority: 'normal', editedAt: serverTimestamp(), editedBy: 'pia' }) },
  { name: 'programme staff raising a normal announcement to urgent by an edit (a push goes out only when posted)', role: 'programme', expect: 'denied',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'normal', createdAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/announcements/a-urgent`), { priority: 'urgent', editedAt: serverTimestamp(), editedBy: 'pia' }) },
  { name: 'programme staff correcting an announcement without recording who', role: 'programme', expect: 'denied',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'urgent', createdAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/announcements/a-urgent`), { bodyNl: 'Zoek beschutting.' }) },
  { name: 'programme staff writing how many devices the push reached (functions count it)', role: 'programme', expect: 'denied',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'urgent', createdAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/announcements/a-urgent`), { pushedDevices: 100000, editedAt: serverTimestamp(), editedBy: 'pia' }) },
  { name: 'programme staff posting an announcement in Dutch only', role: 'programme', absent: [`${F}/announcements/a-urgent`], expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-urgent`), { title: '', body: '', titleNl: 'Onweer', bodyNl: 'Zoek beschutting.', authorUid: 'pia', authorName: 'pia@example.com', createdAt: serverTimestamp() }) },
  { name: 'programme staff posting an announcement with no title in either language', role: 'programme', absent: [`${F}/announcements/a-urgent`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-urgent`), { title: '', body: 'Take shelter.', titleNl: '', authorUid: 'pia', createdAt: serverTimestamp() }) },
  { name: 'programme staff posting an announcement in another person’s name', role: 'programme', absent: [`${F}/announcements/a-urgent`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-urgent`), { title: 'Storm', body: 'Take shelter.', authorUid: 'pia', authorName: 'ada@example.com', createdAt: serverTimestamp() }) },
  { name: 'programme staff posting an announcement already withdrawn', role: 'programme', absent: [`${F}/announcements/a-urgent`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-urgent`), { title: 'Storm', body: 'Take shelter.', status: 'withdrawn', createdAt: serverTimestamp() }) },
  // Issue 36: an urgent one records when (kept through lowering and withdrawal); one all clear each, under `{id}-all-clear`.
  { name: 'programme staff posting an urgent announcement recording when it was urgent', role: 'programme', absent: [`${F}/announcements/a-storm`], expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-storm`), { title: 'Storm', body: 'Take shelter.', priority: 'urgent', urgentAt: serverTimestamp(), authorUid: 'pia', createdAt: serverTimestamp() }) },
  { name: 'programme staff posting a normal announcement that claims it was urgent', role: 'programme', absent: [`${F}/announcements/a-storm`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-storm`), { title: 'Storm', body: 'Take shelter.', priority: 'normal', urgentAt: serverTimestamp(), authorUid: 'pia', createdAt: serverTimestamp() }) },
  { name: 'programme staff following a withdrawn urgent announcement up with an urgent all clear', role: 'programme', absent: [`${F}/announcements/a-urgent-all-clear`], expect: 'allowed',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'urgent', urgentAt: AT('18:00'), status: 'withdrawn', withdrawnAt: AT('18:10'), withdrawnBy: 'pia', createdAt: AT('18:00') } },
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-urgent-all-clear`), { title: 'All clear: Storm', body: 'It is over.', priority: 'urgent', urgentAt: serverTimestamp(), followUpOf: 'a-urgent', authorUid: 'pia', createdAt: serverTimestamp() }) },
  { name: 'programme staff posting an all clear under an id of their choosing (a second one for the same announcement)', role: 'programme', absent: [`${F}/announcements/a-second`], expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-second`), { title: 'All clear: Storm', body: 'It is over.', priority: 'urgent', urgentAt: serverTimestamp(), followUpOf: 'a-urgent', authorUid: 'pia', createdAt: serverTimestamp() }) },
  { name: 'programme staff erasing when a lowered announcement was urgent', role: 'programme', expect: 'denied',
    arrange: { [`${F}/announcements/a-urgent`]: { title: 'Storm', body: 'Take shelter.', priority: 'normal', urgentAt: AT('18:00'), createdAt: AT('18:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/announcements/a-urgent`), { urgentAt: deleteField(), editedAt: serverTimestamp(), editedBy: 'pia' }) },
  // Programme data is validated item by item.
  { name: 'programme staff creating an artist with ten valid genres', role: 'programme', expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-ten`), { name: 'Ten', bio: '', genres: Array.from({ length: 10 }, (_, i) => `genre ${i}`) }) },
  { name: 'programme staff creating an artist whose genres hold a number', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-number`), { name: 'N', bio: '', genres: ['pop', 42] }) },
  { name: 'programme staff creating an artist with an empty genre', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-empty`), { name: 'E', bio: '', genres: ['pop', ''] }) },
  { name: 'programme staff creating an artist with a 41-character genre, tenth in the list', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-long`), { name: 'L', bio: '', genres: [...Array.from({ length: 9 }, () => 'pop'), 'x'.repeat(41)] }) },
  { name: 'programme staff creating an artist with a map for a genre', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-map`), { name: 'M', bio: '', genres: [{ name: 'pop' }] }) },
  // Artist links and pictures: https links only, socials on their own network; the picture is the pipeline's.
  { name: 'programme staff giving an artist a website, a listen link and socials on their networks', role: 'programme', expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-links`), { ...ARTIST, links: LINKS }) },
  { name: 'programme staff giving an artist an http website', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-http`), { ...ARTIST, links: { website: 'http://nightjars.example/' } }) },
  { name: 'programme staff giving an artist a javascript: listen link', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-js`), { ...ARTIST, links: { listen: 'javascript:alert(document.cookie)' } }) },
  { name: 'programme staff giving an artist an "instagram" link to another site', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-phish`), { ...ARTIST, links: { instagram: 'https://instagram.com.login.example/nightjars' } }) },
  { name: 'programme staff giving an artist a link of a kind Encore does not show', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-myspace`), { ...ARTIST, links: { myspace: 'https://myspace.com/nightjars' } }) },
  { name: 'programme staff creating an artist with a picture (the pipeline derives it)', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-pic`), { ...ARTIST, image: { uploadId: 'x', renditions: [] } }) },
  { name: 'programme staff marking an artist picture upload ready', role: 'programme', expect: 'denied', arrange: { [`${F}/artists/a-upload`]: { ...ARTIST, imageUpload: { uploadId: 'u1', status: 'processing', rejectReason: null, updatedAt: AT('10:00') } } },
    attempt: (db) => updateDoc(doc(db, `${F}/artists/a-upload`), { 'imageUpload.status': 'ready' }) },
  { name: 'programme staff editing the bio of an artist with a picture (the picture kept)', role: 'programme', expect: 'allowed', arrange: { [`${F}/artists/a-shown`]: { ...ARTIST, image: PICTURE } },
    attempt: (db) => updateDoc(doc(db, `${F}/artists/a-shown`), { bio: 'Now from Rotterdam.' }) },
  { name: 'programme staff replacing an artist with a picture by one without (setDoc drops the picture)', role: 'programme', expect: 'denied', arrange: { [`${F}/artists/a-wiped`]: { ...ARTIST, image: PICTURE } },
    attempt: (db) => setDoc(doc(db, `${F}/artists/a-wiped`), ARTIST) },
  // The venue map: shape, sizes and server time checked; the plan image is the pipeline's.
  { name: 'programme staff moving markers on a map with a plan (the plan kept)', role: 'programme', expect: 'allowed', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00'), image: PICTURE } },
    attempt: (db) => updateDoc(doc(db, `${F}/venue/map`), { markers: [{ id: 'exit-1', kind: 'exit', x: 0.1, y: 0.2 }], updatedAt: serverTimestamp() }) },
  { name: 'programme staff putting a plan image on the map themselves', role: 'programme', expect: 'denied', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/venue/map`), { image: PICTURE, updatedAt: serverTimestamp() }) },
  { name: 'programme staff dating a map change themselves', role: 'programme', expect: 'denied', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/venue/map`), { markers: [], updatedAt: Timestamp.fromDate(AT('09:00')) }) },
  { name: 'programme staff putting 201 markers on the map', role: 'programme', expect: 'denied', absent: [`${F}/venue/map`],
    attempt: (db) => setDoc(doc(db, `${F}/venue/map`), { markers: Array.from({ length: 201 }, (_, i) => ({ id: `m-${i}`, kind: 'water', x: 0.5, y: 0.5 })), routes: [], updatedAt: serverTimestamp() }) },
  { name: 'programme staff writing a venue document other than the map', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/venue/secret`), { markers: [], routes: [], updatedAt: serverTimestamp() }) },
  { name: 'programme staff placing the plan on the earth with two control points', role: 'programme', expect: 'allowed', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/venue/map`), { georeference: { planAspect: 1.5, points: [{ x: 0.1, y: 0.9, lat: 52.35, lng: 5.0 }, { x: 0.9, y: 0.5, lat: 52.353, lng: 5.016 }] }, updatedAt: serverTimestamp() }) },
  { name: 'programme staff georeferencing the plan with one control point', role: 'programme', expect: 'denied', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/venue/map`), { georeference: { planAspect: 1.5, points: [{ x: 0.1, y: 0.9, lat: 52.35, lng: 5.0 }] }, updatedAt: serverTimestamp() }) },
  // Staff's walking minutes between stages (a list the schema checks in full; the rules its size).
  { name: 'programme staff entering the walk between two stages', role: 'programme', expect: 'allowed', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/venue/map`), { walks: [{ from: 'main-stage', to: 'harbour-tent', minutes: 12 }], updatedAt: serverTimestamp() }) },
  { name: 'programme staff entering more walks than 30 stages have pairs', role: 'programme', expect: 'denied', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/venue/map`), { walks: Array.from({ length: 436 }, (_, i) => ({ from: `s-${i}`, to: `t-${i}`, minutes: 5 })), updatedAt: serverTimestamp() }) },
  { name: 'programme staff entering the walks as a map instead of a list', role: 'programme', expect: 'denied', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/venue/map`), { walks: { 'main-stage': 12 }, updatedAt: serverTimestamp() }) },
  { name: 'a visitor entering a walk between two stages', role: 'visitor', expect: 'denied', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00') } },
    attempt: (db) => updateDoc(doc(db, `${F}/venue/map`), { walks: [{ from: 'main-stage', to: 'harbour-tent', minutes: 1 }], updatedAt: serverTimestamp() }) },
  // Info pages: shape, both languages, a title, server time.
  { name: 'programme staff writing an info page in English only', role: 'programme', expect: 'allowed',
    attempt: (db) => setDoc(doc(db, `${F}/info/transport`), infoPage({ title: { en: 'Getting there', nl: '' }, body: { en: 'Tram 26.', nl: '' }, updatedAt: serverTimestamp() })) },
  { name: 'programme staff writing an info page without a title in either language', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/info/untitled`), infoPage({ title: { en: '', nl: '' }, updatedAt: serverTimestamp() })) },
  { name: 'programme staff writing an info page with raw HTML beside its text', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/info/html`), { ...infoPage({ updatedAt: serverTimestamp() }), html: '<script>alert(1)</script>' }) },
  { name: 'programme staff writing an info page in a third language', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/info/german`), infoPage({ title: { en: 'Lockers', nl: 'Kluisjes', de: 'Schließfächer' }, updatedAt: serverTimestamp() })) },
  { name: 'programme staff dating an info page themselves', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/info/dated`), infoPage({ updatedAt: Timestamp.fromDate(AT('09:00')) })) },
  { name: 'programme staff writing an info page under an id that is not a slug', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/info/Not A Slug`), infoPage({ updatedAt: serverTimestamp() })) },
  { name: 'a visitor writing an info page', role: 'visitor', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/info/fake`), infoPage({ updatedAt: serverTimestamp() })) },
  { name: 'programme staff deleting the venue map', role: 'programme', expect: 'denied', arrange: { [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT('10:00') } },
    attempt: (db) => deleteDoc(doc(db, `${F}/venue/map`)) },
  { name: 'a favourite whose festivalId is not a festival id (though the path it makes exists)', role: 'visitor', absent: ['users/vera/favorites/p-headliner'],
    arrange: { 'festivals/Encore 2026/performances/p-headliner': performance({}) }, expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), { ...valid.favorite, festivalId: 'Encore 2026' })) },
  { name: 'marking a notice read and rewriting its text', role: 'visitor', expect: 'denied', arrange: { 'users/vera/notices/n-1': { kind: 'moved', text: 'Moved.', createdAt: AT('18:00'), readAt: null } },
    attempt: (db) => updateDoc(doc(db, 'users/vera/notices/n-1'), { readAt: serverTimestamp(), text: 'Cancelled!' }) },
  { name: 'programme staff creating an announcement signed as someone else', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/announcements/a-forged`), { title: 'Hi', body: 'Hello.', authorUid: 'ada', createdAt: serverTimestamp() }) },
  { name: 'programme staff creating a stage whose id is not a slug', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/stages/Main Stage`), { name: 'Main', order: 0 }) },
  { name: 'programme staff creating a performance that lasts 13 hours', role: 'programme', expect: 'denied',
    attempt: (db) => setDoc(doc(db, `${F}/performances/p-long`), performance({ startsAt: Timestamp.fromDate(AT('08:00')), endsAt: Timestamp.fromDate(AT('21:00')) })) },
  { name: 'a batch: favourite plus a forged stats write fails as a whole', role: 'visitor', expect: 'denied',
    attempt: (db) => {
      const batch = writeBatch(db);
      countToggle(db, batch);
      batch.set(doc(db, 'users/vera/favorites/p-headliner'), valid.favorite);
      batch.set(doc(db, `${F}/stats/totals`), { favorites: 1_000_000 });
      return batch.commit();
    } },
  // The toggle limit (TOGGLES_PER_WINDOW a minute): a favourite or reaction must move it in the same commit.
  { name: 'a favourite without moving the toggle limit', role: 'visitor', absent: ['users/vera/favorites/p-headliner'], expect: 'denied',
    attempt: (db) => setDoc(doc(db, 'users/vera/favorites/p-headliner'), valid.favorite) },
  { name: 'taking a reaction back without moving the toggle limit', role: 'visitor', arrange: { [`${F}/photos/ph-ready/reactions/vera`]: { kind: 'love', createdAt: AT('20:20') } }, expect: 'denied',
    attempt: (db) => deleteDoc(doc(db, `${F}/photos/ph-ready/reactions/vera`)) },
  { name: 'the 30th toggle of a minute', role: 'visitor', absent: ['users/vera/favorites/p-headliner'], expect: 'allowed',
    arrangeAfter: { 'users/{caller}/limits/toggles': { windowStartsAt: new Date(Date.now() + 5 * 60_000), count: 29, lastToggleAt: new Date() } },
    attempt: (db) => { const batch = writeBatch(db); batch.update(doc(db, toggleLimitOf(caller)), { count: increment(1), lastToggleAt: serverTimestamp() }); batch.set(doc(db, 'users/vera/favorites/p-headliner'), valid.favorite); return batch.commit(); } },
  { name: 'the 31st toggle of a minute', role: 'visitor', absent: ['users/vera/favorites/p-headliner'], expect: 'denied',
    arrangeAfter: { 'users/{caller}/limits/toggles': { windowStartsAt: new Date(Date.now() + 5 * 60_000), count: 30, lastToggleAt: new Date() } },
    attempt: (db) => { const batch = writeBatch(db); batch.update(doc(db, toggleLimitOf(caller)), { count: increment(1), lastToggleAt: serverTimestamp() }); batch.set(doc(db, 'users/vera/favorites/p-headliner'), valid.favorite); return batch.commit(); } },
  { name: 'the 31st toggle of a minute, opening a new window before the last is over', role: 'visitor', absent: ['users/vera/favorites/p-headliner'], expect: 'denied',
    arrangeAfter: { 'users/{caller}/limits/toggles': { windowStartsAt: new Date(Date.now() + 5 * 60_000), count: 30, lastToggleAt: new Date() } },
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), valid.favorite)) },
  { name: 'a toggle once the last window is over opens a new one', role: 'visitor', absent: ['users/vera/favorites/p-headliner'], expect: 'allowed',
    arrangeAfter: { 'users/{caller}/limits/toggles': { windowStartsAt: new Date(Date.now() - 2 * 60_000), count: 30, lastToggleAt: new Date(Date.now() - 60_000) } },
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), valid.favorite)) },
  { name: 'deleting one’s toggle limit', role: 'visitor', arrangeAfter: { 'users/{caller}/limits/toggles': { windowStartsAt: AT('20:00'), count: 30, lastToggleAt: AT('20:00') } }, expect: 'denied',
    attempt: (db) => deleteDoc(doc(db, toggleLimitOf('vera'))) },
  // Priorities (must-see, maybe): the owner sets, changes or removes only that, within the toggle limit.
  { name: 'a favourite given as must-see', role: 'visitor', absent: ['users/vera/favorites/p-headliner'], expect: 'allowed',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), { ...valid.favorite, priority: 'must' })) },
  { name: 'a favourite given with a priority that is not one', role: 'visitor', absent: ['users/vera/favorites/p-headliner'], expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), { ...valid.favorite, priority: 'headline' })) },
  { name: 'a plain favourite from before priorities made a maybe', role: 'visitor', arrange: { 'users/vera/favorites/p-headliner': plainFavorite }, expect: 'allowed',
    attempt: (db) => toggle(db, (batch) => batch.update(doc(db, 'users/vera/favorites/p-headliner'), { priority: 'maybe' })) },
  { name: 'a must-see made a plain favourite again', role: 'visitor', arrange: { 'users/vera/favorites/p-headliner': { ...plainFavorite, priority: 'must' } }, expect: 'allowed',
    attempt: (db) => toggle(db, (batch) => batch.update(doc(db, 'users/vera/favorites/p-headliner'), { priority: deleteField() })) },
  { name: 'a priority that is not must or maybe', role: 'visitor', arrange: { 'users/vera/favorites/p-headliner': plainFavorite }, expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.update(doc(db, 'users/vera/favorites/p-headliner'), { priority: 'must-must' })) },
  { name: 'a priority change without moving the toggle limit', role: 'visitor', arrange: { 'users/vera/favorites/p-headliner': plainFavorite }, expect: 'denied',
    attempt: (db) => updateDoc(doc(db, 'users/vera/favorites/p-headliner'), { priority: 'must' }) },
  { name: 'another user setting one’s priority', role: 'otherUser', arrange: { 'users/vera/favorites/p-headliner': plainFavorite }, expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.update(doc(db, 'users/vera/favorites/p-headliner'), { priority: 'must' })) },
  { name: 'a priority change that also backdates the favourite', role: 'visitor', arrange: { 'users/vera/favorites/p-headliner': plainFavorite }, expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.update(doc(db, 'users/vera/favorites/p-headliner'), { priority: 'must', createdAt: Timestamp.fromDate(AT('08:00')) })) },
  { name: 'a priority change that also calls the favourite established (anonymous)', role: 'anonymous', arrange: { 'users/anna/favorites/p-headliner': plainFavorite }, expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.update(doc(db, 'users/anna/favorites/p-headliner'), { priority: 'must', established: true })) },
  { name: 'a priority change that moves the favourite to another festival', role: 'visitor', arrange: { 'users/vera/favorites/p-headliner': plainFavorite }, expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.update(doc(db, 'users/vera/favorites/p-headliner'), { priority: 'maybe', festivalId: 'other-fest' })) },
  { name: 'a priority change with an extra field', role: 'visitor', arrange: { 'users/vera/favorites/p-headliner': plainFavorite }, expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.update(doc(db, 'users/vera/favorites/p-headliner'), { priority: 'maybe', note: 'front row' })) },
  // Trending counts established accounts only: a favourite may say so only from one.
  { name: 'an anonymous visitor calling their favourite established', role: 'anonymous', absent: ['users/anna/favorites/p-headliner'], expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/anna/favorites/p-headliner'), { ...valid.favorite, established: true })) },
  { name: 'an unverified new account calling their favourite established', role: 'unverified', absent: ['users/uma/favorites/p-headliner'], expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/uma/favorites/p-headliner'), { ...valid.favorite, established: true })) },
  { name: 'an old account (the backend’s claim) calling their favourite established', role: 'oldAccount', absent: ['users/olaf/favorites/p-headliner'], expect: 'allowed',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/olaf/favorites/p-headliner'), { ...valid.favorite, established: true })) },
  { name: 'a verified account hiding that it is established', role: 'visitor', absent: ['users/vera/favorites/p-headliner'], expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), { ...valid.favorite, established: false })) },
  // Issue 39: whether a favourite counts in trending (`reputable`) is the functions' verdict; no client writes it.
  { name: 'a verified account calling its new favourite reputable', role: 'visitor', absent: ['users/vera/favorites/p-headliner'], expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.set(doc(db, 'users/vera/favorites/p-headliner'), { ...valid.favorite, established: true, reputable: true })) },
  { name: 'a priority change that also makes the favourite reputable', role: 'visitor', arrange: { 'users/vera/favorites/p-headliner': plainFavorite }, expect: 'denied',
    attempt: (db) => toggle(db, (batch) => batch.update(doc(db, 'users/vera/favorites/p-headliner'), { priority: 'must', reputable: true })) },
];

let stack: MatrixStack;
const db = (context: RulesTestContext) => context.firestore() as unknown as Firestore;

beforeAll(async () => {
  stack = await startMatrixStack();
  for (const [path, data] of Object.entries(BACKGROUND)) await stack.owner.setDoc(path, data);
});

afterAll(async () => {
  await reportCoverage('cloud.firestore');
  await stack?.stop();
});

const docFor = (row: FirestoreRow, role: Role) => (row.docOf ? row.docOf(uidOf(role)) : row.doc);

function perform(row: FirestoreRow, operation: Operation, role: Role): Promise<unknown> {
  const firestore = db(stack.as(role));
  const target = doc(firestore, docFor(row, role));
  switch (operation) {
    case 'get':
      return getDoc(target);
    case 'list':
      return getDocs(row.list ? row.list(firestore, uidOf(role)) : collection(firestore, collectionOf(row.doc)));
    case 'create':
      if (row.toggled) return toggle(firestore, (batch) => batch.set(target, row.create(uidOf(role))));
      return row.createWith ? row.createWith(firestore, uidOf(role)) : setDoc(target, row.create(uidOf(role)));
    case 'update':
      if (row.toggled) return toggle(firestore, (batch) => batch.update(target, row.update(uidOf(role))));
      return updateDoc(target, row.update(uidOf(role)));
    case 'delete':
      if (row.toggled) return toggle(firestore, (batch) => batch.delete(target));
      return deleteDoc(target);
  }
}

async function runCase(row: FirestoreRow, operation: Operation, role: Role, verdict: string): Promise<void> {
  if (operation === 'create') {
    await stack.owner.deleteDoc(docFor(row, role));
    for (const path of row.absentOnCreate?.(uidOf(role)) ?? []) await stack.owner.deleteDoc(path);
  } else await stack.owner.setDoc(docFor(row, role), row.existing);
  caller = uidOf(role);
  if (row.toggled) await stack.owner.deleteDoc(toggleLimitOf(caller));
  const request = perform(row, operation, role);
  await (verdict === 'allowed' ? assertSucceeds(request) : assertFails(request));
}

describe.each(POLICY)('firestore $doc', (row) => {
  const cases = OPERATIONS.flatMap((operation) => ROLES.map((role) => ({ operation, role, verdict: row.policy[operation].includes(role) ? 'allowed' : 'denied' })));
  it.each(cases)('$operation by $role is $verdict', async ({ operation, role, verdict }) => runCase(row, operation, role, verdict));
});

// Festival B: A's admin, programme staff and moderator have an account's rights there (every
// write of a staff row refused), B's admin has there what A's has on A, a project admin both.
describe.each(festivalRows(FESTIVAL_B))('festival B: firestore $doc', (row) => {
  const asked = Object.entries(ON_FESTIVAL_B) as Array<[Role, Role]>;
  const cases = OPERATIONS.flatMap((operation) => asked.map(([role, likeOnA]) => ({ operation, role, verdict: row.policy[operation].includes(likeOnA) ? 'allowed' : 'denied' })));
  it.each(cases)('$operation by $role is $verdict', async ({ operation, role, verdict }) => runCase(row, operation, role, verdict));
});

/** Staff documents of people who hold no role (arranged by a case), and the roles' own, put back as they were. */
async function resetStaff(paths: string[]): Promise<void> {
  for (const path of paths) if (!(path in STAFF_DOCUMENTS)) await stack.owner.deleteDoc(path);
  await stack.arrangeStaff();
}

// One's own role in festival A: read by the person (whether they hold one or not: the app asks,
// and tells a role without a second factor to enrol), written by no client, not even to raise it.
describe('festival A: one’s own staff document', () => {
  const ownPolicy: Record<Exclude<Operation, 'list'>, readonly Role[]> = { get: SIGNED_IN, create: NOBODY, update: NOBODY, delete: NOBODY };
  const cases = (['get', 'create', 'update', 'delete'] as const).flatMap((operation) =>
    ROLES.map((role) => ({ operation, role, verdict: ownPolicy[operation].includes(role) ? 'allowed' : 'denied' })),
  );
  it.each(cases)('$operation by $role is $verdict', async ({ operation, role, verdict }) => {
    const own = `${F}/staff/${uidOf(role)}`;
    try {
      if (operation === 'create') await stack.owner.deleteDoc(own);
      else if (operation !== 'get') await stack.owner.setDoc(own, STAFF_DOCUMENTS[own] ?? { ...STAFF_MEMBER, email: `${uidOf(role)}@example.com` });
      const target = doc(db(stack.as(role)), own);
      const request: Promise<unknown> =
        operation === 'get'
          ? getDoc(target)
          : operation === 'create'
            ? setDoc(target, { role: 'admin', email: `${uidOf(role)}@example.com`, addedAt: serverTimestamp(), addedBy: null })
            : operation === 'update'
              ? updateDoc(target, { role: 'admin' })
              : deleteDoc(target);
      await (verdict === 'allowed' ? assertSucceeds(request) : assertFails(request));
    } finally {
      await resetStaff([own]);
    }
  });
});

describe('attacks (and the honest requests next to them)', () => {
  it.each(ATTACKS)('$name: $expect', async (attack) => {
    for (const [path, data] of Object.entries(BACKGROUND)) await stack.owner.setDoc(path, data);
    for (const [path, data] of Object.entries(attack.arrange ?? {})) await stack.owner.setDoc(path, data);
    for (const path of attack.absent ?? []) await stack.owner.deleteDoc(path);
    const context = attack.role in EXTRA_IDENTITIES ? stack.asIdentity(EXTRA_IDENTITIES[attack.role as keyof typeof EXTRA_IDENTITIES]) : stack.as(attack.role as Role);
    caller = attack.role in EXTRA_IDENTITIES ? EXTRA_IDENTITIES[attack.role as keyof typeof EXTRA_IDENTITIES].uid : uidOf(attack.role as Role);
    await stack.owner.deleteDoc(toggleLimitOf(caller));
    for (const [path, data] of Object.entries(attack.arrangeAfter ?? {})) await stack.owner.setDoc(path.replace('{caller}', caller), data);
    const staffPaths = [...Object.keys(attack.arrange ?? {}), ...(attack.absent ?? [])].filter((path) => path.includes('/staff/'));
    try {
      const request = attack.attempt(db(context));
      await (attack.expect === 'allowed' ? assertSucceeds(request) : assertFails(request));
    } finally {
      if (staffPaths.length > 0) await resetStaff(staffPaths);
    }
  });
});
