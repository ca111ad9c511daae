/**
 * An archived festival (issue 35: `archivedAt` on its document, set by the archiveFestival
 * function) refuses every client write, in firestore.rules and storage.rules, and its reads
 * still work. Each write is tried twice by the one caller the rules otherwise let make it:
 * on festival A open (allowed: so the refusal after is about archiving, not the write) and
 * archived (denied). Then the admin's own festival update may never set, change or clear
 * `archivedAt` or `editionOf`.
 */
import { assertFails, assertSucceeds, type RulesTestContext } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, query, serverTimestamp, setDoc, updateDoc, where, writeBatch, type Firestore } from 'firebase/firestore';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { reportIdFor } from '@encore/model';
import { BUCKET, startMatrixStack, type MatrixStack } from './harness.js';
import { FESTIVAL_A, IDENTITIES, type Role } from './roles.js';

const F = `festivals/${FESTIVAL_A}`;
const AT = new Date('2026-08-14T20:00:00Z');
const FESTIVAL = { name: 'Encore 2026', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'NDSM Pier', editionOf: 'encore-2025' };
const ARCHIVED = { ...FESTIVAL, archivedAt: new Date('2026-08-20T10:00:00Z') };
const GROUP = 'group-0123456789abcdef';
const VERA_MEMBER = 'mVera0123456789abcd';

/** What every case may refer to: a set, photos, vera's favourite, reaction, device and group. */
const BACKGROUND: Record<string, Record<string, unknown>> = {
  [`${F}/performances/p-headliner`]: { artistId: 'the-nightjars', stageId: 'main', startsAt: AT, endsAt: new Date(AT.getTime() + 3600_000), status: 'scheduled' },
  [`${F}/performances/p-second`]: { artistId: 'the-nightjars', stageId: 'main', startsAt: AT, endsAt: new Date(AT.getTime() + 3600_000), status: 'scheduled' },
  [`${F}/stages/main`]: { name: 'Main', order: 0 },
  [`${F}/artists/the-nightjars`]: { name: 'The Nightjars', bio: 'Dream pop.', genres: ['pop'] },
  [`${F}/venue/map`]: { markers: [], routes: [], updatedAt: AT },
  [`${F}/info/lockers`]: { order: 1, title: { en: 'Lockers', nl: 'Kluisjes' }, body: { en: 'By the gate.', nl: 'Bij de poort.' }, updatedAt: AT },
  [`${F}/photos/ph-ready`]: { uploaderUid: 'vera', performanceId: null, suggestedPerformanceId: null, status: 'ready', rejectReason: null, createdAt: AT, updatedAt: AT },
  [`${F}/photos/ph-mine`]: { uploaderUid: 'vera', performanceId: null, suggestedPerformanceId: null, status: 'ready', rejectReason: null, createdAt: AT, updatedAt: AT },
  [`${F}/photos/ph-ready/reactions/vera`]: { kind: 'love', createdAt: AT },
  [`${F}/announcements/a1`]: { title: 'Doors open', body: 'At 14:00.', createdAt: AT },
  'users/vera/favorites/p-headliner': { festivalId: FESTIVAL_A, performanceId: 'p-headliner', createdAt: AT },
  'users/vera/devices/vera-phone-0001': { token: 'fcm-1', festivalId: FESTIVAL_A, locale: 'en', userAgent: 'Chrome', createdAt: AT, updatedAt: AT },
  [`friendGroups/${GROUP}`]: { name: 'Crew', festivalId: FESTIVAL_A, members: [{ memberId: VERA_MEMBER, displayName: 'Vera' }], createdAt: AT },
  [`friendGroups/${GROUP}/members/vera`]: { memberId: VERA_MEMBER, joinedAt: AT },
};
/** Documents a case creates, cleared before each attempt (so a create is a create), and the limits each toggle or report opens. */
const CLEARED = [
  `${F}/stages/new-stage`, `${F}/artists/new-artist`, `${F}/info/new-page`, `${F}/announcements/a-new`, `${F}/reports/${reportIdFor('ph-ready', 'vera')}`,
  `${F}/suspensions/uli`, 'users/vera/favorites/p-second', 'users/vera/devices/vera-phone-0002', `friendGroups/${GROUP}/locations/${VERA_MEMBER}`,
  'users/vera/limits/toggles', 'users/vera/limits/reports',
];

interface WriteCase {
  name: string;
  role: Role;
  write: (db: Firestore, uid: string) => Promise<unknown>;
}

/** A favourite or reaction as the app writes it: with the toggle limit, in one batch. */
function toggle(db: Firestore, uid: string, write: (batch: ReturnType<typeof writeBatch>) => void) {
  const batch = writeBatch(db);
  batch.set(doc(db, `users/${uid}/limits/toggles`), { windowStartsAt: serverTimestamp(), count: 1, lastToggleAt: serverTimestamp() });
  write(batch);
  return batch.commit();
}

const WRITES: WriteCase[] = [
  { name: 'its admin edits the festival', role: 'admin', write: (db) => updateDoc(doc(db, F), { venue: 'Westergas' }) },
  { name: 'programme staff add a stage', role: 'programme', write: (db) => setDoc(doc(db, `${F}/stages/new-stage`), { name: 'New', order: 5 }) },
  { name: 'programme staff rename a stage', role: 'programme', write: (db) => updateDoc(doc(db, `${F}/stages/main`), { name: 'Main Stage' }) },
  { name: 'programme staff delete a stage', role: 'programme', write: (db) => deleteDoc(doc(db, `${F}/stages/main`)) },
  { name: 'programme staff add an artist', role: 'programme', write: (db) => setDoc(doc(db, `${F}/artists/new-artist`), { name: 'New', bio: '', genres: [] }) },
  { name: 'programme staff delete an artist', role: 'programme', write: (db) => deleteDoc(doc(db, `${F}/artists/the-nightjars`)) },
  { name: 'programme staff move a set', role: 'programme', write: (db) => updateDoc(doc(db, `${F}/performances/p-headliner`), { status: 'cancelled' }) },
  { name: 'programme staff delete a set', role: 'programme', write: (db) => deleteDoc(doc(db, `${F}/performances/p-headliner`)) },
  { name: 'programme staff edit the venue map', role: 'programme', write: (db) => updateDoc(doc(db, `${F}/venue/map`), { markers: [{ id: 'water-1', kind: 'water', x: 0.5, y: 0.5 }], updatedAt: serverTimestamp() }) },
  { name: 'programme staff add an info page', role: 'programme', write: (db) => setDoc(doc(db, `${F}/info/new-page`), { order: 2, title: { en: 'New', nl: 'Nieuw' }, body: { en: '', nl: '' }, updatedAt: serverTimestamp() }) },
  { name: 'programme staff delete an info page', role: 'programme', write: (db) => deleteDoc(doc(db, `${F}/info/lockers`)) },
  { name: 'programme staff announce', role: 'programme', write: (db, uid) => setDoc(doc(db, `${F}/announcements/a-new`), { title: 'Hi', body: 'There.', authorUid: uid, createdAt: serverTimestamp() }) },
  { name: 'programme staff edit an announcement', role: 'programme', write: (db, uid) => updateDoc(doc(db, `${F}/announcements/a1`), { body: 'At 14:30.', editedAt: serverTimestamp(), editedBy: uid }) },
  { name: 'a moderator suspends someone', role: 'moderator', write: (db, uid) => setDoc(doc(db, `${F}/suspensions/uli`), { active: true, reason: 'Spam', suspendedBy: uid, suspendedAt: serverTimestamp(), liftedBy: null, liftedAt: null }) },
  { name: 'the uploader deletes their photo', role: 'visitor', write: (db) => updateDoc(doc(db, `${F}/photos/ph-mine`), { status: 'deleted', deleteRequestedAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'a visitor reacts to a photo', role: 'otherUser', write: (db, uid) => toggle(db, uid, (batch) => batch.set(doc(db, `${F}/photos/ph-ready/reactions/${uid}`), { kind: 'fire', createdAt: serverTimestamp() })) },
  { name: 'a visitor takes their reaction back', role: 'visitor', write: (db, uid) => toggle(db, uid, (batch) => batch.delete(doc(db, `${F}/photos/ph-ready/reactions/${uid}`))) },
  {
    name: 'a visitor reports a photo',
    role: 'visitor',
    write: (db, uid) => {
      const batch = writeBatch(db);
      const reportId = reportIdFor('ph-ready', uid);
      batch.set(doc(db, `${F}/reports/${reportId}`), { photoId: 'ph-ready', reporterUid: uid, reason: 'privacy', createdAt: serverTimestamp() });
      batch.set(doc(db, `users/${uid}/limits/reports`), { windowStartsAt: serverTimestamp(), count: 1, lastReportId: `${FESTIVAL_A}~${reportId}`, lastReportAt: serverTimestamp() });
      return batch.commit();
    },
  },
  { name: 'a visitor hearts a set', role: 'visitor', write: (db, uid) => toggle(db, uid, (batch) => batch.set(doc(db, `users/${uid}/favorites/p-second`), { festivalId: FESTIVAL_A, performanceId: 'p-second', createdAt: serverTimestamp() })) },
  { name: 'a visitor marks a heart must-see', role: 'visitor', write: (db, uid) => toggle(db, uid, (batch) => batch.update(doc(db, `users/${uid}/favorites/p-headliner`), { priority: 'must' })) },
  { name: 'a visitor takes a heart back', role: 'visitor', write: (db, uid) => toggle(db, uid, (batch) => batch.delete(doc(db, `users/${uid}/favorites/p-headliner`))) },
  { name: 'a visitor registers a browser for its pushes', role: 'visitor', write: (db, uid) => setDoc(doc(db, `users/${uid}/devices/vera-phone-0002`), { token: 'fcm-2', festivalId: FESTIVAL_A, locale: 'en', userAgent: 'Firefox', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }) },
  { name: 'a group member sets the meet-up point', role: 'visitor', write: (db) => updateDoc(doc(db, `friendGroups/${GROUP}`), { meetup: { place: { x: 0.5, y: 0.5 }, at: serverTimestamp(), setBy: VERA_MEMBER, setAt: serverTimestamp() } }) },
  {
    name: 'a group member shares their position',
    role: 'visitor',
    write: (db) => setDoc(doc(db, `friendGroups/${GROUP}/locations/${VERA_MEMBER}`), { lat: 52.4, lng: 4.9, accuracy: 10, sharedAt: serverTimestamp(), startedAt: serverTimestamp(), minutes: 30, visibleTo: [VERA_MEMBER] }),
  },
];

let stack: MatrixStack;
const uidOf = (role: Role) => (role === 'signedOut' ? 'nobody' : IDENTITIES[role].uid);
const dbOf = (role: Role) => stack.as(role).firestore() as unknown as Firestore;
const storageOf = (context: RulesTestContext) => context.storage(`gs://${BUCKET}`);

async function arrange(archived: boolean) {
  await stack.owner.setDoc(F, archived ? ARCHIVED : FESTIVAL);
  for (const [path, data] of Object.entries(BACKGROUND)) await stack.owner.setDoc(path, data);
  for (const path of CLEARED) await stack.owner.deleteDoc(path);
}

beforeAll(async () => {
  stack = await startMatrixStack();
}, 60_000);
afterAll(async () => {
  await stack?.stop();
});

describe('an archived festival refuses every client write (firestore.rules)', () => {
  for (const { name, role, write } of WRITES) {
    it(`${name}: allowed while open, denied once archived`, async () => {
      await arrange(false);
      await assertSucceeds(write(dbOf(role), uidOf(role)));
      await arrange(true);
      await assertFails(write(dbOf(role), uidOf(role)));
    });
  }

  it('its reads still work: the festival, its programme, the wall, one’s hearts and reports', async () => {
    await arrange(true);
    await assertSucceeds(getDoc(doc(dbOf('signedOut'), F)));
    await assertSucceeds(getDocs(collection(dbOf('signedOut'), `${F}/stages`)));
    await assertSucceeds(getDocs(collection(dbOf('signedOut'), `${F}/performances`)));
    await assertSucceeds(getDoc(doc(dbOf('anonymous'), `${F}/photos/ph-ready`)));
    await assertSucceeds(getDocs(query(collection(dbOf('visitor'), 'users/vera/favorites'), where('festivalId', '==', FESTIVAL_A))));
    await assertSucceeds(getDocs(collection(dbOf('moderator'), `${F}/reports`)));
  });

  it('a browser may still be signed out of its pushes (its device deleted)', async () => {
    await arrange(true);
    await assertSucceeds(deleteDoc(doc(dbOf('visitor'), 'users/vera/devices/vera-phone-0001')));
  });
});

describe('archivedAt and editionOf are functions’ own', () => {
  it('its admin (and a project admin) may not archive, unarchive or relink a festival themselves', async () => {
    await arrange(false);
    for (const role of ['admin', 'projectAdmin'] as const) {
      await assertFails(updateDoc(doc(dbOf(role), F), { archivedAt: serverTimestamp() }));
      await assertFails(updateDoc(doc(dbOf(role), F), { editionOf: 'encore-2024' }));
      await assertSucceeds(updateDoc(doc(dbOf(role), F), { venue: 'NDSM Pier' }));
    }
    await arrange(true);
    await assertFails(setDoc(doc(dbOf('projectAdmin'), F), FESTIVAL));
  });
});

describe('an archived festival takes no upload (storage.rules)', () => {
  const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  const put = (role: Role, object: string) => storageOf(stack.as(role)).ref(object).put(JPEG, { contentType: 'image/jpeg' }).then((snapshot) => snapshot);

  it('a visitor’s photo: allowed while open, denied once archived', async () => {
    await arrange(false);
    await assertSucceeds(put('visitor', `uploads/vera/${FESTIVAL_A}/pOpen`));
    await arrange(true);
    await assertFails(put('visitor', `uploads/vera/${FESTIVAL_A}/pArchived`));
  });

  it('staff’s artist picture and site plan: allowed while open, denied once archived', async () => {
    await arrange(false);
    await assertSucceeds(put('programme', `staff-uploads/${FESTIVAL_A}/artists/the-nightjars/upOpen`));
    await assertSucceeds(put('programme', `staff-uploads/${FESTIVAL_A}/venue/map/upOpen`));
    await arrange(true);
    await assertFails(put('programme', `staff-uploads/${FESTIVAL_A}/artists/the-nightjars/upArchived`));
    await assertFails(put('programme', `staff-uploads/${FESTIVAL_A}/venue/map/upArchived`));
  });

  it('the uploader removing an original: allowed while open, denied once archived', async () => {
    await arrange(false);
    await stack.owner.putObject(`uploads/vera/${FESTIVAL_A}/pOld`, 'image/jpeg');
    await assertSucceeds(storageOf(stack.as('visitor')).ref(`uploads/vera/${FESTIVAL_A}/pOld`).delete());
    await stack.owner.putObject(`uploads/vera/${FESTIVAL_A}/pOld`, 'image/jpeg');
    await arrange(true);
    await assertFails(storageOf(stack.as('visitor')).ref(`uploads/vera/${FESTIVAL_A}/pOld`).delete());
  });
});
