import { BRAND_IMAGES, firestorePaths } from '@encore/model';
import { collection, doc, limit, onSnapshot, query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { db } from '../../firebase/firestore';

export type FirstStepKey = 'stages' | 'programme' | 'map' | 'info' | 'brand';

/** Which of a new festival's first steps are done; undefined while not known yet (and `brand`, for other roles than admin, never asked). */
export type FirstStepsDone = Record<Exclude<FirstStepKey, 'brand'>, boolean | undefined> & { brand?: boolean | undefined };

const UNKNOWN: FirstStepsDone = { stages: undefined, programme: undefined, map: undefined, info: undefined, brand: undefined };

/**
 * Whether the festival has a stage, a set, its venue map and an info page: four listeners of
 * at most one document each (a query with `limit(1)`, or the map's one document), so a step
 * turns done the moment it is. With `withBrand` (the festival's admins), two more: its logo's
 * and its app icon's documents, done when both show an image.
 */
export function useFirstStepsDone(festivalId: string, enabled: boolean, withBrand = false): FirstStepsDone {
  const [done, setDone] = useState<FirstStepsDone>(UNKNOWN);
  useEffect(() => {
    if (!enabled) return;
    setDone(UNKNOWN);
    const mark = (key: FirstStepKey) => (value: boolean) => setDone((previous) => (previous[key] === value ? previous : { ...previous, [key]: value }));
    const firstOf = (path: string, key: FirstStepKey) =>
      onSnapshot(
        query(collection(db(), path), limit(1)),
        (snapshot) => mark(key)(!snapshot.empty),
        () => mark(key)(false),
      );
    const stop = [
      firstOf(firestorePaths.stages(festivalId), 'stages'),
      firstOf(firestorePaths.performances(festivalId), 'programme'),
      firstOf(firestorePaths.infoPages(festivalId), 'info'),
      onSnapshot(
        doc(db(), firestorePaths.venueMap(festivalId)),
        (snapshot) => mark('map')(snapshot.exists()),
        () => mark('map')(false),
      ),
    ];
    if (withBrand) {
      const hasImage: Record<string, boolean> = {};
      for (const image of BRAND_IMAGES) {
        const seen = (value: boolean) => {
          hasImage[image] = value;
          if (BRAND_IMAGES.every((each) => each in hasImage)) mark('brand')(BRAND_IMAGES.every((each) => hasImage[each]));
        };
        stop.push(
          onSnapshot(
            doc(db(), firestorePaths.brandImage(festivalId, image)),
            (snapshot) => seen(Boolean(snapshot.get('image'))),
            () => seen(false),
          ),
        );
      }
    }
    return () => stop.forEach((unsubscribe) => unsubscribe());
  }, [festivalId, enabled, withBrand]);
  return done;
}

const dismissedKey = (festivalId: string) => `encore.firstSteps.dismissed.${festivalId}`;

export function firstStepsDismissed(festivalId: string): boolean {
  try {
    return window.localStorage.getItem(dismissedKey(festivalId)) === '1';
  } catch {
    return false;
  }
}

export function dismissFirstSteps(festivalId: string): void {
  try {
    window.localStorage.setItem(dismissedKey(festivalId), '1');
  } catch {
    // Storage blocked: dismissed for this visit only.
  }
}
