import { firestorePaths, infoPageSchema, infoPagesQueryName, INFO_PAGES_ORDER } from '@encore/model';
import { collection, namedQuery, orderBy, query, type Firestore, type Query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveQuery } from '../../firebase/live';

/**
 * The festival's info pages, live, in their order. They travel in the programme's data bundle,
 * so after one online visit to any page they are in this device's Firestore cache and open
 * offline. The bundle's named query when the device has it (its listener resumes from the
 * bundle's read time), the plain query otherwise.
 */
export function useInfoPages() {
  const [pagesQuery, setPagesQuery] = useState<Query | null>(null);
  useEffect(() => {
    let current = true;
    void infoPagesQuery(db(), appConfig.festivalId).then((found) => {
      if (current) setPagesQuery(found);
    });
    return () => {
      current = false;
    };
  }, []);
  return useLiveQuery(pagesQuery, infoPageSchema);
}

async function infoPagesQuery(firestore: Firestore, festivalId: string): Promise<Query> {
  try {
    const named = await namedQuery(firestore, infoPagesQueryName(festivalId));
    if (named) return named;
  } catch {
    // No bundle on this device yet: the plain query.
  }
  return query(collection(firestore, firestorePaths.infoPages(festivalId)), orderBy(INFO_PAGES_ORDER));
}
