import { LIVE_WALL_SIZE, REACTION_KINDS, festivalSchema, firestorePaths, livePhotoMarkSchema, livePhotosSchema, photoSchema, type LivePhotos, type ReactionCounts, type ReactionKind } from '@encore/model';
import { shardIndex } from '../domain/counters.js';
import { nextPublishAt } from '../domain/live.js';
import { nextLivePhotos, nextWall, nextWithdrawn, sameWall, type DirtyPhoto } from '../domain/live-photos.js';
import { readsOf, type Docs } from '../platform/docs.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { MARKS_PER_PUBLICATION, type LiveDeps, type PublicationResult } from './live-publish.js';
import { addToStats, refreshStats } from './stats.js';

export type LivePhotosDeps = LiveDeps & Pick<Deps, 'random'>;

/** Per dirty photo, the kinds to recount ('all': every kind). */
type DirtyKinds = Map<string, Set<ReactionKind> | 'all'>;

interface Lane {
  /** The publication running in this instance (one at a time per festival). */
  busy: Promise<unknown>;
  known?: LivePhotos;
  timeZone?: string;
}

/**
 * Publishes a festival's photo reactions (`festivals/{f}/live/photos`) the way LivePublisher
 * publishes favourites: `countReaction` and `publishWallPhoto` store what changed as marks
 * (`festivals/{f}/livePhotoMarks`, handlers/live-marks.ts) and ask for the publication task at
 * the end of the window, and are acknowledged then. At most one publication per
 * LIVE_PUBLISH_INTERVAL_SECONDS across instances (the transaction checks `publishedAt`); each
 * reads the marks, recounts the marked kinds with `count()` (the reactions are the truth:
 * duplicates and retries change nothing), and in the same commit deletes the marks it read,
 * moves photos between the live document and their own documents, and adds the festival
 * total's change to a stats shard (exact: the change of what is published, read in the
 * transaction).
 *
 * The same publication carries the wall (`wall`: the newest LIVE_WALL_SIZE ready photos as
 * tiles): a mark with `wall` (a photo became ready, left ready or changed set) makes the
 * publication query the newest ready photos once (LIVE_WALL_SIZE reads) and write the wall if
 * it changed, so an open wall pays one read per publication however many photos arrive.
 * The query is the truth (a duplicate mark or a retry changes nothing).
 */
export class LivePhotosPublisher {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly deps: LivePhotosDeps) {}

  /** One publication of the festival's photo marks (one at a time per festival in this instance). */
  publish(festivalId: string): Promise<PublicationResult> {
    const lane = this.laneOf(festivalId);
    const run = lane.busy.catch(() => undefined).then(() => this.publishWhenDue(festivalId, lane));
    lane.busy = run;
    return run;
  }

  private laneOf(festivalId: string): Lane {
    let lane = this.lanes.get(festivalId);
    if (!lane) this.lanes.set(festivalId, (lane = { busy: Promise.resolve() }));
    return lane;
  }

  private async publishWhenDue(festivalId: string, lane: Lane): Promise<PublicationResult> {
    for (;;) {
      if (!lane.known) lane.known = await this.deps.docs.get(firestorePaths.livePhotos(festivalId), livePhotosSchema);
      await this.sleepUntil(nextPublishAt(lane.known?.publishedAt));
      const marks = await this.deps.docs.query({ collection: firestorePaths.livePhotoMarks(festivalId), limit: MARKS_PER_PUBLICATION }, livePhotoMarkSchema);
      const marksLeft = marks.length === MARKS_PER_PUBLICATION;
      if (marks.length === 0) return { outcome: 'unchanged', marksLeft };
      const dirty: DirtyKinds = new Map();
      for (const mark of marks) {
        for (const [photoId, kinds] of Object.entries(mark.data.reactions)) dirty.set(photoId, mergeKinds(dirty.get(photoId), kinds === 'all' ? 'all' : new Set(kinds)));
      }
      const wallDirty = marks.some((mark) => mark.data.wall);
      const withdrawn = new Set(marks.flatMap((mark) => mark.data.withdrawn));
      const outcome = await this.publishOnce(festivalId, lane, dirty, wallDirty, withdrawn, marks.map((mark) => mark.path));
      if (outcome !== 'too-soon') return { outcome, marksLeft };
    }
  }

  private async publishOnce(
    festivalId: string,
    lane: Lane,
    dirty: DirtyKinds,
    wallDirty: boolean,
    withdrawn: ReadonlySet<string>,
    markPaths: readonly string[],
  ): Promise<'published' | 'unchanged' | 'too-soon'> {
    const now = this.deps.now();
    // The newest ready photos, when one joined or left them or the document has no wall yet (LIVE_WALL_SIZE reads).
    const wall =
      wallDirty || !lane.known?.wall
        ? nextWall(
            (await this.deps.docs.query({ collection: firestorePaths.photos(festivalId), where: [['status', '==', 'ready']], newestFirst: 'createdAt', limit: LIVE_WALL_SIZE }, photoSchema)).map(
              ({ id, data }) => ({ id, photo: data }),
            ),
          )
        : undefined;
    // A photo the document does not carry may hold counts of any kind elsewhere: recount them all.
    const recounts = await recountPhotos(this.deps.docs, festivalId, [...dirty].map(([photoId, kinds]) => [photoId, lane.known?.reactions[photoId] ? kinds : 'all']));
    lane.timeZone ??= (await this.deps.docs.get(firestorePaths.festival(festivalId), festivalSchema))?.timeZone;
    const path = firestorePaths.livePhotos(festivalId);
    const outcome = await this.deps.docs.transaction(async (tx) => {
      const current = await tx.get(path, livePhotosSchema);
      lane.known = current;
      if (current && nextPublishAt(current.publishedAt) > this.deps.now().getTime()) return { kind: 'too-soon' as const };
      // The photos the document does not carry: their creation time, and the counts they carry themselves.
      const outside = [...recounts.keys()].filter((photoId) => !current?.reactions[photoId]);
      const photos = await tx.getAll(readsOf(outside.map((photoId) => firestorePaths.photo(festivalId, photoId)), photoSchema));
      const found = new Map(outside.map((photoId, index) => [photoId, photos[index]]));
      const input: DirtyPhoto[] = [...recounts].map(([photoId, recounted]) => {
        const entry = current?.reactions[photoId];
        const photo = found.get(photoId);
        if (entry) return { photoId, createdAt: entry.createdAt, recounted };
        return { photoId, createdAt: photo?.createdAt ?? null, stored: photo ? { reactions: photo.reactions, reactionCount: photo.reactionCount } : undefined, recounted };
      });
      const next = nextLivePhotos(current, input, now);
      // Photos leaving the window were not read yet: write only those that still exist.
      const unread = next.photoWrites.map((write) => write.photoId).filter((photoId) => !found.has(photoId));
      const unreadPhotos = await tx.getAll(readsOf(unread.map((photoId) => firestorePaths.photo(festivalId, photoId)), photoSchema));
      unread.forEach((photoId, index) => found.set(photoId, unreadPhotos[index]));
      // The wall as queried (before this transaction: a photo marked after the query is marked again), else as published.
      const wallChanged = wall !== undefined && !sameWall(current?.wall, wall);
      if (wallChanged) next.live = { ...(next.live ?? { reactions: current?.reactions ?? {}, publishedAt: now }), wall };
      else if (next.live && current?.wall) next.live = { ...next.live, wall: current.wall };
      // Photos that stopped being ready: listed for an hour, so open walls drop them wherever they show them.
      const withdrawnList = nextWithdrawn(current?.withdrawn, withdrawn, now);
      if (withdrawn.size > 0) next.live = { ...(next.live ?? { reactions: current?.reactions ?? {}, ...(current?.wall ? { wall: current.wall } : {}), publishedAt: now }), withdrawn: withdrawnList };
      else if (next.live && withdrawnList.length > 0) next.live = { ...next.live, withdrawn: withdrawnList };
      for (const markPath of markPaths) tx.delete(markPath);
      if (!next.live && next.photoWrites.length === 0 && next.totalDelta === 0) return { kind: 'unchanged' as const };
      if (next.live) tx.set(path, next.live);
      for (const write of next.photoWrites) {
        if (found.get(write.photoId)) tx.set(firestorePaths.photo(festivalId, write.photoId), { reactions: write.reactions }, { merge: true });
      }
      if (next.totalDelta !== 0 || next.added > 0) {
        addToStats(tx, festivalId, shardIndex(this.deps.random), {
          reactions: next.totalDelta,
          ...(next.added > 0 && lane.timeZone ? { daily: { timeZone: lane.timeZone, at: now, field: 'reactions', by: next.added } as const } : {}),
        });
      }
      return { kind: 'published' as const, next };
    });
    if (outcome.kind !== 'published') return outcome.kind;
    if (outcome.next.live) lane.known = outcome.next.live;
    logs.livePhotosPublished({ festivalId, recounted: recounts.size, photos: Object.keys(outcome.next.live?.reactions ?? lane.known?.reactions ?? {}).length, wall: outcome.next.live?.wall?.length ?? null, moved: outcome.next.photoWrites.length });
    if (outcome.next.totalDelta !== 0 || outcome.next.added > 0) await refreshStats(this.deps.docs, festivalId, now, lane.timeZone);
    return 'published';
  }

  private async sleepUntil(at: number): Promise<void> {
    const ms = at - this.deps.now().getTime();
    if (ms <= 0) return;
    await (this.deps.sleep ?? defaultSleep)(ms);
  }
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function mergeKinds(a: Set<ReactionKind> | 'all' | undefined, b: Set<ReactionKind> | 'all'): Set<ReactionKind> | 'all' {
  if (a === 'all' || b === 'all') return 'all';
  return new Set([...(a ?? []), ...b]);
}

/** Each photo's reactions of the given kinds, with `count()` (billed one read per 1,000 reactions counted). */
export async function recountPhotos(docs: Docs, festivalId: string, photos: ReadonlyArray<readonly [string, Set<ReactionKind> | 'all']>): Promise<Map<string, Partial<ReactionCounts>>> {
  const result = new Map<string, Partial<ReactionCounts>>();
  await Promise.all(
    photos.map(async ([photoId, kinds]) => {
      const counts: Partial<ReactionCounts> = {};
      await Promise.all(
        [...(kinds === 'all' ? REACTION_KINDS : kinds)].map(async (kind) => {
          counts[kind] = await docs.count({ collection: firestorePaths.reactions(festivalId, photoId), where: [['kind', '==', kind]] });
        }),
      );
      result.set(photoId, counts);
    }),
  );
  return result;
}

const perStore = new WeakMap<object, LivePhotosPublisher>();

/** One publisher per document store (an instance has one; each unit test has its own). */
export function livePhotosPublisherFor(deps: LivePhotosDeps): LivePhotosPublisher {
  let publisher = perStore.get(deps.docs);
  if (!publisher) perStore.set(deps.docs, (publisher = new LivePhotosPublisher(deps)));
  return publisher;
}
