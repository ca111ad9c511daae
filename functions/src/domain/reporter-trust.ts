/**
 * Who may report photos, and whose reports count towards hiding one. A report from a
 * throw-away account must not count: trusted are accounts with a verified email address,
 * and accounts older than a deploy parameter (`REPORTER_MIN_ACCOUNT_AGE_DAYS`).
 *
 * The age is known honestly only to the backend: security rules cannot read Auth's
 * metadata, and a client could claim anything. So functions read the account from Auth
 * and decide here; for the rules, the backend grants an old-enough account the custom
 * claim `trustedReporter` (rules read claims from the ID token), while a verified email
 * is already in every token (`email_verified`).
 */

export const TRUSTED_REPORTER_CLAIM = 'trustedReporter';

/** An account as Auth knows it (firebase-admin's UserRecord, reduced to what trust needs). */
export interface AccountFacts {
  uid: string;
  /** Signed in anonymously only (no linked provider). */
  anonymous: boolean;
  emailVerified: boolean;
  createdAt: Date;
  customClaims: Record<string, unknown>;
}

export type ReporterStanding =
  | { trusted: true; because: 'verified-email' | 'account-age' }
  | { trusted: false; because: 'no-account' | 'anonymous' | 'new-account'; trustedFrom: Date | null };

const DAY_MS = 86_400_000;

export function reporterStanding(account: AccountFacts | null, now: Date, minAccountAgeDays: number): ReporterStanding {
  if (!account) return { trusted: false, because: 'no-account', trustedFrom: null };
  if (account.anonymous) return { trusted: false, because: 'anonymous', trustedFrom: null };
  if (account.emailVerified) return { trusted: true, because: 'verified-email' };
  const trustedFrom = new Date(account.createdAt.getTime() + minAccountAgeDays * DAY_MS);
  return trustedFrom.getTime() <= now.getTime() ? { trusted: true, because: 'account-age' } : { trusted: false, because: 'new-account', trustedFrom };
}
