import { firestorePaths, livePhotosSchema, type ReactionCounts, type ReactionKind } from '@encore/model';
import { doc } from 'firebase/firestore';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import type { PhotoDoc } from './photo-types';
import { publishedCounts, shownCounts, withOwnChange, type PendingReaction } from './reaction-counts';

interface PhotoReactions {
  countsOf(photo: PhotoDoc): ReactionCounts;
  /** The person moved from one kind to another (either absent: none): shown at once, until published. */
  ownChange(photo: PhotoDoc, from: ReactionKind | undefined, to: ReactionKind | undefined): void;
}

const PhotoReactionsContext = createContext<PhotoReactions>({
  countsOf: (photo) => publishedCounts(null, photo),
  ownChange: () => undefined,
});

/**
 * The wall's reaction counts: one listener on `festivals/{f}/live/photos`, the published
 * aggregate (rewritten at most every 10 s), so an open wall pays a bounded number of reads a
 * minute however many people react. The person's own reaction shows at once.
 */
export function PhotoReactionsProvider({ children }: { children: ReactNode }) {
  const festivalId = appConfig.festivalId;
  const ref = useMemo(() => doc(db(), firestorePaths.livePhotos(festivalId)), [festivalId]);
  const live = useLiveDocument(ref, livePhotosSchema);
  const [pending, setPending] = useState<ReadonlyMap<string, PendingReaction>>(new Map());
  const countsOf = useCallback((photo: PhotoDoc) => shownCounts(publishedCounts(live.data, photo), pending.get(photo.id)), [live.data, pending]);
  const ownChange = useCallback(
    (photo: PhotoDoc, from: ReactionKind | undefined, to: ReactionKind | undefined) =>
      setPending((previous) => new Map(previous).set(photo.id, withOwnChange(previous.get(photo.id), publishedCounts(live.data, photo), from, to))),
    [live.data],
  );
  const value = useMemo(() => ({ countsOf, ownChange }), [countsOf, ownChange]);
  return <PhotoReactionsContext.Provider value={value}>{children}</PhotoReactionsContext.Provider>;
}

export function usePhotoReactions(): PhotoReactions {
  return useContext(PhotoReactionsContext);
}
