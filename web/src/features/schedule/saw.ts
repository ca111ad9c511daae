import type { PerformanceDoc } from '../../festival/programme';
import type { PhotoDoc } from '../photos/photo-types';

/**
 * "What I saw" (issue 35, a past edition): the sets the person marked (must-see, maybe or a
 * plain heart) that happened, that is not cancelled and started by `now`.
 */
export function setsSeen(mine: readonly PerformanceDoc[], now: Date): Set<string> {
  return new Set(mine.filter((set) => set.status !== 'cancelled' && set.startsAt <= now).map((set) => set.id));
}

/**
 * The person's own photos per set, in the order they were taken (capture time, else upload
 * time): only ready ones (the files of a hidden, rejected or deleted photo are not served,
 * and one still processing has none yet), and only of the sets in `sets`.
 */
export function myPhotosBySet(photos: readonly PhotoDoc[], sets: ReadonlySet<string>): Map<string, PhotoDoc[]> {
  const taken = (photo: PhotoDoc) => (photo.capturedAt ?? photo.createdAt).getTime();
  const bySet = new Map<string, PhotoDoc[]>();
  for (const photo of [...photos].sort((a, b) => taken(a) - taken(b))) {
    if (photo.status !== 'ready' || !photo.performanceId || !sets.has(photo.performanceId)) continue;
    bySet.set(photo.performanceId, [...(bySet.get(photo.performanceId) ?? []), photo]);
  }
  return bySet;
}
