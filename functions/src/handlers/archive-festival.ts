import { DateTime } from 'luxon';
import { archiveFestivalInputSchema, festivalEndsAt, festivalHasEnded, festivalSchema, firestorePaths, type ArchiveFestivalResult } from '@encore/model';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { RequestError, requireFestivalRole, requireSignedIn, type Caller } from './request-error.js';

/**
 * `archiveFestival` (issue 35): the festival's admin (or a project admin), with a second
 * factor, archives a festival whose last day has ended on its own clock: `archivedAt` makes it
 * read-only for every client (firestore.rules, storage.rules) and the nightly jobs skip it;
 * its photos, counts and stats stay. Idempotent: an archived festival answers its first
 * `archivedAt` and nothing is written.
 */
export async function handleArchiveFestival(deps: Pick<Deps, 'docs' | 'now'>, caller: Caller | undefined, data: unknown): Promise<ArchiveFestivalResult> {
  requireSignedIn(caller);
  const parsed = archiveFestivalInputSchema.safeParse(data);
  if (!parsed.success) throw new RequestError('invalid-argument', parsed.error.issues.map((i) => `${i.path.join('.') || 'request'}: ${i.message}`).join('; '));
  const { festivalId } = parsed.data;
  const admin = await requireFestivalRole(deps, caller, festivalId, 'manage');
  const path = firestorePaths.festival(festivalId);
  const result = await deps.docs.transaction(async (tx) => {
    const festival = await tx.get(path, festivalSchema);
    if (!festival) throw new RequestError('not-found', `There is no festival ${festivalId}.`);
    if (festival.archivedAt) return { archivedAt: festival.archivedAt, archived: false };
    const now = deps.now();
    if (!festivalHasEnded(festival, now)) {
      const ends = DateTime.fromJSDate(festivalEndsAt(festival), { zone: festival.timeZone }).toFormat('d LLLL yyyy, HH:mm');
      throw new RequestError('failed-precondition', `${festival.name} can be archived once its last day is over: from ${ends} (${festival.timeZone}).`);
    }
    tx.set(path, { archivedAt: now }, { merge: true });
    return { archivedAt: now, archived: true };
  });
  logs.festivalArchived({ festivalId, by: admin.uid, retried: !result.archived });
  return { festivalId, archivedAt: result.archivedAt.toISOString() };
}
