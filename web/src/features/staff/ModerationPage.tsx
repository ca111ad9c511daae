import { firestorePaths, photoSchema, reportSchema } from '@encore/model';
import { collection, doc, limit, orderBy, query, serverTimestamp, updateDoc, where } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveQuery } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { moderationQueue } from './moderation-items';
import { ModerationView } from './ModerationView';

/** The live moderation queue. Hiding sets `status: hidden`, which takes the photo off every wall. */
export default function ModerationPage() {
  const festivalId = appConfig.festivalId;
  const queries = useMemo(() => {
    const photos = collection(db(), firestorePaths.photos(festivalId));
    return {
      hidden: query(photos, where('status', '==', 'hidden'), limit(100)),
      reported: query(photos, where('reportCount', '>', 0), orderBy('reportCount', 'desc'), limit(100)),
      reports: query(collection(db(), firestorePaths.reports(festivalId)), orderBy('createdAt', 'desc'), limit(500)),
    };
  }, [festivalId]);
  const hidden = useLiveQuery(queries.hidden, photoSchema);
  const reported = useLiveQuery(queries.reported, photoSchema);
  const reports = useLiveQuery(queries.reports, reportSchema);
  const [error, setError] = useState<unknown>(null);

  const items = useMemo(() => moderationQueue([...reported.data, ...hidden.data], reports.data), [reported.data, hidden.data, reports.data]);
  const pendingIds = useMemo(() => new Set([...hidden.pendingIds, ...reported.pendingIds]), [hidden.pendingIds, reported.pendingIds]);

  const setStatus = (photoId: string, status: 'hidden' | 'ready') => {
    setError(null);
    updateDoc(doc(db(), firestorePaths.photo(festivalId, photoId)), { status, updatedAt: serverTimestamp() }).catch(setError);
  };

  const failed = [hidden, reported, reports].find((part) => part.status === 'error');
  return (
    <section aria-labelledby="moderation-title">
      <h2 id="moderation-title">Moderation queue</h2>
      {error ? <ErrorNotice error={error} /> : null}
      {failed ? (
        <ErrorNotice error={failed.error} />
      ) : hidden.status === 'loading' || reported.status === 'loading' ? (
        <Loading label="Loading the queue…" />
      ) : (
        <ModerationView items={items} pendingIds={pendingIds} onHide={(id) => setStatus(id, 'hidden')} onRestore={(id) => setStatus(id, 'ready')} />
      )}
    </section>
  );
}
