import { describe, expect, it } from 'vitest';
import { reporterStanding, type AccountFacts } from './reporter-trust.js';

const NOW = new Date('2026-08-14T20:00:00Z');
const account = (facts: Partial<AccountFacts>): AccountFacts => ({ uid: 'u1', anonymous: false, emailVerified: false, createdAt: NOW, customClaims: {}, ...facts });
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe('who may report', () => {
  it('trusts a verified email at once, whatever the account’s age', () => {
    expect(reporterStanding(account({ emailVerified: true }), NOW, 7)).toEqual({ trusted: true, because: 'verified-email' });
  });

  it('trusts an unverified account from the day it is old enough, and says when that is until then', () => {
    expect(reporterStanding(account({ createdAt: daysAgo(7) }), NOW, 7)).toEqual({ trusted: true, because: 'account-age' });
    expect(reporterStanding(account({ createdAt: daysAgo(2) }), NOW, 7)).toEqual({ trusted: false, because: 'new-account', trustedFrom: new Date('2026-08-19T20:00:00Z') });
  });

  it('never trusts an anonymous account or one that does not exist, and ignores claims a client could not have earned', () => {
    expect(reporterStanding(account({ anonymous: true, createdAt: daysAgo(400) }), NOW, 7)).toEqual({ trusted: false, because: 'anonymous', trustedFrom: null });
    expect(reporterStanding(null, NOW, 7)).toEqual({ trusted: false, because: 'no-account', trustedFrom: null });
    // The claim is the rules' copy of this decision, not a source of trust: a young account with it is still young.
    expect(reporterStanding(account({ createdAt: daysAgo(1), customClaims: { trustedReporter: true } }), NOW, 7).trusted).toBe(false);
  });
});
