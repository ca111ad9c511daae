import { festivalDayOf } from '@encore/model';
import { useMemo } from 'react';
import { SelectField } from '../../ui/SelectField';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { shortDayLabel, timeRange } from '../../time/format';
import { Loading } from '../../ui/Loading';
import { useAccount } from '../account/AccountContext';
import { storageUploader } from './storage-uploader';
import type { Uploader } from './uploader';
import { useUploads } from './use-uploads';
import { UploadView } from './UploadView';
import { VerifyEmailToUpload } from './VerifyEmailToUpload';
import { sendVerificationEmail } from '../photos/api/reporter-standing';

const NO_SET = '__none__';

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
  return <UploadPanel uploader={uploader} programme={programme} />;
}

/** The upload screen over any Uploader (component tests pass a scripted one). */
export function UploadPanel({ uploader, programme }: { uploader: Uploader; programme: Programme | null }) {
  const [params, setParams] = useSearchParams();
  const performanceId = params.get('performance');
  const uploads = useUploads(uploader, performanceId);
  return (
    <>
      {programme ? (
        <PerformanceChoice
          programme={programme}
          value={performanceId}
          onChange={(id) => setParams(id ? { performance: id } : {}, { replace: true })}
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

function PerformanceChoice({ programme, value, onChange }: { programme: Programme; value: string | null; onChange(id: string | null): void }) {
  const intl = useIntl();
  const label = (id: string) => {
    const set = programme.performances.find((candidate) => candidate.id === id)!;
    const artist = programme.artists.get(set.artistId)?.name ?? intl.formatMessage({ id: 'upload.page.unknownArtist', defaultMessage: 'Unknown artist' });
    const stage = programme.stages.find((candidate) => candidate.id === set.stageId)?.name ?? '';
    return `${shortDayLabel(intl, festivalDayOf(set.startsAt, programme.festival))} ${timeRange(intl, set.startsAt, set.endsAt, programme.festival)} · ${artist} · ${stage}`;
  };
  return (
    <SelectField
      style={{ marginBottom: 'var(--space-4)', maxWidth: 560 }}
      label={<FormattedMessage id="upload.page.whichSet" defaultMessage="Which set are these photos from?" />}
      selectedKey={value ?? NO_SET}
      onChange={(key) => onChange(key === NO_SET ? null : key)}
      options={[
        { id: NO_SET, name: intl.formatMessage({ id: 'upload.page.noSet', defaultMessage: 'Not from one set (we’ll guess from the time taken)' }) },
        ...programme.performances.map((set) => ({ id: set.id, name: label(set.id) })),
      ]}
    />
  );
}
