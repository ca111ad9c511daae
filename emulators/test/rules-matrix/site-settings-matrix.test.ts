/**
 * `site/settings` (issue 35): which festival `/` opens. Everyone reads it; only a project admin
 * signed in with a second factor writes it, naming a festival that exists (or none), with their
 * own uid and the request's time. A festival's own admin (of A or of B) is no project admin.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { deleteDoc, doc, getDoc, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore';
import { beforeEach, describe, it } from 'vitest';
import { firestorePaths } from '@encore/model';
import { matrixOfPeople } from './people.js';
import { FESTIVAL_A, FESTIVAL_B, IDENTITIES } from './roles.js';

const PEOPLE = {
  anonymous: IDENTITIES.anonymous,
  visitor: IDENTITIES.visitor,
  festivalAdmin: IDENTITIES.admin,
  staffOfB: IDENTITIES.staffOfB,
  projectAdmin: IDENTITIES.projectAdmin,
  projectAdminNoFactor: IDENTITIES.projectAdminNoFactor,
} as const;
type Person = keyof typeof PEOPLE | 'signedOut';
const everyone: Person[] = ['signedOut', 'anonymous', 'visitor', 'festivalAdmin', 'staffOfB', 'projectAdmin', 'projectAdminNoFactor'];
const verdict = (allowed: readonly Person[]) => everyone.map((person) => ({ person, verdict: allowed.includes(person) ? 'allowed' : 'denied' }));
const expectVerdict = (request: Promise<unknown>, verdict: string) => (verdict === 'allowed' ? assertSucceeds(request) : assertFails(request));

const matrix = matrixOfPeople(PEOPLE);
const db = matrix.db;
const SETTINGS = firestorePaths.siteSettings();
const festival = (name: string) => ({ name, timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Pier' });

beforeEach(async () => {
  await matrix.stack.owner.setDoc(firestorePaths.festival(FESTIVAL_A), festival('Encore 2026'));
  await matrix.stack.owner.setDoc(firestorePaths.festival(FESTIVAL_B), festival('Encore 2027'));
  await matrix.stack.owner.deleteDoc(firestorePaths.festival('no-such-festival'));
  await matrix.stack.owner.setDoc(SETTINGS, { defaultFestivalId: FESTIVAL_A, updatedAt: new Date('2026-06-01T10:00:00Z'), updatedBy: 'olga' });
});

const settingsBy = (person: Person, overrides: Record<string, unknown> = {}) => ({
  defaultFestivalId: FESTIVAL_B,
  updatedAt: serverTimestamp(),
  updatedBy: person === 'signedOut' ? 'nobody' : PEOPLE[person].uid,
  ...overrides,
});

describe('site/settings: the festival `/` opens', () => {
  it.each(verdict(everyone))('get by $person is $verdict', ({ person, verdict }) => expectVerdict(getDoc(doc(db(person), SETTINGS)), verdict));

  it.each(verdict(['projectAdmin']))('choosing another festival by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), SETTINGS), settingsBy(person)), verdict),
  );

  it.each(verdict(['projectAdmin']))('choosing none (the chooser) by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), SETTINGS), settingsBy(person, { defaultFestivalId: null })), verdict),
  );

  it.each(verdict(['projectAdmin']))('creating it where there is none yet by $person is $verdict', async ({ person, verdict }) => {
    await matrix.stack.owner.deleteDoc(SETTINGS);
    await expectVerdict(setDoc(doc(db(person), SETTINGS), settingsBy(person)), verdict);
  });

  it.each(verdict([]))('deleting it by $person is $verdict', ({ person, verdict }) => expectVerdict(deleteDoc(doc(db(person), SETTINGS)), verdict));

  describe("a project admin's write that is refused", () => {
    const write = (overrides: Record<string, unknown>) => setDoc(doc(db('projectAdmin'), SETTINGS), settingsBy('projectAdmin', overrides));
    it('names a festival that does not exist', () => assertFails(write({ defaultFestivalId: 'no-such-festival' })));
    it('names no festival id at all (not a slug)', () => assertFails(write({ defaultFestivalId: 'Encore 2026' })));
    it('signs it as someone else', () => assertFails(write({ updatedBy: 'ada' })));
    it('dates it other than the request', () => assertFails(write({ updatedAt: Timestamp.fromDate(new Date('2026-01-01T00:00:00Z')) })));
    it('leaves out a field', () => assertFails(setDoc(doc(db('projectAdmin'), SETTINGS), { defaultFestivalId: FESTIVAL_B, updatedAt: serverTimestamp() })));
    it('adds a field the contract does not have', () => assertFails(write({ theme: 'dark' })));
  });
});
