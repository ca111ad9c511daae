import type { NotCountedBecause } from '@encore/model';

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
 * Whose reports count towards hiding a photo (issue 24). Filing a report needs the trust above;
 * hiding someone's photo needs reputation that takes time to earn, so a crowd of accounts made
 * and verified in a second costs an attacker at least `minAccountAgeHours` and a history made in
 * advance, while the visitors who have used the app since yesterday hide an abusive photo at
 * once. A report that does not count still reaches staff, with its reason on the entry.
 *
 * All of it, in order (the first miss is the reason recorded):
 * - an account that is not anonymous, with a verified email (a password alone is one click);
 * - older than `minAccountAgeHours` when the report is counted;
 * - with activity before the report: a favourite saved at least `minActivityLeadMinutes`
 *   earlier (someone who used the programme, not an account made to report);
 * - never refuted: staff have not restored a photo this account's report counted towards hiding.
 */
export interface ReputationPolicy {
  minAccountAgeHours: number;
  minActivityLeadMinutes: number;
}

export interface ReporterHistory {
  /** The account's earliest activity the backend knows of (a favourite's creation), or null. */
  activitySince: Date | null;
  /** When staff last refuted a report of this account, or null. */
  refutedAt: Date | null;
}

export type HidingWeight = { counts: true } | { counts: false; because: NotCountedBecause };

/** Activity counts if it came at least this long before the report. */
export const REPORTER_ACTIVITY_LEAD_MINUTES = 60;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export function hidingWeight(account: AccountFacts | null, history: ReporterHistory, reportAt: Date, policy: ReputationPolicy): HidingWeight {
  if (!account) return { counts: false, because: 'no-account' };
  if (account.anonymous) return { counts: false, because: 'anonymous' };
  if (!account.emailVerified) return { counts: false, because: 'unverified-email' };
  if (reportAt.getTime() - account.createdAt.getTime() < policy.minAccountAgeHours * HOUR_MS) return { counts: false, because: 'new-account' };
  if (history.refutedAt) return { counts: false, because: 'refuted' };
  if (!history.activitySince || reportAt.getTime() - history.activitySince.getTime() < policy.minActivityLeadMinutes * MINUTE_MS) return { counts: false, because: 'no-history' };
  return { counts: true };
}

/** The instant before which activity counts for a report at `reportAt` (for the query that looks for it). */
export function activityCutoff(reportAt: Date, policy: ReputationPolicy): Date {
  return new Date(reportAt.getTime() - policy.minActivityLeadMinutes * MINUTE_MS);
}
