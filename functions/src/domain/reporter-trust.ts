import { REPUTATION_ACTIVITY_LEAD_MINUTES, reputationAt, type NotCountedBecause, type ReputationHistory, type ReputationPolicy } from '@encore/model';

/**
 * Who may report photos (`reporterStanding`: a verified email address, or an account older
 * than `REPORTER_MIN_ACCOUNT_AGE_DAYS`), and whose reports count towards hiding one
 * (`hidingWeight`, below: much more than that, since a verified email costs one click).
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
  /** How staff know the person (the audit trail names its actors by them), when the account has them. */
  email?: string;
  displayName?: string;
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

/**
 * Whose reports count towards hiding a photo (issue 24): those of accounts with reputation
 * (`reputationAt` in the model: verified, old enough, with a history, never refuted; the same
 * definition trending and the upload quota use, issue 39). Filing a report needs only the trust
 * above; a report that does not count still reaches staff, with its reason on the entry.
 */
export type { ReputationHistory as ReporterHistory, ReputationPolicy } from '@encore/model';

export type HidingWeight = { counts: true } | { counts: false; because: NotCountedBecause };

/** Activity counts if it came at least this long before the report. */
export const REPORTER_ACTIVITY_LEAD_MINUTES = REPUTATION_ACTIVITY_LEAD_MINUTES;

export function hidingWeight(account: AccountFacts | null, history: ReputationHistory, reportAt: Date, policy: ReputationPolicy): HidingWeight {
  const reputation = reputationAt(account, history, reportAt, policy);
  return reputation.established ? { counts: true } : { counts: false, because: reputation.because };
}

export { activityCutoff } from '@encore/model';
