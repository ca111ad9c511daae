import type { Firestore } from 'firebase-admin/firestore';
import { firestorePaths } from '@encore/model';
import { bundleId, INFO_PAGES_ORDER, infoPagesQueryName, namedQueryName, PROGRAMME_COLLECTIONS, PROGRAMME_ORDER } from '../domain/programme-bundle.js';
import { adminFirestore } from './firestore.js';

/** The bundle-building port: firebase-admin's `firestore().bundle()` in production and on the emulators. */
export interface ProgrammeBundler {
  /** The programme of one festival as a data bundle, or null when the festival does not exist. */
  build(festivalId: string): Promise<Buffer | null>;
}

/**
 * Reads the festival and its programme in one read-only transaction (one consistent read
 * time for every named query), and bundles the festival document and one named query per
 * collection, ordered as the web app's listeners are; then what a visitor needs offline
 * beyond the programme: the venue map document (when there is one) and the info pages as a
 * named query, so one online visit puts them in the device's Firestore cache.
 */
export function firestoreBundler(db: () => Firestore = adminFirestore): ProgrammeBundler {
  return {
    async build(festivalId) {
      const firestore = db();
      return firestore.runTransaction(
        async (tx) => {
          const festival = await tx.get(firestore.doc(`festivals/${festivalId}`));
          if (!festival.exists) return null;
          const bundle = firestore.bundle(bundleId(festivalId)).add(festival);
          for (const collection of PROGRAMME_COLLECTIONS) {
            const order = PROGRAMME_ORDER[collection];
            const base = firestore.collection(`festivals/${festivalId}/${collection}`);
            bundle.add(namedQueryName(festivalId, collection), await tx.get(order ? base.orderBy(order) : base));
          }
          const venueMap = await tx.get(firestore.doc(firestorePaths.venueMap(festivalId)));
          if (venueMap.exists) bundle.add(venueMap);
          bundle.add(infoPagesQueryName(festivalId), await tx.get(firestore.collection(firestorePaths.infoPages(festivalId)).orderBy(INFO_PAGES_ORDER)));
          return bundle.build();
        },
        { readOnly: true },
      );
    },
  };
}
