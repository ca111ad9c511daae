/**
 * Visitors' help requests (issue 36): who may read and write what, through the web SDK against
 * our Firestore emulator with the repo's firestore.rules. anna (anonymous) and vera (an
 * account) ask for help; otto is another visitor; ada, pia and moe are festival A's admin,
 * programme staff and moderator (every role holds `help`), each signed in with a second factor;
 * pia also signs in without one; bea is festival B's admin.
 */
import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, deleteField, doc, getDoc, getDocs, query, serverTimestamp, setDoc, Timestamp, updateDoc, where, writeBatch, type Firestore } from 'firebase/firestore';
import { beforeEach, describe, expect, it } from 'vitest';
import { helpLimitKeyFor, helpPaths, HELP_REQUESTS_PER_WINDOW } from '@encore/model';
import { anonymousAccount, matrixOfPeople, passwordAccount, type Identity } from './people.js';

const smsFactor = { sign_in_second_factor: 'phone', second_factor_identifier: 'enrolment-1' };
const staffAccount = (uid: string, factor = true): Identity => ({
  uid,
  claims: { email: `${uid}@example.com`, email_verified: true, firebase: { sign_in_provider: 'password', identities: {}, ...(factor ? smsFactor : {}) } },
});

const PEOPLE = {
  anna: anonymousAccount('anna'),
  vera: passwordAccount('vera'),
  otto: passwordAccount('otto'),
  ada: staffAccount('ada'),
  pia: staffAccount('pia'),
  moe: staffAccount('moe'),
  piaNoFactor: staffAccount('pia', false),
  bea: staffAccount('bea'),
} as const;
type Person = keyof typeof PEOPLE | 'signedOut';
const everyone: Person[] = ['anna', 'vera', 'otto', 'ada', 'pia', 'moe', 'piaNoFactor', 'bea', 'signedOut'];
const verdict = (allowed: readonly Person[]) => everyone.map((person) => ({ person, verdict: allowed.includes(person) ? 'allowed' : 'denied' }));
const expectVerdict = (request: Promise<unknown>, verdict: string) => (verdict === 'allowed' ? assertSucceeds(request) : assertFails(request));
const STAFF: Person[] = ['ada', 'pia', 'moe'];

const F = 'encore-2026';
const OPEN = 'req-anna-open-0123456789';
const matrix = matrixOfPeople(PEOPLE);
const db = matrix.db;
const at = new Date('2026-08-14T20:00:00Z');

beforeEach(async () => {
  await matrix.stack.arrangeStaff();
  await matrix.stack.owner.setDoc(`festivals/${F}`, { name: 'Encore 2026', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'NDSM Pier' });
  await matrix.stack.owner.setDoc(helpPaths.helpRequest(F, OPEN), {
    uid: 'anna', kind: 'first-aid', note: 'My friend fainted', position: { x: 0.4, y: 0.6, accuracy: 12 }, locale: 'nl', status: 'new', createdAt: at, updatedAt: at,
  });
  for (const uid of ['anna', 'vera']) await matrix.stack.owner.deleteDoc(helpPaths.helpLimit(uid));
});

/** A request as the app sends it: the request and the moved limit in one commit. */
async function sendHelp(firestore: Firestore, uid: string, requestId: string, overrides: Record<string, unknown> = {}, limitOverrides: Record<string, unknown> = {}) {
  const limit = await getDoc(doc(firestore, helpPaths.helpLimit(uid))).catch(() => null);
  const batch = writeBatch(firestore);
  batch.set(doc(firestore, helpPaths.helpRequest(F, requestId)), {
    uid, kind: 'lost-person', note: '', locale: 'en', status: 'new', createdAt: serverTimestamp(), updatedAt: serverTimestamp(), ...overrides,
  });
  const key = helpLimitKeyFor(F, requestId);
  batch.set(
    doc(firestore, helpPaths.helpLimit(uid)),
    limit?.exists()
      ? { windowStartsAt: limit.get('windowStartsAt') as Timestamp, count: (limit.get('count') as number) + 1, lastRequestId: key, lastRequestAt: serverTimestamp(), ...limitOverrides }
      : { windowStartsAt: serverTimestamp(), count: 1, lastRequestId: key, lastRequestAt: serverTimestamp(), ...limitOverrides },
  );
  return batch.commit();
}
/** A document as stored, past the rules. */
async function stored(path: string): Promise<Record<string, unknown> | undefined> {
  let data: Record<string, unknown> | undefined;
  await matrix.stack.env.withSecurityRulesDisabled(async (context) => {
    data = (await getDoc(doc(context.firestore() as unknown as Firestore, path))).data();
  });
  return data;
}
const newId = (n: number) => `req-${n.toString().padStart(4, '0')}-abcdefghijkl`;

describe('reading a help request: festivals/{f}/helpRequests/{id}', () => {
  it.each(verdict(['anna', ...STAFF]))('get of anna’s request by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(getDoc(doc(db(person), helpPaths.helpRequest(F, OPEN))), verdict),
  );
  it.each(verdict(['anna', 'vera', 'otto', 'ada', 'pia', 'moe', 'piaNoFactor', 'bea']))('get of a request not there (yet) by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(getDoc(doc(db(person), helpPaths.helpRequest(F, 'req-not-there-0123456789'))), verdict),
  );
  it.each(verdict(STAFF))('listing every request (the console) by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(getDocs(collection(db(person), helpPaths.helpRequests(F))), verdict),
  );
  it.each(verdict(['anna', ...STAFF]))('listing anna’s own requests by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(getDocs(query(collection(db(person), helpPaths.helpRequests(F)), where('uid', '==', 'anna'))), verdict),
  );
});

describe('sending a help request', () => {
  it('an anonymous visitor and an account each send one, with their limit moved in the same commit', async () => {
    await assertSucceeds(sendHelp(db('anna'), 'anna', newId(1), { position: { x: 0.2, y: 0.3, accuracy: 8 } }));
    await assertSucceeds(sendHelp(db('vera'), 'vera', newId(2), { note: 'x'.repeat(280), kind: 'accessibility', locale: 'nl' }));
  });

  it(`refuses the ${HELP_REQUESTS_PER_WINDOW + 1}th request of the hour, and a limit that does not move`, async () => {
    for (let n = 0; n < HELP_REQUESTS_PER_WINDOW; n++) await assertSucceeds(sendHelp(db('vera'), 'vera', newId(10 + n)));
    await assertFails(sendHelp(db('vera'), 'vera', newId(20)));
    // Starting the window over by hand is refused too while the hour lasts.
    await assertFails(sendHelp(db('vera'), 'vera', newId(21), {}, { windowStartsAt: serverTimestamp(), count: 1 }));
    const limit = await stored(helpPaths.helpLimit('vera'));
    expect(limit?.count).toBe(HELP_REQUESTS_PER_WINDOW);
  });

  it('refuses a request without its limit, or whose limit names another request', async () => {
    await assertFails(setDoc(doc(db('vera'), helpPaths.helpRequest(F, newId(30))), { uid: 'vera', kind: 'safety', note: '', locale: 'en', status: 'new', createdAt: serverTimestamp(), updatedAt: serverTimestamp() }));
    await assertFails(sendHelp(db('vera'), 'vera', newId(31), {}, { lastRequestId: helpLimitKeyFor(F, newId(32)) }));
  });

  it.each([
    ['in another person’s name', { uid: 'otto' }],
    ['already on the way', { status: 'on-the-way' }],
    ['of a kind the contract does not have', { kind: 'taxi' }],
    ['with a note of 281 characters', { note: 'x'.repeat(281) }],
    ['with a position off the plan', { position: { x: 1.2, y: 0.5, accuracy: 5 } }],
    ['with a position without its accuracy', { position: { x: 0.5, y: 0.5 } }],
    ['in a language the app does not speak', { locale: 'de' }],
    ['with a client-chosen time', { createdAt: Timestamp.fromDate(at) }],
    ['with a field the contract does not have', { phone: '0612345678' }],
  ])('refuses a request %s', async (_name, overrides) => {
    await assertFails(sendHelp(db('vera'), 'vera', newId(40), overrides));
  });

  it.each(verdict(['anna', 'vera', 'otto', 'ada', 'pia', 'moe', 'piaNoFactor', 'bea']))('a request in their own name by $person is $verdict', async ({ person, verdict }) => {
    const uid = person === 'signedOut' ? 'nobody' : PEOPLE[person].uid;
    if (person !== 'signedOut') await matrix.stack.owner.deleteDoc(helpPaths.helpLimit(uid));
    await expectVerdict(sendHelp(db(person), uid, newId(50 + everyone.indexOf(person))), verdict);
  });
});

describe('moving a request on', () => {
  const setOff = (person: Person, uid: string) => ({ status: 'on-the-way', onTheWayAt: serverTimestamp(), updatedAt: serverTimestamp(), handledBy: { uid, name: 'Ada' } });
  const resolve = { status: 'resolved', resolvedAt: serverTimestamp(), updatedAt: serverTimestamp(), position: deleteField() };

  it.each(verdict(STAFF))('"on the way" by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(updateDoc(doc(db(person), helpPaths.helpRequest(F, OPEN)), setOff(person, person === 'signedOut' ? 'x' : PEOPLE[person].uid)), verdict),
  );
  it.each(verdict(STAFF))('"resolved", dropping the position, by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(updateDoc(doc(db(person), helpPaths.helpRequest(F, OPEN)), resolve), verdict),
  );

  it('refuses a resolve that keeps the position, from staff and from the requester', async () => {
    await assertFails(updateDoc(doc(db('moe'), helpPaths.helpRequest(F, OPEN)), { status: 'resolved', resolvedAt: serverTimestamp(), updatedAt: serverTimestamp() }));
    await assertFails(updateDoc(doc(db('anna'), helpPaths.helpRequest(F, OPEN)), { status: 'resolved', resolvedAt: serverTimestamp(), updatedAt: serverTimestamp(), cancelled: true }));
  });

  it('the requester cannot write a status other than cancelling, nor move their position', async () => {
    await assertFails(updateDoc(doc(db('anna'), helpPaths.helpRequest(F, OPEN)), setOff('anna', 'anna')));
    await assertFails(updateDoc(doc(db('anna'), helpPaths.helpRequest(F, OPEN)), { ...resolve }));
    await assertFails(updateDoc(doc(db('anna'), helpPaths.helpRequest(F, OPEN)), { position: { x: 0.1, y: 0.1, accuracy: 3 }, updatedAt: serverTimestamp() }));
    await assertSucceeds(updateDoc(doc(db('anna'), helpPaths.helpRequest(F, OPEN)), { ...resolve, cancelled: true }));
    expect((await stored(helpPaths.helpRequest(F, OPEN)))?.position).toBeUndefined();
  });

  it('staff take it in their own name only, keep the position while on the way, and never move a resolved one back', async () => {
    await assertFails(updateDoc(doc(db('pia'), helpPaths.helpRequest(F, OPEN)), setOff('pia', 'ada')));
    await assertFails(updateDoc(doc(db('pia'), helpPaths.helpRequest(F, OPEN)), { ...setOff('pia', 'pia'), position: deleteField() }));
    await assertSucceeds(updateDoc(doc(db('pia'), helpPaths.helpRequest(F, OPEN)), setOff('pia', 'pia')));
    await assertFails(updateDoc(doc(db('pia'), helpPaths.helpRequest(F, OPEN)), { note: 'edited', updatedAt: serverTimestamp() }));
    await assertSucceeds(updateDoc(doc(db('pia'), helpPaths.helpRequest(F, OPEN)), resolve));
    await assertFails(updateDoc(doc(db('pia'), helpPaths.helpRequest(F, OPEN)), { status: 'on-the-way', updatedAt: serverTimestamp() }));
  });

  it.each(verdict([]))('deleting a request by $person is $verdict', ({ person, verdict }) => expectVerdict(deleteDoc(doc(db(person), helpPaths.helpRequest(F, OPEN))), verdict));
});

describe('staff duty: festivals/{f}/staffDuty/{uid}', () => {
  it.each(verdict(['pia']))('turning on pushes of new requests for pia by $person is $verdict', ({ person, verdict }) =>
    expectVerdict(setDoc(doc(db(person), helpPaths.staffDuty(F, 'pia')), { helpAlerts: true, updatedAt: serverTimestamp() }), verdict),
  );
  it('only its staff member reads it, and nobody lists them', async () => {
    await matrix.stack.owner.setDoc(helpPaths.staffDuty(F, 'moe'), { helpAlerts: true, updatedAt: at });
    await assertSucceeds(getDoc(doc(db('moe'), helpPaths.staffDuty(F, 'moe'))));
    await assertFails(getDoc(doc(db('ada'), helpPaths.staffDuty(F, 'moe'))));
    await assertFails(getDocs(collection(db('ada'), helpPaths.staffDutyList(F))));
  });
});
