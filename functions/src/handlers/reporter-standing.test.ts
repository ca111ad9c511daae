import { describe, expect, it } from 'vitest';
import { testDeps } from '../testing/deps.js';
import { handleReporterStanding } from './reporter-standing.js';

// testDeps: now 2026-08-14T20:00Z, trust after 7 days.
const old = new Date('2026-07-01T00:00:00Z');
const young = new Date('2026-08-12T20:00:00Z');

describe('reporterStanding', () => {
  it('grants an old-enough account the trustedReporter claim (keeping its role) and asks for a fresh token', async () => {
    const deps = testDeps();
    deps.accounts.add('olga', { emailVerified: false, createdAt: old, customClaims: { role: 'admin' } });
    expect(await handleReporterStanding(deps, { uid: 'olga', token: { role: 'admin' } })).toEqual({ canReport: true, because: 'account-age', trustedFrom: null, refreshToken: true });
    expect(deps.accounts.claims('olga')).toEqual({ role: 'admin', trustedReporter: true });
    // With the claim already in the token, nothing more to do.
    expect(await handleReporterStanding(deps, { uid: 'olga', token: { trustedReporter: true } })).toMatchObject({ canReport: true, refreshToken: false });
  });

  it('tells a new unverified account from when it may report, and grants nothing', async () => {
    const deps = testDeps();
    deps.accounts.add('nina', { emailVerified: false, createdAt: young });
    expect(await handleReporterStanding(deps, { uid: 'nina', token: {} })).toEqual({ canReport: false, because: 'new-account', trustedFrom: '2026-08-19T20:00:00.000Z', refreshToken: false });
    expect(deps.accounts.claims('nina')).toEqual({});
  });

  it('asks for a fresh token when the email was verified after the token was issued', async () => {
    const deps = testDeps();
    deps.accounts.add('vera', { emailVerified: true, createdAt: young });
    expect(await handleReporterStanding(deps, { uid: 'vera', token: { email_verified: false } })).toMatchObject({ canReport: true, because: 'verified-email', refreshToken: true });
    expect(await handleReporterStanding(deps, { uid: 'vera', token: { email_verified: true } })).toMatchObject({ refreshToken: false });
  });

  it('refuses guests and the signed-out', async () => {
    const deps = testDeps();
    deps.accounts.add('anna', { anonymous: true, emailVerified: false, createdAt: old });
    expect(await handleReporterStanding(deps, { uid: 'anna', token: {} })).toMatchObject({ canReport: false, because: 'anonymous' });
    await expect(handleReporterStanding(deps, undefined)).rejects.toMatchObject({ code: 'unauthenticated' });
  });
});
