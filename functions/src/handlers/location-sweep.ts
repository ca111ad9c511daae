import { LOCATIONS_COLLECTION, MAX_LOCATION_SHARE_MINUTES, memberLocationSchema } from '@encore/model';
import { isExpired } from '../domain/groups.js';
import type { Deps } from './deps.js';

/** Expired locations deleted per transaction. */
const SWEEP_CHUNK = 200;

/**
 * Deletes every live location past its end (a TTL policy on `expiresAt` does the same in
 * production, but within a day; the rules and the app stop showing one at once): those past
 * `expiresAt`, and shares whose end was never written (the sharer went away after the first
 * write; nobody else could read them) once the longest share since their `startedAt` is over.
 * Each chunk is read and deleted in one transaction that checks the expiry again, so a member
 * who shared anew meanwhile keeps their new share. Safe to run twice or concurrently.
 */
export async function handleSweepExpiredLocations(deps: Pick<Deps, 'docs' | 'now'>): Promise<number> {
  const now = deps.now();
  const longestStartedBefore = new Date(now.getTime() - MAX_LOCATION_SHARE_MINUTES * 60_000);
  return (await sweep(deps, ['expiresAt', '<=', now], now)) + (await sweep(deps, ['startedAt', '<=', longestStartedBefore], now));
}

async function sweep(deps: Pick<Deps, 'docs'>, where: [string, '<=', Date], now: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const found = await deps.docs.query({ collection: LOCATIONS_COLLECTION, group: true, where: [where], limit: SWEEP_CHUNK }, memberLocationSchema);
    if (found.length === 0) return deleted;
    const gone = await deps.docs.transaction(async (tx) => {
      const current = await tx.getAll(found.map((one) => [one.path, memberLocationSchema] as const));
      let count = 0;
      found.forEach((one, index) => {
        const location = current[index];
        if (location && isExpired(location, now)) {
          tx.delete(one.path);
          count++;
        }
      });
      return count;
    });
    deleted += gone;
    // A chunk all of whose shares were renewed meanwhile would be found again: stop there.
    if (found.length < SWEEP_CHUNK || gone === 0) return deleted;
  }
}
