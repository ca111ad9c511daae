import { firestorePaths, moderationEntrySchema, photoSchema, reportSchema } from '@encore/model';
import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveQuery } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { moderatePhoto } from '../photos/api/moderate-photo';
import { moderationQueue } from './moderation-items';
import { ModerationView } from './ModerationView';

/**
 * The live moderation queue: reported and hidden photos with their moderation entries
 * (counts per reason, trusted reporters, who decided). Hiding and restoring go through the
 * backend, which takes the photo off every wall and records the decision.
 */
export default function ModerationPage() {
  const intl = useIntl();
  const festivalId = appConfig.festivalId;
  const queries = useMemo(() => {
    const photos = collection(db(), firestorePaths.photos(festivalId));
    return {
      hidden: query(photos, where('status', '==', 'hidden'), limit(100)),
      reported: query(photos, where('reportCount', '>', 0), orderBy('reportCount', 'desc'), limit(100)),
      entries: query(collection(db(), firestorePaths.moderationEntries(festivalId)), orderBy('updatedAt', 'desc'), limit(200)),
      // Only for what reporters wrote; the counts come from the entries.
      reports: query(collection(db(), firestorePaths.reports(festivalId)), orderBy('createdAt', 'desc'), limit(200)),
    };
  }, [festivalId]);
  const hidden = useLiveQuery(queries.hidden, photoSchema);
  const reported = useLiveQuery(queries.reported, photoSchema);
  const entries = useLiveQuery(queries.entries, moderationEntrySchema);
  const reports = useLiveQuery(queries.reports, reportSchema);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<unknown>(null);

  const items = useMemo(() => moderationQueue([...reported.data, ...hidden.data], entries.data, reports.data), [reported.data, hidden.data, entries.data, reports.data]);

  const decide = (photoId: string, action: 'hide' | 'restore') => {
    setError(null);
    setSaving((current) => new Set([...current, photoId]));
    moderatePhoto(photoId, action)
      .catch(setError)
      .finally(() => setSaving((current) => new Set([...current].filter((id) => id !== photoId))));
  };

  const failed = [hidden, reported, entries, reports].find((part) => part.status === 'error');
  return (
    <section aria-labelledby="moderation-title">
      <h2 id="moderation-title">
        <FormattedMessage id="staff.moderation.title" defaultMessage="Moderation queue" />
      </h2>
      {error ? <ErrorNotice error={error} /> : null}
      {failed ? (
        <ErrorNotice error={failed.error} />
      ) : hidden.status === 'loading' || reported.status === 'loading' || entries.status === 'loading' ? (
        <Loading label={intl.formatMessage({ id: 'staff.moderation.loading', defaultMessage: 'Loading the queue…' })} />
      ) : (
        <ModerationView items={items} pendingIds={saving} onHide={(id) => decide(id, 'hide')} onRestore={(id) => decide(id, 'restore')} />
      )}
    </section>
  );
}
