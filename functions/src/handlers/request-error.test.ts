import { describe, expect, it } from 'vitest';
import { FESTIVAL_CAPABILITIES, firestorePaths, type FestivalCapability, type FestivalRole } from '@encore/model';
import { NOW, testDeps } from '../testing/deps.js';
import type { Deps } from './deps.js';
import { RequestError, SECOND_FACTOR_NEEDED, requireFestivalRole, requireProjectAdmin, type Caller } from './request-error.js';

const sms = { sign_in_provider: 'password', sign_in_second_factor: 'phone' };
const passwordOnly = { sign_in_provider: 'password' };
const A = 'alpha-2027';
const B = 'bravo-2027';

function depsWith(roles: Array<[uid: string, festivalId: string, role: FestivalRole]>) {
  const deps = testDeps();
  for (const [uid, festivalId, role] of roles) deps.docs.seed(firestorePaths.festivalStaffMember(festivalId, uid), { role, addedAt: NOW, addedBy: null });
  return deps;
}

/** What requireFestivalRole decides: 'granted', or the refusal's code, reason and message. */
async function decision(deps: Pick<Deps, 'docs'>, caller: Caller | undefined, festivalId: string, capability: FestivalCapability) {
  try {
    const granted = await requireFestivalRole(deps, caller, festivalId, capability);
    expect(granted).toBe(caller);
    return 'granted';
  } catch (error) {
    expect(error).toBeInstanceOf(RequestError);
    const { code, reason, message } = error as RequestError;
    return { code, reason, message };
  }
}

describe('requireFestivalRole', () => {
  it('grants each festival role its capabilities in its own festival and nothing in another', async () => {
    const deps = depsWith([
      ['ann', A, 'admin'],
      ['pia', A, 'programme'],
      ['mo', A, 'moderator'],
    ]);
    const granted = async (uid: string, festivalId: string) => {
      const caps: FestivalCapability[] = [];
      for (const capability of FESTIVAL_CAPABILITIES) if ((await decision(deps, { uid, token: { firebase: sms } }, festivalId, capability)) === 'granted') caps.push(capability);
      return caps;
    };
    expect(await granted('ann', A)).toEqual(['manage', 'programme', 'announce', 'moderate', 'figures', 'help']);
    expect(await granted('pia', A)).toEqual(['programme', 'announce', 'figures', 'help']);
    expect(await granted('mo', A)).toEqual(['moderate', 'figures', 'help']);
    for (const uid of ['ann', 'pia', 'mo']) expect(await granted(uid, B), uid).toEqual([]);
  });

  it('refuses festival A’s admin on festival B, a moderator the import and programme staff moderation, each with the roles that may', async () => {
    const deps = depsWith([
      ['ann', A, 'admin'],
      ['pia', A, 'programme'],
      ['mo', A, 'moderator'],
    ]);
    expect(await decision(deps, { uid: 'ann', token: { firebase: sms } }, B, 'moderate')).toEqual({
      code: 'permission-denied',
      reason: undefined,
      message: 'Only this festival’s moderator staff and admins can do this.',
    });
    expect(await decision(deps, { uid: 'mo', token: { firebase: sms } }, A, 'programme')).toEqual({
      code: 'permission-denied',
      reason: undefined,
      message: 'Only this festival’s programme staff and admins can do this.',
    });
    expect(await decision(deps, { uid: 'pia', token: { firebase: sms } }, A, 'moderate')).toMatchObject({ code: 'permission-denied', reason: undefined });
    expect(await decision(deps, { uid: 'pia', token: { firebase: sms } }, A, 'manage')).toMatchObject({ message: 'Only this festival’s admins can do this.' });
  });

  it('grants a project admin (the admin claim) everything in every festival without reading a staff document', async () => {
    const deps = testDeps();
    let reads = 0;
    const counting = { docs: deps.docs.asAnotherInstance({ get: (path, schema) => (reads++, deps.docs.get(path, schema)) }) };
    const ada = { uid: 'ada', token: { role: 'admin', firebase: { ...sms, sign_in_second_factor: 'totp' } } };
    for (const festivalId of [A, B]) for (const capability of FESTIVAL_CAPABILITIES) expect(await decision(counting, ada, festivalId, capability)).toBe('granted');
    expect(reads).toBe(0);
    // Anyone else's check reads their staff document (the counter counts it).
    await decision(counting, { uid: 'mo', token: { firebase: sms } }, A, 'moderate');
    expect(reads).toBe(1);
  });

  it('refuses the retired staff claim, which grants nothing any more', async () => {
    const deps = testDeps();
    expect(await decision(deps, { uid: 'old', token: { role: 'staff', firebase: sms } }, A, 'moderate')).toMatchObject({ code: 'permission-denied', reason: undefined });
  });

  it('asks staff and project admins signed in with a password alone for their second factor', async () => {
    const deps = depsWith([['mo', A, 'moderator']]);
    const needed = { code: 'permission-denied', reason: 'second-factor-needed', message: SECOND_FACTOR_NEEDED };
    expect(await decision(deps, { uid: 'mo', token: { firebase: passwordOnly } }, A, 'moderate')).toEqual(needed);
    expect(await decision(deps, { uid: 'ada', token: { role: 'admin', firebase: passwordOnly } }, B, 'programme')).toEqual(needed);
    // A role without the capability is no staff, factor or not: nothing to enrol for.
    expect(await decision(deps, { uid: 'mo', token: { firebase: passwordOnly } }, A, 'programme')).toMatchObject({ reason: undefined });
  });

  it('asks the signed-out to sign in', async () => {
    expect(await decision(testDeps(), undefined, A, 'figures')).toEqual({ code: 'unauthenticated', reason: undefined, message: 'Sign in first.' });
  });
});

describe('requireProjectAdmin', () => {
  it('grants the admin claim with a second factor only, and no festival role', () => {
    const ada = { uid: 'ada', token: { role: 'admin', firebase: sms } };
    expect(requireProjectAdmin(ada)).toBe(ada);
    expect(() => requireProjectAdmin({ uid: 'ada', token: { role: 'admin', firebase: passwordOnly } })).toThrow(expect.objectContaining({ code: 'permission-denied', reason: 'second-factor-needed' }));
    for (const token of [{ role: 'staff', firebase: sms }, { firebase: sms }, {}]) {
      expect(() => requireProjectAdmin({ uid: 'x', token })).toThrow(expect.objectContaining({ code: 'permission-denied', message: 'Only the project’s admins can do this.' }));
    }
    expect(() => requireProjectAdmin(undefined)).toThrow(expect.objectContaining({ code: 'unauthenticated' }));
  });
});
