import { describe, expect, it } from 'vitest';
import { firestorePaths, type Festival } from '@encore/model';
import { NOW, testDeps } from '../testing/deps.js';
import { handleArchiveFestival } from './archive-festival.js';
import { RequestError } from './request-error.js';

const sms = { sign_in_provider: 'password', sign_in_second_factor: 'phone' };
const ada = { uid: 'ada', token: { firebase: sms } };
const FESTIVAL = 'zomer-klanken-2026';
/** Its last day is 16 August; with days starting at 06:00 it ends on 17 August at 06:00 in Amsterdam (04:00 UTC). */
const festival: Festival = { name: 'Zomer Klanken 2026', timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16', venue: 'Park' };
const at = (iso: string) => () => new Date(iso);

function seeded(now: () => Date) {
  const deps = testDeps({ now });
  deps.docs.seed(firestorePaths.festival(FESTIVAL), festival);
  deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL, 'ada'), { role: 'admin', addedAt: NOW, addedBy: null });
  deps.docs.seed(firestorePaths.festivalStaffMember(FESTIVAL, 'moe'), { role: 'moderator', addedAt: NOW, addedBy: 'ada' });
  return deps;
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(RequestError);
  const { code, message } = error as RequestError;
  return { code, message };
}

describe('archiveFestival', () => {
  it('refuses before the last night is over on the festival’s own clock, saying from when', async () => {
    const deps = seeded(at('2026-08-17T03:59:00Z'));
    expect(await refusal(handleArchiveFestival(deps, ada, { festivalId: FESTIVAL }))).toEqual({
      code: 'failed-precondition',
      message: 'Zomer Klanken 2026 can be archived once its last day is over: from 17 August 2026, 06:00 (Europe/Amsterdam).',
    });
    expect(deps.docs.data(firestorePaths.festival(FESTIVAL))).not.toHaveProperty('archivedAt');
  });

  it('archives once it has ended, and answers a second call with the first archivedAt, writing nothing', async () => {
    const deps = seeded(at('2026-08-17T04:00:00Z'));
    expect(await handleArchiveFestival(deps, ada, { festivalId: FESTIVAL })).toEqual({ festivalId: FESTIVAL, archivedAt: '2026-08-17T04:00:00.000Z' });
    expect(deps.docs.data(firestorePaths.festival(FESTIVAL))).toEqual({ ...festival, archivedAt: new Date('2026-08-17T04:00:00Z') });
    const before = structuredClone(deps.docs.store);
    const later = testDeps({ docs: deps.docs, now: at('2026-09-01T10:00:00Z') });
    expect(await handleArchiveFestival(later, ada, { festivalId: FESTIVAL })).toEqual({ festivalId: FESTIVAL, archivedAt: '2026-08-17T04:00:00.000Z' });
    expect(deps.docs.store).toEqual(before);
  });

  it('is for its admins and the project’s only, with a second factor; an unknown festival is not-found', async () => {
    const deps = seeded(at('2026-09-01T10:00:00Z'));
    expect(await refusal(handleArchiveFestival(deps, { uid: 'moe', token: { firebase: sms } }, { festivalId: FESTIVAL }))).toEqual({ code: 'permission-denied', message: 'Only this festival’s admins can do this.' });
    expect(await refusal(handleArchiveFestival(deps, { uid: 'ada', token: { firebase: { sign_in_provider: 'password' } } }, { festivalId: FESTIVAL }))).toMatchObject({ code: 'permission-denied' });
    expect(await refusal(handleArchiveFestival(deps, ada, { festivalId: 'Not A Slug' }))).toMatchObject({ code: 'invalid-argument' });
    const olga = { uid: 'olga', token: { role: 'admin', firebase: sms } };
    expect(await refusal(handleArchiveFestival(deps, olga, { festivalId: 'nowhere' }))).toEqual({ code: 'not-found', message: 'There is no festival nowhere.' });
    expect(await handleArchiveFestival(deps, olga, { festivalId: FESTIVAL })).toMatchObject({ festivalId: FESTIVAL });
  });
});
