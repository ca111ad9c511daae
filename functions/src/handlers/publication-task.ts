import { z } from 'zod';
import { documentIdSchema } from '@encore/model';
import { logs } from '../logs.js';
import type { PublicationKind } from '../domain/publication-window.js';
import { askForPublication, type MarkDeps } from './live-marks.js';
import { livePhotosPublisherFor, type LivePhotosDeps } from './live-photos-publish.js';
import { livePublisherFor, type LiveDeps, type PublicationResult } from './live-publish.js';
import { rebuildFestivalBundle, type BundleDeps } from './programme-bundle.js';

/** What every publication task carries (handlers/live-marks.ts `askForPublication`). */
const publicationTaskSchema = z.object({ festivalId: documentIdSchema }).strict();

/**
 * The festival a task names, or null (logged) for a payload no retry would fix: Cloud Tasks
 * retries any failure, so such a task is answered as done rather than thrown.
 */
function festivalOf(kind: PublicationKind, data: unknown): string | null {
  const parsed = publicationTaskSchema.safeParse(data);
  if (parsed.success) return parsed.data.festivalId;
  logs.publicationTaskRefused({ kind, issues: parsed.error.issues.map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`) });
  return null;
}

/**
 * Marks the publication could not take wait for the next trailing one (asked for here: nothing
 * else may come), never a leading one, which would publish again at once.
 */
async function publishAndFollowUp(deps: MarkDeps, kind: PublicationKind, festivalId: string, publish: () => Promise<PublicationResult>): Promise<PublicationResult> {
  const result = await publish();
  if (result.marksLeft) await askForPublication(deps, kind, festivalId, { mayLead: false });
  return result;
}

/** `publishLiveSets`: the festival's `live/sets`, at once after a quiet period or at the end of a window in which favourites changed. */
export async function handleLiveSetsTask(deps: LiveDeps & MarkDeps, data: unknown): Promise<PublicationResult | 'refused'> {
  const festivalId = festivalOf('sets', data);
  if (!festivalId) return 'refused';
  return publishAndFollowUp(deps, 'sets', festivalId, () => livePublisherFor(deps).publish(festivalId));
}

/** `publishLivePhotos`: the festival's `live/photos`, at once after a quiet period or at the end of a window in which reactions or the wall changed. */
export async function handleLivePhotosTask(deps: LivePhotosDeps & MarkDeps, data: unknown): Promise<PublicationResult | 'refused'> {
  const festivalId = festivalOf('photos', data);
  if (!festivalId) return 'refused';
  return publishAndFollowUp(deps, 'photos', festivalId, () => livePhotosPublisherFor(deps).publish(festivalId));
}

/**
 * `publishProgramme`: the festival's programme bundle rebuilt, and `live/programme` rewritten,
 * at once for the first edit after a quiet period (a stage running late reaches open pages in
 * a moment), then at the end of each window in which staff edited: at most once an interval
 * in the steady state, however many edits (an import of 200 sets is a rebuild per interval,
 * not one every few seconds).
 */
export async function handleProgrammeTask(deps: BundleDeps, data: unknown): Promise<'rebuilt' | 'gone' | 'refused'> {
  const festivalId = festivalOf('programme', data);
  if (!festivalId) return 'refused';
  return (await rebuildFestivalBundle(deps, festivalId)) ? 'rebuilt' : 'gone';
}
