import { firestorePaths, livePhotosSchema, photoSchema, wallRenditionsShown, type LivePhotos } from '@encore/model';
import { collection, doc, getDocs, limit, orderBy, query, startAfter, where } from 'firebase/firestore';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { toModel } from '../../firebase/to-model';
import type { WallPhoto } from './photo-types';
import { agedOut, nextPageAfter, shownWall } from './wall-photos';

/** Photos per "More photos" page (one-off query: one read each). */
export const WALL_PAGE_SIZE = 24;

export interface WallPhotos {
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  fromCache: boolean;
  photos: WallPhoto[];
  /** The published aggregate, for the reactions (PhotoReactionsContext). */
  live: LivePhotos | null;
  /** Whether older photos may remain ("More photos"). */
  hasMore: boolean;
  loadingMore: boolean;
  moreError: unknown;
  loadMore(): void;
}

/**
 * The photo wall (the festival's, or one performance's), newest first. One listener on
 * `festivals/{f}/live/photos`, whose `wall` carries the newest ready photos as tiles: an open
 * wall pays one read per publication (at most 2 a minute), however many photos arrive. Older
 * photos come in pages of one-off queries (status ready, createdAt desc: the composite indexes
 * (status, createdAt desc) and (performanceId, status, createdAt desc)): a set's wall loads its
 * first page at once, the festival's when the person asks for more (or when nothing is published yet).
 */
export function useWallPhotos(performanceId: string | null): WallPhotos {
  const festivalId = appConfig.festivalId;
  const ref = useMemo(() => doc(db(), firestorePaths.livePhotos(festivalId)), [festivalId]);
  const live = useLiveDocument(ref, livePhotosSchema);
  // A tile lists the AVIF renditions only when every format was made: the app shows them all (wallRenditionsShown).
  const published = useMemo(() => (live.data?.wall ?? []).map((tile) => ({ ...tile, thumbnails: wallRenditionsShown(tile.thumbnails) })), [live.data]);
  const [aged, setAged] = useState<WallPhoto[]>([]);
  const [older, setOlder] = useState<WallPhoto[]>([]);
  const [hasMore, setHasMore] = useState(true);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const previous = useRef<readonly WallPhoto[]>([]);

  useEffect(() => {
    // Another wall (another set): its own pages.
    setOlder([]);
    setHasMore(true);
    setMoreError(null);
  }, [performanceId]);

  useEffect(() => {
    // Tiles pushed out of the published wall by newer photos stay on screen.
    const gone = agedOut(previous.current, published);
    previous.current = published;
    if (gone.length > 0) setAged((kept) => [...kept, ...gone]);
  }, [published]);

  const loadMore = useCallback(() => {
    if (loadingMore) return;
    setLoadingMore(true);
    setMoreError(null);
    const after = nextPageAfter(published, aged, older);
    const photos = collection(db(), firestorePaths.photos(festivalId));
    const page = query(
      photos,
      where('status', '==', 'ready'),
      ...(performanceId ? [where('performanceId', '==', performanceId)] : []),
      orderBy('createdAt', 'desc'),
      ...(after ? [startAfter(after)] : []),
      limit(WALL_PAGE_SIZE),
    );
    getDocs(page)
      .then((snapshot) => {
        const found = snapshot.docs.map((document) => toModel(document, photoSchema)).filter((photo): photo is Exclude<typeof photo, Error> => !(photo instanceof Error));
        setOlder((kept) => [...kept, ...found]);
        setHasMore(snapshot.size === WALL_PAGE_SIZE);
      })
      .catch((error: unknown) => setMoreError(error))
      .finally(() => setLoadingMore(false));
  }, [festivalId, performanceId, published, aged, older, loadingMore]);

  // A set's wall, or a festival with nothing published yet, starts with its first page.
  const needsFirstPage = live.status === 'ready' && !live.fromCache && (performanceId !== null || !live.data?.wall) && older.length === 0 && hasMore && moreError === null;
  useEffect(() => {
    if (needsFirstPage && !loadingMore) loadMore();
  }, [needsFirstPage, loadingMore, loadMore]);

  const withdrawn = useMemo(() => new Set((live.data?.withdrawn ?? []).map((entry) => entry.photoId)), [live.data]);
  const photos = useMemo(() => shownWall(published, aged, older, performanceId, withdrawn), [published, aged, older, performanceId, withdrawn]);
  const waiting = live.status === 'loading' || (needsFirstPage && photos.length === 0);
  return {
    status: live.status === 'error' ? 'error' : waiting ? 'loading' : 'ready',
    error: live.error,
    fromCache: live.fromCache,
    photos,
    live: live.data,
    hasMore,
    loadingMore,
    moreError,
    loadMore,
  };
}
