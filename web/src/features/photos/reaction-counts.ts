import { REACTION_KINDS, type LivePhotos, type ReactionCounts, type ReactionKind } from '@encore/model';

/**
 * A photo's reactions per kind as the wall shows them: the published aggregate
 * (`festivals/{f}/live/photos`) for the newest photos, the photo's own `reactions` for older
 * ones, plus the person's own change while the aggregate has not caught up with it.
 */

/** The person's own changes not yet seen published: per photo, the published counts they were made on and the change. */
export interface PendingReaction {
  /** The photo's published counts when the person reacted (a new publication supersedes the change). */
  basis: ReactionCounts;
  delta: Partial<Record<ReactionKind, number>>;
}

export function publishedCounts(live: Pick<LivePhotos, 'reactions'> | null, photo: { id: string; reactions?: ReactionCounts }): ReactionCounts {
  const entry = live?.reactions[photo.id];
  const source = entry ?? photo.reactions;
  return { love: source?.love ?? 0, fire: source?.fire ?? 0, clap: source?.clap ?? 0, wow: source?.wow ?? 0 };
}

function same(a: ReactionCounts, b: ReactionCounts): boolean {
  return REACTION_KINDS.every((kind) => a[kind] === b[kind]);
}

/** The counts to show: the published ones, with the person's change while nothing newer was published for the photo. */
export function shownCounts(published: ReactionCounts, pending: PendingReaction | undefined): ReactionCounts {
  if (!pending || !same(pending.basis, published)) return published;
  const shown = { ...published };
  for (const kind of REACTION_KINDS) shown[kind] = Math.max(0, shown[kind] + (pending.delta[kind] ?? 0));
  return shown;
}

/** The pending change after the person moves from `from` to `to` (either absent: no reaction). */
export function withOwnChange(pending: PendingReaction | undefined, published: ReactionCounts, from: ReactionKind | undefined, to: ReactionKind | undefined): PendingReaction {
  const base = pending && same(pending.basis, published) ? pending : { basis: published, delta: {} };
  const delta = { ...base.delta };
  if (from) delta[from] = (delta[from] ?? 0) - 1;
  if (to) delta[to] = (delta[to] ?? 0) + 1;
  return { basis: base.basis, delta };
}

export function totalOf(counts: ReactionCounts): number {
  return REACTION_KINDS.reduce((sum, kind) => sum + counts[kind], 0);
}
