import { REPUTATION_ACTIVITY_LEAD_MINUTES, activityCutoff, favoriteSchema, firestorePaths, reporterRecordSchema, reputationAt, type Reputation, type ReputationPolicy } from '@encore/model';
import { z } from 'zod';
import type { AccountFacts } from '../domain/reporter-trust.js';
import type { Deps } from './deps.js';

/**
 * Reads what reputation (model: `reputationAt`) is decided from, for one person at one
 * instant: their account from Auth, staff's record of them (a refuted report), and one
 * favourite saved before the activity cutoff. Used wherever an act counts for everyone:
 * reports that hide (report-filed.ts), favourites in trending (favorite-verdict.ts), the
 * upload quota (process-photo.ts). Three reads (one of them Auth), so callers ask only when
 * the rules' part (a verified, non-anonymous account) already holds or the act is rare.
 */
export type ReputationDeps = Pick<Deps, 'docs' | 'accounts' | 'settings'>;

export function reputationPolicy(settings: Deps['settings']): ReputationPolicy {
  return { minAccountAgeHours: settings.reporterCountsAfterHours, minActivityLeadMinutes: REPUTATION_ACTIVITY_LEAD_MINUTES };
}

/** Of a favourite, only when it was saved matters here (other fields may grow without touching reputation). */
const activitySchema = z.looseObject({ createdAt: favoriteSchema.shape.createdAt });

export async function readReputation(deps: ReputationDeps, uid: string, at: Date): Promise<{ reputation: Reputation; account: AccountFacts | null }> {
  const policy = reputationPolicy(deps.settings);
  const [account, record, earlier] = await Promise.all([
    deps.accounts.find(uid),
    deps.docs.get(firestorePaths.reporterRecord(uid), reporterRecordSchema),
    // One favourite saved before the cutoff is all it takes (single-field index on createdAt).
    deps.docs.query({ collection: firestorePaths.favorites(uid), where: [['createdAt', '<', activityCutoff(at, policy)]], limit: 1 }, activitySchema),
  ]);
  const reputation = reputationAt(account, { activitySince: earlier[0]?.data.createdAt ?? null, refutedAt: record?.refutedAt ?? null }, at, policy);
  return { reputation, account };
}
