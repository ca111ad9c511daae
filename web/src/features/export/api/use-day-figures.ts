import { dailyStatsSchema, firestorePaths, todayStatsSchema } from '@encore/model';
import { collection, doc, documentId, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { db } from '../../../firebase/firestore';
import { useLiveDocument, useLiveQuery } from '../../../firebase/live';

/**
 * The day figures' documents, the dashboard's own: the nightly roll-ups (`stats/daily-*`) and
 * today's figures as they happen (`stats/today`). Offline they come from this device's
 * Firestore cache (what the dashboard or this page last saw), and say so with `fromCache`.
 */
export function useDayFigures(festivalId: string) {
  const refs = useMemo(
    () => ({
      daily: query(collection(db(), firestorePaths.statsCollection(festivalId)), where(documentId(), '>=', 'daily-'), where(documentId(), '<', 'daily.')),
      today: doc(db(), firestorePaths.stats(festivalId, 'today')),
    }),
    [festivalId],
  );
  return { daily: useLiveQuery(refs.daily, dailyStatsSchema), today: useLiveDocument(refs.today, todayStatsSchema) };
}
