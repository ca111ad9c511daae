import { LOCATIONS_COLLECTION, memberLocationSchema } from '@encore/model';
import { isExpired } from '../domain/groups.js';
import type { Deps } from './deps.js';

/** Expired locations deleted per transaction. */
const SWEEP_CHUNK = 200;

/**
 * Deletes every live location past its `expiresAt` (a TTL policy does the same in production,
 * but within a day; the rules and the app stop showing one at once). Each chunk is read and
 * deleted in one transaction that checks the expiry again, so a member who shared anew
 * meanwhile (a later `expiresAt`) keeps their new share. Safe to run twice or concurrently.
 */
export async function handleSweepExpiredLocations(deps: Pick<Deps, 'docs' | 'now'>): Promise<number> {
  const now = deps.now();
  let deleted = 0;
  for (;;) {
    const expired = await deps.docs.query({ collection: LOCATIONS_COLLECTION, group: true, where: [['expiresAt', '<=', now]], limit: SWEEP_CHUNK }, memberLocationSchema);
    if (expired.length === 0) return deleted;
    deleted += await deps.docs.transaction(async (tx) => {
      const current = await tx.getAll(expired.map((found) => [found.path, memberLocationSchema] as const));
      let gone = 0;
      expired.forEach((found, index) => {
        const location = current[index];
        if (location && isExpired(location, now)) {
          tx.delete(found.path);
          gone++;
        }
      });
      return gone;
    });
    if (expired.length < SWEEP_CHUNK) return deleted;
  }
}
