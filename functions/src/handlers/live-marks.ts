import { randomUUID } from 'node:crypto';
import { firestorePaths, type LivePhotoMark, type ReactionKind } from '@encore/model';
import { PUBLISH_INTERVAL_MS } from '../domain/live.js';
import { afterRefusedLead, publicationFor, publicationTaskId, type Publication, type PublicationKind } from '../domain/publication-window.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';

export type MarkDeps = Pick<Deps, 'docs' | 'tasks' | 'now'>;

/** The task-queue function that runs each kind of publication (triggers/tasks.ts). */
export const PUBLICATION_QUEUES: Record<PublicationKind, string> = {
  sets: 'publishLiveSets',
  photos: 'publishLivePhotos',
  programme: 'publishProgramme',
};

/** A mark document holds at most this many sets (`liveMarkSchema`); a bigger burst writes several. */
const SETS_PER_MARK = 1000;

interface Waiter {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit per festival: one write in flight at a time, and whatever arrives meanwhile
 * rides on the next one. A lone message waits for one write; a burst of a thousand a second
 * costs a write per round trip, not per message.
 */
class GroupCommit<T> {
  private readonly lanes = new Map<string, { pending: T[]; waiters: Waiter[]; writing: boolean }>();

  constructor(private readonly commit: (festivalId: string, items: T[]) => Promise<void>) {}

  add(festivalId: string, item: T): Promise<void> {
    let lane = this.lanes.get(festivalId);
    if (!lane) this.lanes.set(festivalId, (lane = { pending: [], waiters: [], writing: false }));
    lane.pending.push(item);
    const done = new Promise<void>((resolve, reject) => lane.waiters.push({ resolve, reject }));
    if (!lane.writing) void this.drain(festivalId, lane);
    return done;
  }

  private async drain(festivalId: string, lane: { pending: T[]; waiters: Waiter[]; writing: boolean }): Promise<void> {
    lane.writing = true;
    while (lane.pending.length > 0) {
      const items = lane.pending;
      const waiters = lane.waiters;
      lane.pending = [];
      lane.waiters = [];
      try {
        await this.commit(festivalId, items);
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
    lane.writing = false;
    if (lane.pending.length === 0) this.lanes.delete(festivalId);
  }
}

/** What one message marks on the wall. */
export type PhotoMarkItem = { photoId: string; kinds?: readonly ReactionKind[] } | { wall: true; withdrawn?: string };

interface Instance {
  sets: GroupCommit<readonly string[]>;
  photos: GroupCommit<PhotoMarkItem>;
  /** Per kind and festival, the last publication this instance asked for. */
  asked: Map<string, Publication>;
  /** Per kind and festival, the ask in flight: asks take turns, each deciding from what the last one asked. */
  asking: Map<string, Promise<void>>;
}

const perStore = new WeakMap<object, Instance>();

function instanceOf(deps: MarkDeps): Instance {
  let instance = perStore.get(deps.docs);
  if (!instance) {
    instance = {
      sets: new GroupCommit((festivalId, items) => storeSetMarks(deps, festivalId, [...new Set(items.flat())])),
      photos: new GroupCommit((festivalId, items) => storePhotoMark(deps, festivalId, mergePhotoMarks(items, deps.now()))),
      asked: new Map(),
      asking: new Map(),
    };
    perStore.set(deps.docs, instance);
  }
  return instance;
}

/**
 * Sets whose favourites changed: resolves once they are stored as a mark
 * (`festivals/{f}/liveMarks`) and the festival's next publication of `live/sets` is asked for,
 * so the message can be acknowledged at once: an instance that dies afterwards loses nothing.
 */
export function markSets(deps: MarkDeps, festivalId: string, sets: readonly string[]): Promise<void> {
  return instanceOf(deps).sets.add(festivalId, sets);
}

/** As `markSets`, for `live/photos`: a photo's reactions (the kinds that moved; none: all), or the wall. */
export function markPhotos(deps: MarkDeps, festivalId: string, item: PhotoMarkItem): Promise<void> {
  return instanceOf(deps).photos.add(festivalId, item);
}

async function storeSetMarks(deps: MarkDeps, festivalId: string, sets: readonly string[]): Promise<void> {
  if (sets.length > 0) {
    await deps.docs.batch((batch) => {
      for (let i = 0; i < sets.length; i += SETS_PER_MARK) {
        batch.set(firestorePaths.liveMark(festivalId, randomUUID()), { sets: sets.slice(i, i + SETS_PER_MARK), markedAt: deps.now() });
      }
    });
  }
  await askForPublication(deps, 'sets', festivalId);
}

async function storePhotoMark(deps: MarkDeps, festivalId: string, mark: LivePhotoMark): Promise<void> {
  await deps.docs.batch((batch) => batch.set(firestorePaths.livePhotoMark(festivalId, randomUUID()), mark));
  await askForPublication(deps, 'photos', festivalId);
}

/** Many messages' photo marks as one document. */
export function mergePhotoMarks(items: readonly PhotoMarkItem[], now: Date): LivePhotoMark {
  const reactions: LivePhotoMark['reactions'] = {};
  const withdrawn = new Set<string>();
  let wall = false;
  for (const item of items) {
    if ('wall' in item) {
      wall = true;
      if (item.withdrawn) withdrawn.add(item.withdrawn);
      continue;
    }
    const marked = reactions[item.photoId];
    if (!item.kinds || item.kinds.length === 0 || marked === 'all') reactions[item.photoId] = 'all';
    else reactions[item.photoId] = [...new Set([...(marked ?? []), ...item.kinds])];
  }
  return { reactions, wall, withdrawn: [...withdrawn], markedAt: now };
}

export interface AskOptions {
  /** When the change was committed (default: now, the caller having just stored it). */
  storedAt?: Date;
  /** False: never a leading publication (a publication's own follow-up, the sweep). */
  mayLead?: boolean;
}

/**
 * Asks for the festival's publication of `kind` that will read a change just stored: at once
 * after a quiet period, else at the end of the current window or the next (see
 * domain/publication-window.ts). Called after the change is stored. Decided from this
 * instance's memory alone (no read): an instance asks once per publication, Cloud Tasks
 * refuses the other instances' asks of the same id. Asks of one kind and festival take turns
 * here, so a burst of messages on one instance asks for one publication, not one each; an ask
 * that failed asked for nothing, and the next one decides again.
 */
export function askForPublication(deps: MarkDeps, kind: PublicationKind, festivalId: string, options: AskOptions = {}): Promise<void> {
  const storedAtMs = (options.storedAt ?? deps.now()).getTime();
  const instance = instanceOf(deps);
  const key = `${kind}/${festivalId}`;
  const previous = instance.asking.get(key) ?? Promise.resolve();
  const ask = previous.catch(() => undefined).then(() => askInTurn(deps, instance, kind, festivalId, storedAtMs, options.mayLead ?? true));
  instance.asking.set(key, ask);
  const forget = () => {
    if (instance.asking.get(key) === ask) instance.asking.delete(key);
  };
  ask.then(forget, forget);
  return ask;
}

async function askInTurn(deps: MarkDeps, instance: Instance, kind: PublicationKind, festivalId: string, storedAtMs: number, mayLead: boolean): Promise<void> {
  const key = `${kind}/${festivalId}`;
  let publication = publicationFor({ storedAtMs, nowMs: deps.now().getTime() }, PUBLISH_INTERVAL_MS, instance.asked.get(key), mayLead);
  if (!publication) return;
  const enqueue = (asked: Publication) => deps.tasks.enqueue(PUBLICATION_QUEUES[kind], { festivalId }, { id: publicationTaskId(kind, festivalId, asked), at: asked.at });
  let outcome = await enqueue(publication);
  // Another instance led this window, maybe before the change was stored: the next slot reads it.
  if (outcome === 'exists' && publication.leading) outcome = await enqueue((publication = afterRefusedLead(publication, PUBLISH_INTERVAL_MS)));
  instance.asked.set(key, publication);
  if (outcome === 'enqueued') logs.publicationScheduled({ festivalId, kind, at: publication.at.toISOString(), leading: publication.leading });
}
