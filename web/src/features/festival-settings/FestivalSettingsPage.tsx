import { festivalSchema, firestorePaths } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { BrandImages } from './BrandImages';
import { FestivalEditForm } from './FestivalEditForm';

/**
 * `/staff/festival`, for the festival's admins: its details and look (the create form's fields,
 * the id shown, not editable) and its logo and app icon. The festival's document is followed
 * live, so a colleague's save shows while the form is untouched, and a save's pending state is
 * seen on the document itself: a snapshot from the cache means the SDK has no server
 * connection, so the save waits on this device. (Not `useConnection`: it lives in the first
 * page's chunk, and importing it from here adds an export there, over the bundle budget.)
 */
export default function FestivalSettingsPage() {
  const festivalId = appConfig.festivalId;
  const ref = useMemo(() => doc(db(), firestorePaths.festival(festivalId)), [festivalId]);
  const live = useLiveDocument(ref, festivalSchema);
  return (
    <section aria-labelledby="festival-settings-title" className="festival-settings">
      <h2 id="festival-settings-title">
        <FormattedMessage id="festival-settings.page.title" defaultMessage="Festival" />
      </h2>
      <p className="muted">
        <FormattedMessage
          id="festival-settings.page.intro"
          defaultMessage="What visitors see of the festival itself: its name, dates, place, languages, look and links, and its logo and app icon."
        />
      </p>
      {live.status === 'error' ? <ErrorNotice error={live.error} /> : null}
      {live.data ? (
        <FestivalEditForm festivalId={festivalId} festival={live.data} pendingWrites={live.hasPendingWrites} offline={live.fromCache} />
      ) : live.status === 'ready' ? (
        <p className="notice notice-warn">
          <FormattedMessage id="festival-settings.page.missing" defaultMessage="This festival’s details could not be read: it does not exist, or its document is not valid." />
        </p>
      ) : live.status === 'loading' ? (
        <Loading label={<FormattedMessage id="festival-settings.page.loading" defaultMessage="Loading the festival…" />} />
      ) : null}
      <BrandImages festivalId={festivalId} />
    </section>
  );
}
