import { HELP_POSITION_KEEP_HOURS, HELP_REQUESTS_COLLECTION, helpRequestSchema } from '@encore/model';
import { helpPositionOverdue, withoutPosition } from '../domain/help.js';
import type { Deps } from './deps.js';

/** Requests read per transaction. */
const CHUNK = 200;
/**
 * How far back each night looks: positions are dropped the first night after their day is
 * up, so older requests have none left (a month covers any run of failed nights) and the
 * nightly read stays the size of a few days' requests, not of every festival's history.
 */
const LOOK_BACK_DAYS = 30;

/**
 * Drops the position of every help request sent more than a day ago (issue 36), whatever its
 * status: a resolve drops it at once (the rules insist), this catches requests nobody resolved.
 * Each chunk is re-read in a transaction that checks again, so a request resolved meanwhile is
 * left as it is; safe to run twice or concurrently. Archived festivals' requests too: privacy
 * does not end with the festival.
 */
export async function handleDropOldHelpPositions(deps: Pick<Deps, 'docs' | 'now'>): Promise<number> {
  const now = deps.now();
  const cutoff = new Date(now.getTime() - HELP_POSITION_KEEP_HOURS * 3_600_000);
  const from = new Date(cutoff.getTime() - LOOK_BACK_DAYS * 86_400_000);
  const old = await deps.docs.query({ collection: HELP_REQUESTS_COLLECTION, group: true, where: [['createdAt', '<=', cutoff], ['createdAt', '>', from]] }, helpRequestSchema);
  const withPosition = old.filter((found) => helpPositionOverdue(found.data, now));
  let dropped = 0;
  for (let start = 0; start < withPosition.length; start += CHUNK) {
    const chunk = withPosition.slice(start, start + CHUNK);
    dropped += await deps.docs.transaction(async (tx) => {
      const current = await tx.getAll(chunk.map((found) => [found.path, helpRequestSchema] as const));
      let count = 0;
      chunk.forEach((found, index) => {
        const request = current[index];
        if (request && helpPositionOverdue(request, now)) {
          tx.set(found.path, withoutPosition(request));
          count++;
        }
      });
      return count;
    });
  }
  return dropped;
}
