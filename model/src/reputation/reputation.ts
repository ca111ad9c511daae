import type { NotCountedBecause } from '../schemas/photos.js';

/**
 * Reputation: whose acts count for everyone (issues 24 and 39). One definition, used for a
 * report that helps hide a photo, a favourite that counts in trending (`live/sets.trending`,
 * the console's trending chart) and the size of a person's upload quota. A verified email
 * costs one click, so it is not enough: reputation takes time to earn, and a crowd of accounts
 * made and verified in a second buys nothing a visitor sees.
 *
 * All of it, in order (the first miss is the reason given):
 * - an account that is not anonymous, with a verified email;
 * - older than `minAccountAgeHours` at the act;
 * - never refuted: staff have not restored a photo this account's report counted towards hiding;
 * - with a history: a favourite saved at least `minActivityLeadMinutes` before the act.
 *
 * The rules check what the ID token carries (not anonymous, `email_verified`: the favourite's
 * and the report's `established`/trusted checks); the rest needs Auth's creation time and
 * the person's documents, so functions check it.
 */
export interface ReputationPolicy {
  minAccountAgeHours: number;
  minActivityLeadMinutes: number;
}

/** The account as Auth knows it, reduced to what reputation needs. */
export interface ReputationAccount {
  anonymous: boolean;
  emailVerified: boolean;
  createdAt: Date;
}

export interface ReputationHistory {
  /** The account's earliest activity the backend knows of (a favourite's creation) before the cutoff, or null. */
  activitySince: Date | null;
  /** When staff last refuted a report of this account, or null. */
  refutedAt: Date | null;
}

export type Reputation = { established: true } | { established: false; because: NotCountedBecause };

/** The account age the functions use unless deployed otherwise (`REPORTER_COUNTS_AFTER_HOURS`). */
export const REPUTATION_MIN_ACCOUNT_AGE_HOURS = 24;
/** Activity counts if it came at least this long before the act. */
export const REPUTATION_ACTIVITY_LEAD_MINUTES = 60;

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;

export function reputationAt(account: ReputationAccount | null, history: ReputationHistory, at: Date, policy: ReputationPolicy): Reputation {
  if (!account) return { established: false, because: 'no-account' };
  if (account.anonymous) return { established: false, because: 'anonymous' };
  if (!account.emailVerified) return { established: false, because: 'unverified-email' };
  if (at.getTime() - account.createdAt.getTime() < policy.minAccountAgeHours * HOUR_MS) return { established: false, because: 'new-account' };
  if (history.refutedAt) return { established: false, because: 'refuted' };
  if (!history.activitySince || at.getTime() - history.activitySince.getTime() < policy.minActivityLeadMinutes * MINUTE_MS) return { established: false, because: 'no-history' };
  return { established: true };
}

/** The instant before which activity counts for an act at `at` (for the query that looks for it). */
export function activityCutoff(at: Date, policy: ReputationPolicy): Date {
  return new Date(at.getTime() - policy.minActivityLeadMinutes * MINUTE_MS);
}
