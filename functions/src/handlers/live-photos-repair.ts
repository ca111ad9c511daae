import { LIVE_PHOTOS_SIZE, REACTION_KINDS, firestorePaths, livePhotosSchema, photoSchema, type LivePhotoEntry, type Photo, type ReactionCounts } from '@encore/model';
import { NO_REACTIONS, countsOf, fullCounts, nextWall, sameWall, totalOf } from '../domain/live-photos.js';
import type { FoundDoc } from '../platform/docs.js';
import type { Deps } from './deps.js';
import { recountPhotos } from './live-photos-publish.js';

/** One photo's published reactions that did not match its reactions, and what they are now. */
export interface LivePhotosRepair {
  photoId: string;
  was: number;
  now: number;
}

/**
 * The nightly repair of a festival's photo reactions: every photo recounted per kind from its
 * reactions (`count()`), the newest LIVE_PHOTOS_SIZE with any written into `live/photos`, the
 * others onto their own documents, each only where it differs; and the wall (`wall`, the newest
 * ready photos) rebuilt from the photos, which also gives it to a document published before it
 * existed (the migration). Returns the repairs and the
 * festival's reaction total (what the stats shards must hold).
 */
export async function repairLivePhotos(deps: Pick<Deps, 'docs' | 'now'>, festivalId: string, photos: ReadonlyArray<FoundDoc<Photo>>): Promise<{ repairs: LivePhotosRepair[]; total: number }> {
  const recounts = await recountPhotos(deps.docs, festivalId, photos.map((photo) => [photo.id, 'all'] as const));
  const truth = photos.map((photo) => ({ photo, counts: fullCounts(recounts.get(photo.id)) }));
  const ranked = truth
    .filter(({ counts }) => totalOf(counts) > 0)
    .sort((a, b) => b.photo.data.createdAt.getTime() - a.photo.data.createdAt.getTime() || a.photo.id.localeCompare(b.photo.id));
  const inLive = new Set(ranked.slice(0, LIVE_PHOTOS_SIZE).map(({ photo }) => photo.id));
  const wall = nextWall(
    photos
      .filter((photo) => photo.data.status === 'ready')
      // As the publisher's query orders them: newest first, ties by id descending (Firestore's implicit order).
      .sort((a, b) => b.data.createdAt.getTime() - a.data.createdAt.getTime() || b.id.localeCompare(a.id))
      .map(({ id, data }) => ({ id, photo: data })),
  );
  const repairs: LivePhotosRepair[] = [];
  const path = firestorePaths.livePhotos(festivalId);
  await deps.docs.transaction(async (tx) => {
    const current = await tx.get(path, livePhotosSchema);
    const reactions: Record<string, LivePhotoEntry> = {};
    for (const { photo, counts } of ranked.slice(0, LIVE_PHOTOS_SIZE)) {
      reactions[photo.id] = { createdAt: photo.data.createdAt, ...Object.fromEntries(REACTION_KINDS.filter((kind) => counts[kind] > 0).map((kind) => [kind, counts[kind]])) };
    }
    for (const { photo, counts } of truth) {
      const was = countsOf(current?.reactions[photo.id], photo.data);
      if (!sameCounts(was, counts)) repairs.push({ photoId: photo.id, was: totalOf(was), now: totalOf(counts) });
    }
    const stale = Object.keys(current?.reactions ?? {}).some((id) => !reactions[id]) || Object.keys(reactions).some((id) => !current?.reactions[id]);
    if (!current || repairs.length > 0 || stale || !sameWall(current.wall, wall)) tx.set(path, { reactions, wall, publishedAt: deps.now() });
  });
  // Outside the window a photo carries its counts; inside, nothing (the live document speaks for it).
  const writes = truth
    .map(({ photo, counts }) => ({ photo, reactions: inLive.has(photo.id) ? NO_REACTIONS : counts }))
    .filter(({ photo, reactions }) => (photo.data.reactions ? !sameCounts(photo.data.reactions, reactions) : totalOf(reactions) > 0));
  for (let start = 0; start < writes.length; start += 400) {
    await deps.docs.batch((batch) => {
      for (const { photo, reactions } of writes.slice(start, start + 400)) batch.set(photo.path, { reactions }, { merge: true });
    });
  }
  return { repairs, total: truth.reduce((sum, { counts }) => sum + totalOf(counts), 0) };
}

function sameCounts(a: ReactionCounts, b: ReactionCounts): boolean {
  return REACTION_KINDS.every((kind) => a[kind] === b[kind]);
}

/**
 * The migration to published photo reactions: photos lose the `reactionCount` every reaction
 * used to rewrite (each rewritten whole in a transaction, so a concurrent change is never
 * lost). Returns how many changed; safe to run again. Run before the repair above, which then
 * publishes every photo's counts per kind.
 */
export async function stripPhotoReactionCounts(deps: Pick<Deps, 'docs'>, festivalId: string): Promise<number> {
  const photos = await deps.docs.query({ collection: firestorePaths.photos(festivalId) }, photoSchema);
  let stripped = 0;
  for (const { path } of photos.filter((photo) => photo.data.reactionCount !== undefined)) {
    stripped += await deps.docs.transaction(async (tx) => {
      const photo = await tx.get(path, photoSchema);
      if (photo?.reactionCount === undefined) return 0;
      const { reactionCount: _legacy, ...rest } = photo;
      tx.set(path, rest);
      return 1;
    });
  }
  return stripped;
}
