/**
 * Friend groups, meet-up points and live locations (issue 25, part B): who may read and write
 * what, through the web SDK against our Firestore emulator with the repo's firestore.rules.
 * vera and otto are members of one group; rex was a member and left (his membership document
 * deleted, as leaveFriendGroup does); sol is vera's friend but not in the group; mallory is a
 * stranger; and the signed-out. Otto shares his position (unexpired); vera's share has expired.
 * A share's end is the server's (issue 37): `startedAt` is the server's time of its first write,
 * `expiresAt` exactly `minutes` later.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, limit, query, serverTimestamp, setDoc, Timestamp, updateDoc, where } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { friendPaths, groupPaths } from '@encore/model';
import { anonymousAccount, matrixOfPeople, passwordAccount } from './people.js';

const PEOPLE = {
  vera: passwordAccount('vera'),
  otto: anonymousAccount('otto'),
  rex: passwordAccount('rex'),
  sol: passwordAccount('sol'),
  mallory: passwordAccount('mallory'),
} as const;
type Person = keyof typeof PEOPLE | 'signedOut';

const GROUP = 'group-0123456789abcdef';
const MEMBER_ID: Record<Person, string> = {
  vera: 'mVera0123456789abcd',
  otto: 'mOtto0123456789abcd',
  rex: 'mRex00123456789abcd',
  sol: 'mSol00123456789abcd',
  mallory: 'mMallory123456789ab',
  signedOut: 'mNobody123456789abc',
};
const minutes = (n: number) => Timestamp.fromMillis(Date.now() + n * 60_000);
/** The same for the owner's back door, which stores a Date as a timestamp. */
const dateIn = (n: number) => new Date(Date.now() + n * 60_000);

const matrix = matrixOfPeople(PEOPLE);
const db = matrix.db;

beforeEach(async () => {
  const at = new Date('2026-08-14T17:00:00Z');
  // The group's festival, open (an archived one refuses meet-ups and positions: archived-matrix.test.ts).
  await matrix.stack.owner.setDoc('festivals/encore-2026', { name: 'Encore 2026', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'NDSM Pier' });
  await matrix.stack.owner.setDoc(groupPaths.group(GROUP), {
    name: 'Crew',
    festivalId: 'encore-2026',
    members: [
      { memberId: MEMBER_ID.vera, displayName: 'Vera' },
      { memberId: MEMBER_ID.otto, displayName: 'Otto' },
    ],
    createdAt: at,
  });
  await matrix.stack.owner.setDoc(groupPaths.membership(GROUP, 'vera'), { memberId: MEMBER_ID.vera, joinedAt: at });
  await matrix.stack.owner.setDoc(groupPaths.membership(GROUP, 'otto'), { memberId: MEMBER_ID.otto, joinedAt: at });
  await matrix.stack.owner.deleteDoc(groupPaths.membership(GROUP, 'rex')); // left
  await matrix.stack.owner.setDoc(groupPaths.userGroup('vera', GROUP), { name: 'Crew', memberId: MEMBER_ID.vera, joinedAt: at });
  await matrix.stack.owner.setDoc(friendPaths.friend('vera', 'fs-sol'), { displayName: 'Sol', planId: 'plan-sol-0123456789abcdef', createdAt: at });
  await matrix.stack.owner.setDoc(groupPaths.location(GROUP, MEMBER_ID.otto), { lat: 52.37, lng: 4.9, accuracy: 12, sharedAt: dateIn(-1), startedAt: dateIn(-1), minutes: 30, expiresAt: dateIn(29), visibleTo: [MEMBER_ID.otto, MEMBER_ID.vera] });
  await matrix.stack.owner.setDoc(groupPaths.location(GROUP, MEMBER_ID.vera), { lat: 52.38, lng: 4.91, accuracy: 8, sharedAt: dateIn(-10), startedAt: dateIn(-20), minutes: 15, expiresAt: dateIn(-5), visibleTo: [MEMBER_ID.otto, MEMBER_ID.vera] });
});

const everyone: Person[] = ['vera', 'otto', 'rex', 'sol', 'mallory', 'signedOut'];
const verdict = (allowed: readonly Person[]) => everyone.map((person) => ({ person, verdict: allowed.includes(person) ? 'allowed' : 'denied' }));
const expectVerdict = (request: Promise<unknown>, verdict: string) => (verdict === 'allowed' ? assertSucceeds(request) : assertFails(request));

const meetupBy = (person: Person, overrides: Record<string, unknown> = {}) => ({
  place: { x: 0.4, y: 0.6, label: 'Main Stage', markerId: 'main-stage' },
  at: minutes(60),
  setBy: MEMBER_ID[person],
  setAt: serverTimestamp(),
  ...overrides,
});

describe('a group: friendGroups/{groupId}', () => {
  it.each(verdict(['vera', 'otto']))('get by $person is $verdict', ({ person, verdict }) => expectVerdict(getDoc(doc(db(person), groupPaths.group(GROUP))), verdict));
  it.each(verdict([]))('list by $person is $verdict', ({ person, verdict }) => expectVerdict(getDocs(collection(db(person), 'friendGroups')), verdict));
  it.each(verdict(['vera', 'otto']))('setting the meet-up point by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(updateDoc(doc(db(person), groupPaths.group(GROUP)), { meetup: meetupBy(person) }), verdict),
  );
  it.each(verdict([]))('creating a group by $person is $verdict (createFriendGroup does)', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), groupPaths.group('group-new-0123456789ab')), { name: 'Mine', festivalId: 'encore-2026', members: [], createdAt: serverTimestamp() }), verdict),
  );
  it.each(verdict([]))('deleting it by $person is $verdict', ({ person, verdict }) => expectVerdict(deleteDoc(doc(db(person), groupPaths.group(GROUP))), verdict));

  it.each([
    ["in another member's name", meetupBy('vera', { setBy: MEMBER_ID.otto })],
    ['with a client-chosen setAt', meetupBy('vera', { setAt: minutes(0) })],
    ['a week ahead', meetupBy('vera', { at: minutes(7 * 24 * 60) })],
    ['off the plan', meetupBy('vera', { place: { x: 1.5, y: 0.5, label: 'Far away' } })],
    ['at a free point left of the plan', meetupBy('vera', { place: { x: -0.01, y: 0.5 } })],
    ['at a free point below the plan', meetupBy('vera', { place: { x: 0.5, y: 1.01 } })],
    ['at a free point given as text', meetupBy('vera', { place: { x: '0.5', y: 0.5 } })],
    ['at a free point with an empty label', meetupBy('vera', { place: { x: 0.5, y: 0.5, label: '' } })],
    ['at a free point with a label of 41 characters', meetupBy('vera', { place: { x: 0.5, y: 0.5, label: 'x'.repeat(41) } })],
    ['at a stage without its name', meetupBy('vera', { place: { x: 0.4, y: 0.6, markerId: 'main-stage' } })],
    ['at a stage with a name of 81 characters', meetupBy('vera', { place: { x: 0.4, y: 0.6, label: 'x'.repeat(81), markerId: 'main-stage' } })],
    ['with a field the contract does not have', meetupBy('vera', { note: 'bring cash' })],
  ])('a meet-up point %s is denied', async (_name, meetup) => {
    await assertFails(updateDoc(doc(db('vera'), groupPaths.group(GROUP)), { meetup }));
  });

  const freePoint = (person: Person, place: Record<string, unknown>) => meetupBy(person, { place });
  it.each(verdict(['vera', 'otto']))('setting a free point of the plan, unnamed, by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(updateDoc(doc(db(person), groupPaths.group(GROUP)), { meetup: freePoint(person, { x: 0.25, y: 0.75 }) }), verdict),
  );
  it.each([
    ['named with 40 characters', { x: 0.5, y: 0.5, label: 'x'.repeat(40) }],
    ['at the corner of the plan', { x: 0, y: 1, label: 'by the big tree' }],
    ['named, with a stage name of 80 characters', { x: 0.4, y: 0.6, label: 'x'.repeat(80), markerId: 'main-stage' }],
  ])('a meet-up point %s is allowed', async (_name, place) => {
    await assertSucceeds(updateDoc(doc(db('vera'), groupPaths.group(GROUP)), { meetup: freePoint('vera', place) }));
  });

  it('a member may not change the members or the name beside the meet-up point', async () => {
    await assertFails(updateDoc(doc(db('vera'), groupPaths.group(GROUP)), { meetup: meetupBy('vera'), members: [{ memberId: MEMBER_ID.vera, displayName: 'Vera' }] }));
    await assertFails(updateDoc(doc(db('otto'), groupPaths.group(GROUP)), { name: 'Renamed' }));
  });

  it('a member who leaves is refused at the very next read', async () => {
    await assertSucceeds(getDoc(doc(db('otto'), groupPaths.group(GROUP))));
    await matrix.stack.owner.deleteDoc(groupPaths.membership(GROUP, 'otto'));
    await assertFails(getDoc(doc(db('otto'), groupPaths.group(GROUP))));
    await assertFails(getDocs(query(collection(db('otto'), groupPaths.locations(GROUP)), where('visibleTo', 'array-contains', MEMBER_ID.otto), where('expiresAt', '>', Timestamp.now()))));
  });
});

describe('membership: friendGroups/{groupId}/members/{uid} (no uid ever reaches a client)', () => {
  it.each(verdict([]))('get of one\'s own by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(getDoc(doc(db(person), groupPaths.membership(GROUP, person === 'signedOut' ? 'x' : PEOPLE[person].uid))), verdict),
  );
  it.each(verdict([]))('list by $person is $verdict', ({ person, verdict }) => expectVerdict(getDocs(collection(db(person), groupPaths.members(GROUP))), verdict));
  it.each(verdict([]))('joining by writing one\'s own by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), groupPaths.membership(GROUP, person === 'signedOut' ? 'x' : PEOPLE[person].uid)), { memberId: MEMBER_ID[person], joinedAt: serverTimestamp() }), verdict),
  );
});

describe("one's groups: users/{uid}/groups/{groupId}", () => {
  it.each(verdict(['vera']))('list by $person is $verdict', ({ person, verdict }) => expectVerdict(getDocs(collection(db(person), groupPaths.userGroups('vera'))), verdict));
  it.each(verdict([]))('write by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), groupPaths.userGroup('vera', 'group-other-0123456789')), { name: 'X', memberId: MEMBER_ID.vera, joinedAt: serverTimestamp() }), verdict),
  );
});

describe('live locations: friendGroups/{groupId}/locations/{memberId}', () => {
  const unexpired = (person: Person) =>
    query(collection(db(person), groupPaths.locations(GROUP)), where('visibleTo', 'array-contains', MEMBER_ID[person]), where('expiresAt', '>', Timestamp.now()));
  it.each(verdict(['vera', 'otto']))('get of an unexpired one by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(getDoc(doc(db(person), groupPaths.location(GROUP, MEMBER_ID.otto))), verdict),
  );
  it.each(verdict(['vera']))('get of an expired one by $person is $verdict (its sharer only: gone for the others at expiry, before any deletion)', ({ person, verdict }) =>
    expectVerdict(getDoc(doc(db(person), groupPaths.location(GROUP, MEMBER_ID.vera))), verdict),
  );
  it.each(verdict(['vera', 'otto']))('a query for the unexpired by $person is $verdict', ({ person, verdict }) => expectVerdict(getDocs(unexpired(person)), verdict));
  it.each(verdict([]))('a query that could return expired ones by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(getDocs(query(collection(db(person), groupPaths.locations(GROUP)), where('visibleTo', 'array-contains', MEMBER_ID[person]), limit(12))), verdict),
  );
  it.each(verdict([]))('a query from an hour ago (an expired share) by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(getDocs(query(collection(db(person), groupPaths.locations(GROUP)), where('visibleTo', 'array-contains', MEMBER_ID[person]), where('expiresAt', '>', minutes(-60)))), verdict),
  );
  it.each(verdict([]))("a query for positions not shared with the reader (no visibleTo filter, or another's id) by $person is $verdict", async ({ person, verdict }) => {
    await expectVerdict(getDocs(query(collection(db(person), groupPaths.locations(GROUP)), where('expiresAt', '>', Timestamp.now()))), verdict);
    await expectVerdict(getDocs(query(collection(db(person), groupPaths.locations(GROUP)), where('visibleTo', 'array-contains', MEMBER_ID.sol), where('expiresAt', '>', Timestamp.now()))), verdict);
  });

  const ownDoc = (person: Person) => doc(db(person), groupPaths.location(GROUP, MEMBER_ID[person]));
  const position = { lat: 52.37, lng: 4.9, accuracy: 10, visibleTo: [MEMBER_ID.otto, MEMBER_ID.vera] };
  /** A share's first write: the server's time starts it. */
  const start = (person: Person, memberId: string, length = 15, overrides: Record<string, unknown> = {}) =>
    setDoc(doc(db(person), groupPaths.location(GROUP, memberId)), { ...position, sharedAt: serverTimestamp(), startedAt: serverTimestamp(), minutes: length, ...overrides });
  /** Vera starts a share of `length` minutes and reads back the server's `startedAt`, as the app does. */
  const started = async (length = 15) => {
    await start('vera', MEMBER_ID.vera, length);
    const startedAt = (await getDoc(ownDoc('vera'))).get('startedAt') as Timestamp;
    return { startedAt, end: Timestamp.fromMillis(startedAt.toMillis() + length * 60_000) };
  };
  const moveOn = (person: Person, fields: Record<string, unknown>) => setDoc(ownDoc(person), { ...position, sharedAt: serverTimestamp(), ...fields });

  it.each(verdict(['vera', 'otto']))("starting one's own share for 60 minutes by $person is $verdict", ({ person, verdict }) => expectVerdict(start(person, MEMBER_ID[person], 60), verdict));
  it.each(verdict([]))('writing another member\'s position by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(start(person, person === 'otto' ? MEMBER_ID.vera : MEMBER_ID.otto), verdict),
  );
  it.each([
    ['for two hours', { minutes: 120 }],
    ['for 20 minutes (not one the app offers)', { minutes: 20 }],
    ['from a start the phone chose', { startedAt: minutes(0) }],
    ['with an end the phone chose', { expiresAt: minutes(15) }],
    ['with a sharedAt the phone chose', { sharedAt: minutes(0) }],
    ['with a field more', { history: [] }],
    ['without naming its readers', { visibleTo: null }],
    ['naming its readers other than as a list', { visibleTo: MEMBER_ID.otto }],
  ])('starting a share %s is denied', async (_name, overrides) => {
    const { visibleTo, ...rest } = overrides as { visibleTo?: unknown };
    const share = { ...position, sharedAt: serverTimestamp(), startedAt: serverTimestamp(), minutes: 15, ...rest };
    if ('visibleTo' in overrides) {
      if (visibleTo === null) delete (share as Partial<typeof share>).visibleTo;
      else (share as Record<string, unknown>).visibleTo = visibleTo;
    }
    await assertFails(setDoc(ownDoc('vera'), share));
  });

  it('a share has an end only once the sharer writes startedAt + minutes, to the millisecond, and then others read it', async () => {
    const { startedAt, end } = await started(15);
    // Before its end is written, only vera reads it: otto neither gets it nor finds it.
    await assertSucceeds(getDoc(ownDoc('vera')));
    await assertFails(getDoc(doc(db('otto'), groupPaths.location(GROUP, MEMBER_ID.vera))));
    expect((await getDocs(unexpired('otto'))).docs.map((found) => found.id)).toEqual([MEMBER_ID.otto]);
    // An end from a wrong clock (two hours on), a longer share, or a new start are refused.
    await assertFails(moveOn('vera', { startedAt, minutes: 15, expiresAt: Timestamp.fromMillis(end.toMillis() + 2 * 3_600_000) }));
    await assertFails(moveOn('vera', { startedAt, minutes: 15, expiresAt: Timestamp.fromMillis(end.toMillis() - 60_000) }));
    await assertFails(moveOn('vera', { startedAt, minutes: 60, expiresAt: Timestamp.fromMillis(startedAt.toMillis() + 60 * 60_000) }));
    await assertFails(moveOn('vera', { startedAt: Timestamp.fromMillis(startedAt.toMillis() + 60_000), minutes: 15, expiresAt: Timestamp.fromMillis(end.toMillis() + 60_000) }));
    await assertSucceeds(moveOn('vera', { startedAt, minutes: 15, expiresAt: end }));
    await assertSucceeds(getDoc(doc(db('otto'), groupPaths.location(GROUP, MEMBER_ID.vera))));
    expect((await getDocs(unexpired('otto'))).docs.map((found) => found.id).sort()).toEqual([MEMBER_ID.otto, MEMBER_ID.vera].sort());
    // Later updates keep the end; dropping or moving it is refused.
    await assertSucceeds(moveOn('vera', { startedAt, minutes: 15, expiresAt: end }));
    await assertFails(moveOn('vera', { startedAt, minutes: 15, expiresAt: Timestamp.fromMillis(end.toMillis() + 60_000) }));
  });

  it('a share past its end takes no more positions, but a new one may start', async () => {
    const startedAt = dateIn(-16);
    const end = new Date(startedAt.getTime() + 15 * 60_000);
    await matrix.stack.owner.setDoc(groupPaths.location(GROUP, MEMBER_ID.vera), { ...position, sharedAt: startedAt, startedAt, minutes: 15, expiresAt: end });
    await assertFails(moveOn('vera', { startedAt: Timestamp.fromDate(startedAt), minutes: 15, expiresAt: Timestamp.fromDate(end) }));
    await assertFails(moveOn('vera', { startedAt: Timestamp.fromDate(startedAt), minutes: 15 }));
    await assertSucceeds(start('vera', MEMBER_ID.vera, 30));
  });

  it("a share's end may not be written before the server started it (no startedAt: a share made before issue 37)", async () => {
    await matrix.stack.owner.setDoc(groupPaths.location(GROUP, MEMBER_ID.vera), { ...position, sharedAt: dateIn(-1), expiresAt: dateIn(14) });
    await assertFails(moveOn('vera', { expiresAt: minutes(14) }));
  });
  it.each(verdict(['otto']))('stopping (deleting) otto\'s share by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(deleteDoc(doc(db(person), groupPaths.location(GROUP, MEMBER_ID.otto))), verdict),
  );
});

/**
 * Attack 5 of issue 39: after vera removes otto as a friend, neither sees the other's position
 * in the group they share. removeFriend's writes are made here with the owner's back door:
 * both memberships hide the other, and otto's current share no longer names vera.
 */
describe('after a friendship between two members ends', () => {
  beforeEach(async () => {
    const at = new Date('2026-08-14T17:00:00Z');
    await matrix.stack.owner.setDoc(groupPaths.membership(GROUP, 'vera'), { memberId: MEMBER_ID.vera, joinedAt: at, hiddenFrom: [MEMBER_ID.otto] });
    await matrix.stack.owner.setDoc(groupPaths.membership(GROUP, 'otto'), { memberId: MEMBER_ID.otto, joinedAt: at, hiddenFrom: [MEMBER_ID.vera] });
    await matrix.stack.owner.setDoc(groupPaths.location(GROUP, MEMBER_ID.otto), { lat: 52.37, lng: 4.9, accuracy: 12, sharedAt: dateIn(-1), startedAt: dateIn(-1), minutes: 30, expiresAt: dateIn(29), visibleTo: [MEMBER_ID.otto] });
  });
  const shared = (person: 'vera' | 'otto') =>
    query(collection(db(person), groupPaths.locations(GROUP)), where('visibleTo', 'array-contains', MEMBER_ID[person]), where('expiresAt', '>', Timestamp.now()));

  it("vera no longer gets otto's position, and her query of shared positions finds none", async () => {
    await assertFails(getDoc(doc(db('vera'), groupPaths.location(GROUP, MEMBER_ID.otto))));
    const found = await assertSucceeds(getDocs(shared('vera')));
    expect(found.docs.map((found) => found.id)).toEqual([]);
    // Otto still has his own.
    expect((await getDocs(shared('otto'))).docs.map((found) => found.id)).toEqual([MEMBER_ID.otto]);
  });

  it('neither may share a position with the other again; with the rest of the group they may', async () => {
    const position = (visibleTo: string[]) => ({ lat: 52.37, lng: 4.9, accuracy: 10, sharedAt: serverTimestamp(), startedAt: serverTimestamp(), minutes: 15, visibleTo });
    await assertFails(setDoc(doc(db('otto'), groupPaths.location(GROUP, MEMBER_ID.otto)), position([MEMBER_ID.otto, MEMBER_ID.vera])));
    await assertFails(setDoc(doc(db('vera'), groupPaths.location(GROUP, MEMBER_ID.vera)), position([MEMBER_ID.vera, MEMBER_ID.sol, MEMBER_ID.otto])));
    await assertSucceeds(setDoc(doc(db('vera'), groupPaths.location(GROUP, MEMBER_ID.vera)), position([MEMBER_ID.vera, MEMBER_ID.sol])));
  });
});

describe('invitations back into a group: users/{uid}/groupInvites/{groupId}, and leavers', () => {
  beforeEach(async () => {
    await matrix.stack.owner.setDoc(groupPaths.invite('rex', GROUP), { groupName: 'Crew', festivalId: 'encore-2026', invitedBy: 'Vera', displayName: 'Rex', createdAt: new Date() });
    await matrix.stack.owner.setDoc(groupPaths.leaver(GROUP, 'rex'), { leftAt: new Date() });
  });
  it.each(verdict(['rex']))("reading rex's invitation by $person is $verdict", ({ person, verdict }) => expectVerdict(getDoc(doc(db(person), groupPaths.invite('rex', GROUP))), verdict));
  it.each(verdict([]))('accepting it by writing a membership, or answering it by writing the invitation, by $person is $verdict', async ({ person, verdict }) => {
    const uid = person === 'signedOut' ? 'x' : PEOPLE[person].uid;
    await expectVerdict(setDoc(doc(db(person), groupPaths.membership(GROUP, uid)), { memberId: MEMBER_ID[person], joinedAt: serverTimestamp() }), verdict);
    await expectVerdict(deleteDoc(doc(db(person), groupPaths.invite('rex', GROUP))), verdict);
  });
  it.each(verdict([]))('reading or clearing who left, by $person, is $verdict', async ({ person, verdict }) => {
    await expectVerdict(getDoc(doc(db(person), groupPaths.leaver(GROUP, 'rex'))), verdict);
    await expectVerdict(deleteDoc(doc(db(person), groupPaths.leaver(GROUP, 'rex'))), verdict);
  });
});
