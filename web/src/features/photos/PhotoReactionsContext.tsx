import type { LivePhotos, ReactionCounts, ReactionKind } from '@encore/model';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { WallPhoto } from './photo-types';
import { publishedCounts, shownCounts, withOwnChange, type PendingReaction } from './reaction-counts';

interface PhotoReactions {
  countsOf(photo: WallPhoto): ReactionCounts;
  /** The person moved from one kind to another (either absent: none): shown at once, until published. */
  ownChange(photo: WallPhoto, from: ReactionKind | undefined, to: ReactionKind | undefined): void;
}

const PhotoReactionsContext = createContext<PhotoReactions>({
  countsOf: (photo) => publishedCounts(null, photo),
  ownChange: () => undefined,
});

/**
 * The wall's reaction counts from `festivals/{f}/live/photos`, the published aggregate the wall
 * already listens to (use-photos.ts: rewritten at most every 30 s), so an open wall pays a
 * bounded number of reads a minute however many people react. The person's own reaction shows at once.
 */
export function PhotoReactionsProvider({ live, children }: { live: LivePhotos | null; children: ReactNode }) {
  const [pending, setPending] = useState<ReadonlyMap<string, PendingReaction>>(new Map());
  const countsOf = useCallback((photo: WallPhoto) => shownCounts(publishedCounts(live, photo), pending.get(photo.id)), [live, pending]);
  const ownChange = useCallback(
    (photo: WallPhoto, from: ReactionKind | undefined, to: ReactionKind | undefined) =>
      setPending((previous) => new Map(previous).set(photo.id, withOwnChange(previous.get(photo.id), publishedCounts(live, photo), from, to))),
    [live],
  );
  const value = useMemo(() => ({ countsOf, ownChange }), [countsOf, ownChange]);
  return <PhotoReactionsContext.Provider value={value}>{children}</PhotoReactionsContext.Provider>;
}

export function usePhotoReactions(): PhotoReactions {
  return useContext(PhotoReactionsContext);
}
