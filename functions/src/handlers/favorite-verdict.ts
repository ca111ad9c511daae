import { favoriteSchema, firestorePaths } from '@encore/model';
import { logs } from '../logs.js';
import { readBatchFor } from './read-batch.js';
import { readReputation, type ReputationDeps } from './reputation.js';

export type FavoriteVerdict = 'reputable' | 'not-reputable' | 'not-looked-at';

/**
 * Whether a favourite counts in trending (issue 39): its giver's reputation as of the
 * favourite's `createdAt`, written once on it as `reputable` (functions only; the rules let no
 * client write it), before its set is recounted. A favourite without the rules' part of
 * reputation (`established`: a verified, non-anonymous account) is not looked at: it cannot
 * count, and costs no Auth read.
 *
 * Retry-safe: a favourite that already has a verdict is left as it is, and the verdict is
 * written in a transaction only while the same favourite (same `createdAt`) still exists, so
 * a favourite taken back meanwhile is never brought back by the write.
 */
export async function judgeFavorite(deps: ReputationDeps, uid: string, performanceId: string): Promise<FavoriteVerdict> {
  const path = firestorePaths.favorite(uid, performanceId);
  // Batched with the instance's other reads of the moment: on a hot set every favourite is read
  // here, and it was countFavorite's one request per favourite (a BatchGetDocuments of one
  // document: 0.18 ms of the worker's CPU each, and a REST response from the emulator, in the
  // favourites bench's profile of 2026-12-07). Billed the same: one read per favourite.
  const favorite = await readBatchFor(deps.docs).get(path, favoriteSchema);
  if (!favorite || favorite.established !== true) return 'not-looked-at';
  if (favorite.reputable !== undefined) return favorite.reputable ? 'reputable' : 'not-reputable';
  const { reputation } = await readReputation(deps, uid, favorite.createdAt);
  const written = await deps.docs.transaction(async (tx) => {
    const current = await tx.get(path, favoriteSchema);
    if (!current || current.reputable !== undefined || current.createdAt.getTime() !== favorite.createdAt.getTime()) return false;
    tx.set(path, { reputable: reputation.established }, { merge: true });
    return true;
  });
  if (written) logs.favoriteJudged({ festivalId: favorite.festivalId, performanceId, reputable: reputation.established, because: reputation.established ? 'reputation' : reputation.because });
  return reputation.established ? 'reputable' : 'not-reputable';
}
