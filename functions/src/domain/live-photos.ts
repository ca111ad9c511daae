import { LIVE_PHOTOS_SIZE, LIVE_WALL_MAX_BYTES, LIVE_WALL_SIZE, LIVE_WITHDRAWN_MINUTES, LIVE_WITHDRAWN_SIZE, REACTION_KINDS, type LivePhotoEntry, type LivePhotos, type LiveWallPhoto, type Photo, type ReactionCounts, type ReactionKind, wallRenditionsListed } from '@encore/model';

/**
 * Photo reactions as a published aggregate (`festivals/{f}/live/photos`), as pure rules: the
 * newest LIVE_PHOTOS_SIZE photos with reactions carry their counts per kind in the live
 * document; an older photo carries them itself (`reactions` on the photo, written only when
 * a publication changes them). A publication moves a photo between the two in one commit.
 */

export const NO_REACTIONS: ReactionCounts = { love: 0, fire: 0, clap: 0, wow: 0 };

/** One photo whose reactions changed since the last publication, as the publication found it. */
export interface DirtyPhoto {
  photoId: string;
  /** The photo's creation time; null when the photo is gone (its counts leave every figure). */
  createdAt: Date | null;
  /** What the photo document carries: its published counts (outside the window), or the legacy total. */
  stored?: { reactions?: ReactionCounts; reactionCount?: number };
  /** The kinds recounted from the reactions (`count()`); the others did not change since the last publication. */
  recounted: Partial<ReactionCounts>;
}

export interface LivePhotosPublication {
  /** The next live document, or null when nothing a reader sees changed. */
  live: LivePhotos | null;
  /** Photo documents whose `reactions` must be written (outside the window, or cleared on entering it). */
  photoWrites: Array<{ photoId: string; reactions: ReactionCounts }>;
  /** How the festival's reaction total changes. */
  totalDelta: number;
  /** Reactions added, net per photo (the day's figure: a photo's losses are not subtracted from it). */
  added: number;
}

export function totalOf(counts: Partial<ReactionCounts> | undefined): number {
  return REACTION_KINDS.reduce((sum, kind) => sum + (counts?.[kind] ?? 0), 0);
}

/** Every kind, 0 included. */
export function fullCounts(counts: Partial<ReactionCounts> | undefined): ReactionCounts {
  return { love: counts?.love ?? 0, fire: counts?.fire ?? 0, clap: counts?.clap ?? 0, wow: counts?.wow ?? 0 };
}

function entryOf(createdAt: Date, counts: ReactionCounts): LivePhotoEntry {
  const entry: LivePhotoEntry = { createdAt };
  for (const kind of REACTION_KINDS) if (counts[kind] > 0) entry[kind] = counts[kind];
  return entry;
}

/** A reader's counts of a photo: the live document's entry when it has one, else what the photo carries. */
export function countsOf(entry: Partial<ReactionCounts> | undefined, photo?: { reactions?: ReactionCounts }): ReactionCounts {
  return fullCounts(entry ?? photo?.reactions);
}

/**
 * The publication after a recount. Counts per dirty photo: the recounted kinds, the others as
 * last published (the live entry, else the photo's own). Then the newest LIVE_PHOTOS_SIZE photos
 * with reactions stay in the document; the rest move onto their photo documents.
 */
export function nextLivePhotos(previous: LivePhotos | undefined, dirty: readonly DirtyPhoto[], now: Date, size = LIVE_PHOTOS_SIZE): LivePhotosPublication {
  const entries: Record<string, LivePhotoEntry> = { ...previous?.reactions };
  const writes = new Map<string, ReactionCounts>();
  let totalDelta = 0;
  let added = 0;
  for (const photo of dirty) {
    const inLive = entries[photo.photoId];
    const before = inLive ? fullCounts(inLive) : photo.stored?.reactions ? fullCounts(photo.stored.reactions) : undefined;
    const previousTotal = before ? totalOf(before) : (photo.stored?.reactionCount ?? 0);
    const after = fullCounts({ ...before, ...photo.recounted });
    const afterTotal = photo.createdAt ? totalOf(after) : 0;
    totalDelta += afterTotal - previousTotal;
    added += Math.max(0, afterTotal - previousTotal);
    delete entries[photo.photoId];
    if (photo.createdAt && afterTotal > 0) entries[photo.photoId] = entryOf(photo.createdAt, after);
    // Whatever the photo carried is stale once the live document speaks for it: zero it (a
    // write only when it held counts); if it ends outside the window, the write below wins.
    if (photo.createdAt && totalOf(photo.stored?.reactions) > 0) writes.set(photo.photoId, NO_REACTIONS);
  }
  const kept = Object.entries(entries).sort(([idA, a], [idB, b]) => b.createdAt.getTime() - a.createdAt.getTime() || idA.localeCompare(idB));
  for (const [photoId, entry] of kept.slice(size)) {
    writes.set(photoId, fullCounts(entry));
    delete entries[photoId];
  }
  const stored = new Map(dirty.map((photo) => [photo.photoId, photo.stored?.reactions]));
  const photoWrites = [...writes]
    .filter(([photoId, reactions]) => !sameCounts(stored.get(photoId), reactions))
    .map(([photoId, reactions]) => ({ photoId, reactions }));
  const unchanged = previous !== undefined && sameEntries(previous.reactions, entries);
  return { live: unchanged ? null : { reactions: entries, publishedAt: now }, photoWrites, totalDelta, added };
}

function sameCounts(a: ReactionCounts | undefined, b: ReactionCounts): boolean {
  return a !== undefined && REACTION_KINDS.every((kind) => a[kind] === b[kind]);
}

function sameEntries(a: Readonly<Record<string, LivePhotoEntry>>, b: Readonly<Record<string, LivePhotoEntry>>): boolean {
  const ids = Object.keys(a);
  return (
    ids.length === Object.keys(b).length &&
    ids.every((id) => b[id] !== undefined && a[id]!.createdAt.getTime() === b[id]!.createdAt.getTime() && REACTION_KINDS.every((kind: ReactionKind) => a[id]![kind] === b[id]![kind]))
  );
}

/** A ready photo as the wall's tile (`live/photos.wall`): only what a tile and the lightbox show. */
export function wallPhotoOf(id: string, photo: Photo): LiveWallPhoto {
  return {
    id,
    uploaderUid: photo.uploaderUid,
    ...(photo.uploaderName !== undefined ? { uploaderName: photo.uploaderName } : {}),
    performanceId: photo.performanceId,
    width: photo.width,
    height: photo.height,
    // Paths follow from the id and the version (THUMBNAIL_EXTENSIONS), sizes no screen shows, and the
    // AVIF ones stand for every format when all were made (wallRenditionsListed): every open wall downloads the tiles.
    thumbnails: wallRenditionsListed(photo.thumbnails),
    ...(photo.renditionVersion !== undefined ? { renditionVersion: photo.renditionVersion } : {}),
    dominantColor: photo.dominantColor,
    placeholder: photo.placeholder,
    capturedAt: photo.capturedAt,
    createdAt: photo.createdAt,
  };
}

/**
 * The wall to publish from the newest ready photos (newest first, as queried): at most
 * LIVE_WALL_SIZE, and the oldest dropped until the tiles' JSON fits LIVE_WALL_MAX_BYTES
 * (the document's size bound, whatever the renditions' paths).
 */
export function nextWall(newest: ReadonlyArray<{ id: string; photo: Photo }>, maxBytes = LIVE_WALL_MAX_BYTES): LiveWallPhoto[] {
  const wall: LiveWallPhoto[] = [];
  let bytes = 2;
  for (const { id, photo } of newest.slice(0, LIVE_WALL_SIZE)) {
    if (photo.status !== 'ready') continue;
    const tile = wallPhotoOf(id, photo);
    bytes += JSON.stringify(tile).length + 1;
    if (bytes > maxBytes) break;
    wall.push(tile);
  }
  return wall;
}

/** Whether two walls show the same tiles (JSON of the same fields in the same order: dates as ISO strings). */
export function sameWall(a: readonly LiveWallPhoto[] | undefined, b: readonly LiveWallPhoto[]): boolean {
  return a !== undefined && JSON.stringify(a.map(wallKeyOrder)) === JSON.stringify(b.map(wallKeyOrder));
}

function wallKeyOrder(tile: LiveWallPhoto): LiveWallPhoto {
  return wallPhotoOf(tile.id, tile as unknown as Photo);
}

type Withdrawn = NonNullable<LivePhotos['withdrawn']>[number];

/**
 * `live/photos.withdrawn` after a publication: the photos that stopped being ready since the
 * last one added at `now` (once each), those older than LIVE_WITHDRAWN_MINUTES dropped, newest
 * first, at most LIVE_WITHDRAWN_SIZE.
 */
export function nextWithdrawn(previous: readonly Withdrawn[] | undefined, added: Iterable<string>, now: Date, minutes = LIVE_WITHDRAWN_MINUTES, size = LIVE_WITHDRAWN_SIZE): Withdrawn[] {
  const fresh = [...new Set(added)].map((photoId) => ({ photoId, at: now }));
  const since = now.getTime() - minutes * 60_000;
  const kept = (previous ?? []).filter((entry) => entry.at.getTime() > since && !fresh.some((added) => added.photoId === entry.photoId));
  return [...fresh, ...kept].slice(0, size);
}
