import { TRUSTED_REPORTER_CLAIM, type AccountFacts } from '../domain/reporter-trust.js';
import type { Accounts } from '../platform/accounts.js';

/** Accounts for unit tests: add people with `add`, read their claims back from `claims`. */
export class MemoryAccounts implements Accounts {
  readonly accounts = new Map<string, AccountFacts>();

  add(uid: string, facts: Partial<Omit<AccountFacts, 'uid'>> = {}): AccountFacts {
    const account: AccountFacts = { uid, anonymous: false, emailVerified: true, createdAt: new Date('2026-01-01T00:00:00Z'), customClaims: {}, ...facts };
    this.accounts.set(uid, account);
    return account;
  }

  async find(uid: string) {
    const account = this.accounts.get(uid);
    return account ? structuredClone(account) : null;
  }

  async markTrustedReporter(uid: string) {
    const account = this.accounts.get(uid);
    if (!account) throw Object.assign(new Error(`There is no user record corresponding to the provided identifier: ${uid}`), { code: 'auth/user-not-found' });
    account.customClaims = { ...account.customClaims, [TRUSTED_REPORTER_CLAIM]: true };
  }

  claims(uid: string): Record<string, unknown> | undefined {
    return this.accounts.get(uid)?.customClaims;
  }
}
