import { useEffect } from 'react';
import { useFestival } from '../festival/FestivalContext';
import { markFirstContentShown } from './first-content';

/**
 * Marks the first content as shown (first-content.ts) once the page is committed with the
 * festival's data (or with its known absence). It sits beside the routes, inside their
 * Suspense boundary, so it commits with the page itself: not while the page's chunk is still
 * loading, when the festival's data alone (from the bundle file, early) would otherwise let
 * the deferred parts (the Firestore SDK, Auth, messaging) start before the sets are on screen.
 */
export function FirstContentMark() {
  const { status } = useFestival();
  useEffect(() => {
    if (status !== 'loading') markFirstContentShown();
  }, [status]);
  return null;
}
