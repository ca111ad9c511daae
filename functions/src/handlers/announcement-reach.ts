import { z } from 'zod';
import { slugIdSchema, type AnnouncementReach } from '@encore/model';
import type { Deps } from './deps.js';
import { RequestError, requireFestivalRole, requireSignedIn, type Caller } from './request-error.js';

const reachInput = z.object({ festivalId: slugIdSchema }).strict();

/**
 * How many devices an urgent announcement would reach now: every device registered for the
 * festival's pushes (the fan-out's own query, counted). The festival's programme staff and admins (who announce) see it in the confirmation
 * before they publish urgent; clients cannot count devices themselves (the rules keep each
 * person's devices, and their tokens, to that person).
 */
export async function handleAnnouncementReach(deps: Pick<Deps, 'docs'>, caller: Caller | undefined, data: unknown): Promise<AnnouncementReach> {
  requireSignedIn(caller);
  const parsed = reachInput.safeParse(data);
  if (!parsed.success) throw new RequestError('invalid-argument', 'festivalId: must be a festival id.');
  await requireFestivalRole(deps, caller, parsed.data.festivalId, 'announce');
  const devices = await deps.docs.count({ collection: 'devices', group: true, where: [['festivalId', '==', parsed.data.festivalId]] });
  return { devices };
}
