import { festivalStaffSchema, firestorePaths, moderationEntrySchema, photoSchema, reportSchema, uploaderSuspensionSchema, type UploaderSuspension } from '@encore/model';
import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveQuery } from '../../firebase/live';
import { useFestival } from '../../festival/FestivalContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { useAccount } from '../account/AccountContext';
import { moderatePhoto } from '../photos/api/moderate-photo';
import { liftSuspension, suspendUploader } from './api/suspensions';
import { moderateMany, type BulkAction, type BulkProgress } from './bulk-moderation';
import { arrangeQueue, DEFAULT_QUEUE_VIEW, moderationQueue, setsInQueue, type QueueView } from './moderation-items';
import { ModerationToolbar } from './ModerationToolbar';
import { ModerationView } from './ModerationView';

const without = (set: ReadonlySet<string>, id: string) => new Set([...set].filter((other) => other !== id));

/**
 * The live moderation queue: reported and hidden photos with their moderation entries
 * (counts per reason, trusted reporters, who decided), sorted and filtered as staff ask.
 * Hiding and restoring, one photo or a selection, go through the backend, which takes the
 * photo off every wall and records the decision. Staff may also suspend an uploader's
 * uploads and reports (festivals/{f}/suspensions/{uid}, which the rules enforce).
 */
export default function ModerationPage() {
  const intl = useIntl();
  const festivalId = appConfig.festivalId;
  const { account } = useAccount();
  const { programme } = useFestival();
  const queries = useMemo(() => {
    const photos = collection(db(), firestorePaths.photos(festivalId));
    return {
      hidden: query(photos, where('status', '==', 'hidden'), limit(100)),
      reported: query(photos, where('reportCount', '>', 0), orderBy('reportCount', 'desc'), limit(100)),
      entries: query(collection(db(), firestorePaths.moderationEntries(festivalId)), orderBy('updatedAt', 'desc'), limit(200)),
      // Only for what reporters wrote; the counts come from the entries.
      reports: query(collection(db(), firestorePaths.reports(festivalId)), orderBy('createdAt', 'desc'), limit(200)),
      suspensions: query(collection(db(), firestorePaths.suspensions(festivalId)), limit(500)),
      // Who is who among the festival's staff: suspensions name them by uid.
      staff: query(collection(db(), firestorePaths.festivalStaff(festivalId)), limit(500)),
    };
  }, [festivalId]);
  const hidden = useLiveQuery(queries.hidden, photoSchema);
  const reported = useLiveQuery(queries.reported, photoSchema);
  const entries = useLiveQuery(queries.entries, moderationEntrySchema);
  const reports = useLiveQuery(queries.reports, reportSchema);
  const suspensionDocs = useLiveQuery(queries.suspensions, uploaderSuspensionSchema);
  const staffDocs = useLiveQuery(queries.staff, festivalStaffSchema);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [suspending, setSuspending] = useState<ReadonlySet<string>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [view, setView] = useState<QueueView>(DEFAULT_QUEUE_VIEW);
  const [progress, setProgress] = useState<BulkProgress | null>(null);
  const [error, setError] = useState<unknown>(null);

  const queue = useMemo(() => moderationQueue([...reported.data, ...hidden.data], entries.data, reports.data), [reported.data, hidden.data, entries.data, reports.data]);
  const items = useMemo(() => arrangeQueue(queue, view), [queue, view]);
  const suspensions = useMemo(() => new Map<string, UploaderSuspension>(suspensionDocs.data.map(({ id, ...suspension }) => [id, suspension])), [suspensionDocs.data]);
  // Staff by the name they go by (else their email). A project admin has no staff document:
  // the one signed in is named by their own email; anyone else unknown keeps their uid.
  const staffNames = useMemo(() => {
    const names = new Map<string, string>(staffDocs.data.flatMap((member) => (member.name || member.email ? [[member.id, (member.name || member.email)!] as const] : [])));
    if (account?.email && !names.has(account.uid)) names.set(account.uid, account.email);
    return names;
  }, [staffDocs.data, account]);
  const sets = useMemo(
    () =>
      setsInQueue(queue).map(({ performanceId }) => {
        const set = programme?.performances.find((performance) => performance.id === performanceId);
        const artist = set ? programme?.artists.get(set.artistId)?.name : undefined;
        const stage = set ? programme?.stages.find((candidate) => candidate.id === set.stageId)?.name : undefined;
        return { performanceId, label: artist ? (stage ? `${artist} · ${stage}` : artist) : performanceId };
      }),
    [queue, programme],
  );

  const decide = (photoId: string, action: BulkAction) => {
    setError(null);
    setSaving((current) => new Set([...current, photoId]));
    moderatePhoto(photoId, action)
      .catch(setError)
      .finally(() => setSaving((current) => without(current, photoId)));
  };

  const bulk = (action: BulkAction) => {
    // Only what is both selected and still shown: a filter change must not act on photos out of sight.
    const ids = items.map((item) => item.photo.id).filter((id) => selected.has(id));
    setError(null);
    setSaving((current) => new Set([...current, ...ids]));
    void moderateMany(
      ids,
      (photoId) => moderatePhoto(photoId, action).finally(() => setSaving((current) => without(current, photoId))),
      setProgress,
    ).then((final) => setSelected(new Set(final.failed.map((failure) => failure.photoId))));
  };

  const changeSuspension = (uid: string, write: () => Promise<void>) => {
    setError(null);
    setSuspending((current) => new Set([...current, uid]));
    write()
      .catch(setError)
      .finally(() => setSuspending((current) => without(current, uid)));
  };

  const failed = [hidden, reported, entries, reports, suspensionDocs].find((part) => part.status === 'error');
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
        <>
          <ModerationToolbar
            view={view}
            onViewChange={setView}
            sets={sets}
            shownIds={items.map((item) => item.photo.id)}
            selectedIds={selected}
            onSelect={setSelected}
            onBulk={bulk}
            progress={progress}
          />
          <ModerationView
            items={items}
            pendingIds={saving}
            onHide={(id) => decide(id, 'hide')}
            onRestore={(id) => decide(id, 'restore')}
            actions={
              account
                ? {
                    selectedIds: selected,
                    onToggleSelected: (id) => setSelected((current) => (current.has(id) ? without(current, id) : new Set([...current, id]))),
                    suspensions,
                    suspensionPending: suspending,
                    staffName: (uid) => staffNames.get(uid) ?? uid,
                    onSuspend: (uid, reason, until) => changeSuspension(uid, () => suspendUploader(uid, reason, account.uid, until)),
                    onLift: (uid) => changeSuspension(uid, () => liftSuspension(uid, account.uid)),
                  }
                : undefined
            }
          />
        </>
      )}
    </section>
  );
}
