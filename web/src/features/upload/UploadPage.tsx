import { useEffect, useMemo, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { useNow } from '../../time/ClockContext';
import { Loading } from '../../ui/Loading';
import { useAccount } from '../account/AccountContext';
import { useFavorites } from '../favorites/FavoritesContext';
import { preselectSet } from './preselect-set';
import { SetPicker } from './SetPicker';
import { storageUploader } from './storage-uploader';
import type { Uploader } from './uploader';
import { useUploads } from './use-uploads';
import { UploadView } from './UploadView';
import { VerifyEmailToUpload } from './VerifyEmailToUpload';
import { sendVerificationEmail } from '../photos/api/reporter-standing';

/** Reads the account again and renews the ID token, so a just-verified email reaches the rules (and the account context). */
async function refreshVerification(): Promise<void> {
  const { auth } = await import('../../firebase/auth');
  const user = auth().currentUser;
  if (!user) return;
  await user.reload();
  await user.getIdToken(true);
}

export default function UploadPage() {
  const { account } = useAccount();
  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="upload.page.title" defaultMessage="Share photos" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="upload.page.intro"
            defaultMessage="Photos go on the wall once the festival’s servers have checked them and removed location data."
          />
        </p>
      </header>
      {account === undefined ? (
        <Loading label={<FormattedMessage id="upload.page.checking" defaultMessage="Checking your account…" />} />
      ) : !account || account.anonymous ? (
        <p className="notice notice-info">
          <FormattedMessage
            id="upload.page.signIn"
            defaultMessage="To share photos, <link>create an account or sign in with email</link>. Your schedule comes with you."
            values={{ link: (text) => <Link to="/account">{text}</Link> }}
          />
        </p>
      ) : !account.emailVerified ? (
        <VerifyEmailToUpload email={account.email} onSend={sendVerificationEmail} onVerified={refreshVerification} />
      ) : (
        <Uploads uid={account.uid} />
      )}
    </>
  );
}

function Uploads({ uid }: { uid: string }) {
  const uploader = useMemo(() => storageUploader(uid, appConfig.festivalId), [uid]);
  const { programme } = useFestival();
  const { ids: favouriteIds } = useFavorites();
  const now = useNow();
  // No position source yet: the nearest stage joins here once the map knows where the person is.
  const suggested = useMemo(() => (programme ? preselectSet(programme.performances, now, { favouriteIds }) : null), [programme, now, favouriteIds]);
  return <UploadPanel uploader={uploader} programme={programme} suggested={suggested} />;
}

/**
 * The upload screen over any Uploader (component tests pass a scripted one). `suggested`,
 * the set playing now that the person is most likely at, is chosen once when the page
 * opens without a set; whatever they pick after that stays.
 */
export function UploadPanel({ uploader, programme, suggested = null }: { uploader: Uploader; programme: Programme | null; suggested?: string | null }) {
  const [params, setParams] = useSearchParams();
  const performanceId = params.get('performance');
  const uploads = useUploads(uploader, performanceId);
  const suggestionApplied = useRef(performanceId !== null);
  useEffect(() => {
    if (suggestionApplied.current || !suggested) return;
    suggestionApplied.current = true;
    setParams({ performance: suggested }, { replace: true });
  }, [suggested, setParams]);
  return (
    <>
      {programme ? (
        <SetPicker
          programme={programme}
          value={performanceId}
          onChange={(id) => {
            suggestionApplied.current = true;
            setParams(id ? { performance: id } : {}, { replace: true });
          }}
        />
      ) : null}
      <UploadView
        items={uploads.items}
        onFiles={uploads.add}
        onPause={uploads.pause}
        onResume={uploads.resume}
        onCancel={uploads.cancel}
        onRetry={uploads.retry}
        onRemove={uploads.remove}
      />
    </>
  );
}
