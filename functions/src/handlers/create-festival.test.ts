import { describe, expect, it } from 'vitest';
import { festivalSchema, festivalStaffSchema, firestorePaths, type Festival } from '@encore/model';
import { NOW, testDeps } from '../testing/deps.js';
import { handleCreateFestival } from './create-festival.js';
import { RequestError, SECOND_FACTOR_NEEDED } from './request-error.js';

const sms = { sign_in_provider: 'password', sign_in_second_factor: 'phone' };
/** A project admin (the `admin` claim) signed in with an SMS code. */
const ada = { uid: 'ada', token: { role: 'admin', email: 'ada@encore.test', name: 'Ada Lovelace', firebase: sms } };
const festival: Festival = {
  name: 'Zomer Klanken 2027',
  shortName: 'Zomer Klanken',
  timeZone: 'Europe/Amsterdam',
  startsOn: '2027-07-02',
  endsOn: '2027-07-04',
  venue: 'Park Vijversburg',
  address: 'Parkweg 2, Tytsjerk',
  languages: ['nl', 'en'],
  defaultLanguage: 'nl',
  colours: { primary: '#c0392b', secondary: '#2a1038' },
};
const input = { festivalId: 'zomer-klanken-2027', festival };
const festivalPath = firestorePaths.festival('zomer-klanken-2027');
const staffPath = (uid: string) => firestorePaths.festivalStaffMember('zomer-klanken-2027', uid);

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  const { code, message, reason } = error as RequestError;
  return { code, message, reason };
}

describe('createFestival', () => {
  it('writes the festival and makes its creator its admin, named from their token, in one transaction', async () => {
    const deps = testDeps();
    expect(await handleCreateFestival(deps, ada, input)).toEqual({ festivalId: 'zomer-klanken-2027' });
    expect(festivalSchema.parse(deps.docs.data(festivalPath))).toEqual(festival);
    expect(deps.docs.data(festivalPath)).toEqual(festival);
    expect(festivalStaffSchema.parse(deps.docs.data(staffPath('ada')))).toEqual({ role: 'admin', email: 'ada@encore.test', name: 'Ada Lovelace', addedAt: NOW, addedBy: 'ada' });
    expect(deps.docs.commits).toBe(1);
  });

  it('leaves out the name and email a token does not carry', async () => {
    const deps = testDeps();
    await handleCreateFestival(deps, { uid: 'ada', token: { role: 'admin', firebase: sms } }, input);
    expect(deps.docs.data(staffPath('ada'))).toEqual({ role: 'admin', addedAt: NOW, addedBy: 'ada' });
  });

  it('refuses a taken address with already-exists, and changes nothing of the festival there', async () => {
    const deps = testDeps();
    const theirs = { ...festival, name: 'Someone else’s' };
    deps.docs.seed(festivalPath, theirs);
    deps.docs.seed(staffPath('bob'), { role: 'admin', addedAt: NOW, addedBy: 'bob' });
    expect(await refusal(handleCreateFestival(deps, ada, input))).toEqual({ code: 'already-exists', message: 'The address zomer-klanken-2027 is taken: choose another.', reason: undefined });
    // Even the very same festival, when another admin created it.
    deps.docs.seed(festivalPath, festival);
    expect(await refusal(handleCreateFestival(deps, ada, input))).toMatchObject({ code: 'already-exists' });
    expect(deps.docs.data(festivalPath)).toEqual(festival);
    expect(deps.docs.data(staffPath('ada'))).toBeUndefined();
    expect(deps.docs.commits).toBe(0);
  });

  it('answers its creator’s retry (the first answer lost) with success and writes nothing more', async () => {
    const deps = testDeps();
    await handleCreateFestival(deps, ada, input);
    const before = structuredClone(deps.docs.store);
    const later = testDeps({ docs: deps.docs, now: () => new Date(NOW.getTime() + 60_000) });
    expect(await handleCreateFestival(later, ada, structuredClone(input))).toEqual({ festivalId: 'zomer-klanken-2027' });
    // Not even addedAt moved.
    expect(deps.docs.store).toEqual(before);
    // The same creator asking for another festival under that address is refused.
    expect(await refusal(handleCreateFestival(later, ada, { ...input, festival: { ...festival, venue: 'Elsewhere' } }))).toMatchObject({ code: 'already-exists' });
  });

  it('refuses archivedAt and editionOf, which only archiving and a new edition set', async () => {
    const deps = testDeps();
    const refused = await refusal(handleCreateFestival(deps, ada, { ...input, festival: { ...festival, archivedAt: NOW, editionOf: 'zomer-klanken-2026' } }));
    expect(refused).toEqual({ code: 'invalid-argument', message: 'festival.archivedAt: is set by Encore, not asked for; festival.editionOf: is set by Encore, not asked for', reason: undefined });
    expect(deps.docs.commits).toBe(0);
  });

  it('refuses colours that would make the app unreadable, naming each field and its contrast', async () => {
    const deps = testDeps();
    const refused = await refusal(handleCreateFestival(deps, ada, { ...input, festival: { ...festival, colours: { primary: '#ffd400', secondary: '#777777' } } }));
    expect(refused).toEqual({
      code: 'invalid-argument',
      reason: undefined,
      message:
        'festival.colours.primary: white text on it has 1.4:1, needs 4.5:1; festival.colours.primary: on the light theme’s background it has 1.3:1, needs 3:1; festival.colours.secondary: light text on it has 4.2:1, needs 4.5:1',
    });
    expect(deps.docs.store.size).toBe(0);
  });

  it('refuses invalid fields, naming each', async () => {
    const deps = testDeps();
    const bad = await refusal(
      handleCreateFestival(deps, ada, { festivalId: 'Zomer Klanken!', festival: { ...festival, endsOn: '2027-07-01', colours: { primary: 'red', secondary: '#2a1038' }, extra: 1 } }),
    );
    expect(bad.code).toBe('invalid-argument');
    for (const field of ['festivalId:', 'festival.colours.primary:', 'festival:']) expect(bad.message).toContain(field);
    expect(await refusal(handleCreateFestival(deps, ada, { festivalId: 'ok-2027', festival: { ...festival, endsOn: '2027-07-01' } }))).toMatchObject({
      code: 'invalid-argument',
      message: 'festival.endsOn: endsOn must not be before startsOn',
    });
    expect(await refusal(handleCreateFestival(deps, ada, { festivalId: 'ok-2027' }))).toMatchObject({ code: 'invalid-argument', message: expect.stringContaining('festival:') as unknown });
    expect(deps.docs.store.size).toBe(0);
  });

  it('is for project admins with a second factor only: festival admins, the retired staff claim and visitors are refused', async () => {
    const deps = testDeps();
    deps.docs.seed(firestorePaths.festivalStaffMember('encore-2026', 'fay'), { role: 'admin', addedAt: NOW, addedBy: null });
    const notAdmin = { code: 'permission-denied', message: 'Only the project’s admins can do this.', reason: undefined };
    expect(await refusal(handleCreateFestival(deps, { uid: 'fay', token: { firebase: sms } }, input))).toEqual(notAdmin);
    expect(await refusal(handleCreateFestival(deps, { uid: 'sam', token: { role: 'staff', firebase: sms } }, input))).toEqual(notAdmin);
    expect(await refusal(handleCreateFestival(deps, { uid: 'v', token: {} }, input))).toEqual(notAdmin);
    expect(await refusal(handleCreateFestival(deps, { uid: 'ada', token: { role: 'admin', firebase: { sign_in_provider: 'password' } } }, input))).toEqual({
      code: 'permission-denied',
      message: SECOND_FACTOR_NEEDED,
      reason: 'second-factor-needed',
    });
    expect(await refusal(handleCreateFestival(deps, undefined, input))).toMatchObject({ code: 'unauthenticated' });
    expect(deps.docs.data(festivalPath)).toBeUndefined();
    expect(deps.docs.commits).toBe(0);
  });
});
