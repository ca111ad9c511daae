/**
 * Friends, privately (issue 25): who may read and write what, through the web SDK against our
 * Firestore emulator with the repo's firestore.rules. vera owns the plan and the invite; otto is
 * her friend (a reader of her plan); rex was her friend and was removed (his reader document
 * deleted, as removeFriend does); ivo is still her friend but she hid her plan from him (his
 * reader document deleted, as setFriendPlanHidden does); sol is a stranger; anna is an anonymous friend (visitors
 * without an account have friends too); and the signed-out.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, deleteField, doc, getDoc, getDocs, serverTimestamp, setDoc, Timestamp, updateDoc, writeBatch } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { friendPaths } from '@encore/model';
import { anonymousAccount, matrixOfPeople, passwordAccount } from './people.js';

const PEOPLE = {
  vera: passwordAccount('vera'),
  otto: passwordAccount('otto'),
  rex: passwordAccount('rex'),
  ivo: passwordAccount('ivo'),
  sol: passwordAccount('sol'),
  anna: anonymousAccount('anna'),
} as const;
type Person = keyof typeof PEOPLE | 'signedOut';

const PLAN = 'plan-vera-0123456789abcdef';
const INVITE = 'AbCdEfGhIjKlMnOpQrStUv'; // 22 base64url characters
const at = (time: string) => Timestamp.fromDate(new Date(`2026-08-14T${time}:00Z`));

const matrix = matrixOfPeople(PEOPLE);
const db = matrix.db;

beforeEach(async () => {
  // The festival the favourite names, open (an archived one takes no change: issue 35).
  await matrix.stack.owner.setDoc('festivals/encore-2026', { name: 'Encore 2026' });
  await matrix.stack.owner.setDoc(friendPaths.plan(PLAN), { sets: [{ festivalId: 'encore-2026', performanceId: 'p-headliner' }], updatedAt: at('18:00') });
  await matrix.stack.owner.setDoc(friendPaths.planReader(PLAN, 'otto'), { friendshipId: 'fs-otto' });
  await matrix.stack.owner.setDoc(friendPaths.planReader(PLAN, 'anna'), { friendshipId: 'fs-anna' });
  await matrix.stack.owner.deleteDoc(friendPaths.planReader(PLAN, 'rex')); // removed
  await matrix.stack.owner.deleteDoc(friendPaths.planReader(PLAN, 'ivo')); // hidden from
  await matrix.stack.owner.setDoc(friendPaths.friend('vera', 'fs-ivo'), { displayName: 'Ivo', planId: 'plan-ivo-0123456789abcdef', createdAt: at('17:00'), hidingMyPlan: true });
  await matrix.stack.owner.setDoc(friendPaths.friend('ivo', 'fs-ivo'), { displayName: 'Vera', planId: PLAN, createdAt: at('17:00'), planHiddenFromMe: true });
  await matrix.stack.owner.setDoc(FAVORITE, { festivalId: 'encore-2026', performanceId: 'p-headliner', createdAt: at('17:30') });
  await matrix.stack.owner.setDoc(friendPaths.friend('vera', 'fs-otto'), { displayName: 'Otto', planId: 'plan-otto-0123456789abcdef', createdAt: at('17:00') });
  await matrix.stack.owner.setDoc(friendPaths.invite(INVITE), { ownerUid: 'vera', displayName: 'Vera', createdAt: at('17:00') });
});

const everyone: Person[] = ['vera', 'otto', 'rex', 'ivo', 'sol', 'anna', 'signedOut'];
const FAVORITE = 'users/vera/favorites/p-headliner';
const verdict = (allowed: readonly Person[]) => everyone.map((person) => ({ person, verdict: allowed.includes(person) ? 'allowed' : 'denied' }));
const expectVerdict = (request: Promise<unknown>, verdict: string) => (verdict === 'allowed' ? assertSucceeds(request) : assertFails(request));

describe("a friend's plan: friendPlans/{planId}", () => {
  it.each(verdict(['otto', 'anna']))('get by $person is $verdict', ({ person, verdict }) => expectVerdict(getDoc(doc(db(person), friendPaths.plan(PLAN))), verdict));
  it.each(verdict([]))('list by $person is $verdict', ({ person, verdict }) => expectVerdict(getDocs(collection(db(person), 'friendPlans')), verdict));
  it.each(verdict([]))('write by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), friendPaths.plan(PLAN)), { sets: [], updatedAt: serverTimestamp() }), verdict),
  );
  it.each(verdict([]))('reading its readers by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(getDocs(collection(db(person), `${friendPaths.plan(PLAN)}/readers`)), verdict),
  );
  it.each(verdict([]))('adding oneself as a reader by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), friendPaths.planReader(PLAN, person === 'signedOut' ? 'x' : PEOPLE[person].uid)), { friendshipId: 'fs-x' }), verdict),
  );

  it('a friend she hides her plan from is refused at the very next read, and let in again when she shows it', async () => {
    await matrix.stack.owner.setDoc(friendPaths.planReader(PLAN, 'ivo'), { friendshipId: 'fs-ivo' });
    await assertSucceeds(getDoc(doc(db('ivo'), friendPaths.plan(PLAN))));
    await matrix.stack.owner.deleteDoc(friendPaths.planReader(PLAN, 'ivo'));
    await assertFails(getDoc(doc(db('ivo'), friendPaths.plan(PLAN))));
  });

  it('a friend removed is refused at the very next read', async () => {
    await assertSucceeds(getDoc(doc(db('otto'), friendPaths.plan(PLAN))));
    await matrix.stack.owner.deleteDoc(friendPaths.planReader(PLAN, 'otto'));
    await assertFails(getDoc(doc(db('otto'), friendPaths.plan(PLAN))));
  });
});

describe("one's friends: users/{uid}/friends/{friendshipId}", () => {
  const path = friendPaths.friend('vera', 'fs-otto');
  it.each(verdict(['vera']))('get by $person is $verdict', ({ person, verdict }) => expectVerdict(getDoc(doc(db(person), path)), verdict));
  it.each(verdict(['vera']))('list by $person is $verdict', ({ person, verdict }) => expectVerdict(getDocs(collection(db(person), friendPaths.friends('vera'))), verdict));
  it.each(verdict([]))('create by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), friendPaths.friend('vera', 'fs-new')), { displayName: 'Mallory', planId: PLAN, createdAt: serverTimestamp() }), verdict),
  );
  it.each(verdict([]))('update by $person is $verdict', ({ person, verdict }) => expectVerdict(updateDoc(doc(db(person), path), { displayName: 'Renamed' }), verdict));
  it.each(verdict([]))('delete by $person is $verdict (removeFriend does it, on both sides)', ({ person, verdict }) => expectVerdict(deleteDoc(doc(db(person), path)), verdict));
});

describe("one's friends: the hiding flags are the functions' (setFriendPlanHidden), not the app's", () => {
  it.each(verdict([]))('showing her plan to ivo again by flipping her own friend document, by $person, is $verdict', ({ person, verdict }) =>
    expectVerdict(updateDoc(doc(db(person), friendPaths.friend('vera', 'fs-ivo')), { hidingMyPlan: false }), verdict),
  );
  it.each(verdict([]))("clearing planHiddenFromMe on ivo's friend document, by $person, is $verdict", ({ person, verdict }) =>
    expectVerdict(updateDoc(doc(db(person), friendPaths.friend('ivo', 'fs-ivo')), { planHiddenFromMe: deleteField() }), verdict),
  );
  it.each(verdict(['ivo']))("ivo's friend document (that says her plan is hidden from him, with no uid) get by $person is $verdict", ({ person, verdict }) =>
    expectVerdict(getDoc(doc(db(person), friendPaths.friend('ivo', 'fs-ivo'))), verdict),
  );
});

/** A favourite change as the app makes it: with the caller's toggle limit, in one batch. */
function toggleFavorite(person: Person, change: Record<string, unknown>): Promise<void> {
  const batch = writeBatch(db(person));
  const uid = person === 'signedOut' ? 'x' : PEOPLE[person].uid;
  batch.set(doc(db(person), `users/${uid}/limits/toggles`), { windowStartsAt: serverTimestamp(), count: 1, lastToggleAt: serverTimestamp() });
  batch.update(doc(db(person), FAVORITE), change);
  return batch.commit();
}

describe('a set hidden from friends: users/{uid}/favorites/{performanceId}.hiddenFromFriends', () => {
  beforeEach(async () => {
    for (const person of everyone) if (person !== 'signedOut') await matrix.stack.owner.deleteDoc(`users/${PEOPLE[person].uid}/limits/toggles`);
  });
  it.each(verdict(['vera']))('hiding her set from friends by $person is $verdict', ({ person, verdict }) => expectVerdict(toggleFavorite(person, { hiddenFromFriends: true }), verdict));
  it.each(verdict(['vera']))('showing it again by $person is $verdict', ({ person, verdict }) => expectVerdict(toggleFavorite(person, { hiddenFromFriends: deleteField() }), verdict));
  it.each(verdict(['vera']))('reading her favourite (whether it is hidden) by $person is $verdict', ({ person, verdict }) => expectVerdict(getDoc(doc(db(person), FAVORITE)), verdict));
  it('is refused when not a boolean, or without moving the toggle limit (it wakes the plan trigger)', async () => {
    await assertFails(toggleFavorite('vera', { hiddenFromFriends: 'yes' }));
    await assertFails(updateDoc(doc(db('vera'), FAVORITE), { hiddenFromFriends: true }));
  });
  it.each(verdict([]))('writing a plan without the hidden set (only functions publish plans) by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), friendPaths.plan(PLAN)), { sets: [], updatedAt: serverTimestamp() }), verdict),
  );
});

describe('invites: friendInvites/{inviteId}', () => {
  it.each(verdict(['vera']))('get by $person is $verdict (the id alone opens nothing)', ({ person, verdict }) => expectVerdict(getDoc(doc(db(person), friendPaths.invite(INVITE))), verdict));
  it.each(verdict([]))('list by $person is $verdict', ({ person, verdict }) => expectVerdict(getDocs(collection(db(person), 'friendInvites')), verdict));
  it.each(verdict([]))('marking it used by $person is $verdict (single use is the function\'s)', ({ person, verdict }) =>
    expectVerdict(updateDoc(doc(db(person), friendPaths.invite(INVITE)), { acceptedBy: 'sol', acceptedAt: serverTimestamp(), friendshipId: 'fs-sol' }), verdict),
  );
  it.each(verdict(['vera']))('withdrawing it by $person is $verdict', ({ person, verdict }) => expectVerdict(deleteDoc(doc(db(person), friendPaths.invite(INVITE))), verdict));

  const fresh = 'ZyXwVuTsRqPoNmLkJiHgFe0';
  const make = (person: Person, data: Record<string, unknown>, id = fresh) => setDoc(doc(db(person), friendPaths.invite(id)), data);
  const own = (person: Person) => ({ ownerUid: person === 'signedOut' ? 'x' : PEOPLE[person].uid, displayName: 'Me', createdAt: serverTimestamp() });
  // Issue 39: the id is the secret, so only createFriendInvite (which draws it) makes invites.
  it.each(verdict([]))('making one by $person is $verdict (createFriendInvite draws the id)', async ({ person, verdict }) => {
    await matrix.stack.owner.deleteDoc(friendPaths.invite(fresh));
    await expectVerdict(make(person, own(person)), verdict);
  });

  it.each([
    ['in another person\'s name', { ownerUid: 'otto', displayName: 'Otto', createdAt: serverTimestamp() }, fresh],
    ['backdated or post-dated (its 7 days run from the server\'s time)', { ownerUid: 'vera', displayName: 'Vera', createdAt: at('12:00') }, fresh],
    ['already marked used', { ownerUid: 'vera', displayName: 'Vera', createdAt: serverTimestamp(), acceptedBy: 'otto' }, fresh],
    ['with a guessable short id', { ownerUid: 'vera', displayName: 'Vera', createdAt: serverTimestamp() }, 'abc123'],
    ['with a patterned id of the right shape (attack 5 of issue 39)', { ownerUid: 'vera', displayName: 'Vera', createdAt: serverTimestamp() }, 'AAAAAAAAAAAAAAAAAAAAAA'],
    ['well formed, in one\'s own name', { ownerUid: 'vera', displayName: 'Vera', createdAt: serverTimestamp() }, fresh],
    ['with an empty name', { ownerUid: 'vera', displayName: '', createdAt: serverTimestamp() }, fresh],
    ['with a name over 40 characters', { ownerUid: 'vera', displayName: 'V'.repeat(41), createdAt: serverTimestamp() }, fresh],
  ])('making one %s is denied', async (_name, data, id) => {
    await matrix.stack.owner.deleteDoc(friendPaths.invite(id));
    await assertFails(make('vera', data, id));
  });

  it('overwriting an existing invite (to reuse it) is denied, even for its owner', async () => {
    await assertFails(make('vera', own('vera'), INVITE));
  });
});
