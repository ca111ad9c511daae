import { isSuspendedAt, uploaderSuspensionSchema } from '@encore/model';
import { useEffect, useMemo, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'wouter';
import { appConfig } from '../../config/firebase-config';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { useNow } from '../../time/ClockContext';
import { Loading } from '../../ui/Loading';
import { useAccount } from '../account/AccountContext';
import { useFavorites } from '../favorites/FavoritesContext';
import { useVenueMap } from '../venue/use-venue-map';
import type { PositionState } from '../venue/use-position';
import { nearestStageId } from './nearest-stage';
import { preselectSet } from './preselect-set';
import { SetPicker } from './SetPicker';
import { storageUploader } from './storage-uploader';
import type { Uploader } from './uploader';
import { useUploads } from './use-uploads';
import { useUploadPosition } from './use-upload-position';
import { UploadView } from './UploadView';
import { VerifyEmailToUpload } from './VerifyEmailToUpload';
import { useFestivalArchived } from '../editions/use-festival-archived';
import { sendVerificationEmail } from '../photos/api/reporter-standing';
import { ownSuspensionRef } from '../photos/api/own-suspension';
import { SuspendedNotice } from '../photos/SuspendedNotice';
import { useLiveDocument } from '../../firebase/live';

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
  const archived = useFestivalArchived();
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
      {archived ? (
        <p className="notice notice-info">
          <FormattedMessage id="upload.page.archived" defaultMessage="This edition is archived: no more photos can be added." />
        </p>
      ) : account === undefined ? (
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

/**
 * The upload panel, unless staff suspended the person's uploads here: then they are told so
 * and until when (live: a suspension made, lifted or ended while the page is open shows at
 * once), instead of uploads the rules would refuse as if the file were wrong.
 */
function Uploads({ uid }: { uid: string }) {
  const suspensionRef = useMemo(() => ownSuspensionRef(appConfig.festivalId, uid), [uid]);
  const suspension = useLiveDocument(suspensionRef, uploaderSuspensionSchema);
  const now = useNow();
  if (suspension.data && isSuspendedAt(suspension.data, now)) return <SuspendedNotice from="uploading" until={suspension.data.until ?? null} />;
  return <UploadsOpen uid={uid} />;
}

function UploadsOpen({ uid }: { uid: string }) {
  const uploader = useMemo(() => storageUploader(uid, appConfig.festivalId), [uid]);
  const { programme } = useFestival();
  const { ids: favouriteIds, heartedAt } = useFavorites();
  const now = useNow();
  // The venue map (from the device's cache offline) places the stages; the position only if the person allows it.
  const map = useVenueMap();
  const position = useUploadPosition(Boolean(map.data?.georeference));
  const fix = position.state.status === 'on' ? position.state : null;
  const nearest = useMemo(() => nearestStageId(map.data, fix), [map.data, fix]);
  const suggested = useMemo(
    () => (programme ? preselectSet(programme.performances, now, { nearestStageId: nearest, favouriteIds, heartedAt }) : null),
    [programme, now, nearest, favouriteIds, heartedAt],
  );
  const nearestStage = nearest ? (programme?.stages.find((stage) => stage.id === nearest)?.name ?? null) : null;
  return (
    <UploadPanel
      uploader={uploader}
      programme={programme}
      suggested={suggested}
      position={map.data?.georeference ? { state: position.state, nearestStage, onStart: position.start } : undefined}
    />
  );
}

/** What the upload page knows of the person's position, for the nearest stage's set; only on a georeferenced plan. */
export interface UploadPosition {
  state: PositionState;
  /** The name of the stage nearest to the person, once their position is known and on the plan. */
  nearestStage: string | null;
  onStart(): void;
}

/**
 * The upload screen over any Uploader (component tests pass a scripted one). `suggested`,
 * the set playing now that the person is most likely at, fills the picker while the person
 * has not picked one themselves (the page opened without a set, or they tapped "Use my
 * position" since): it may change as their position arrives or the next set starts. Whatever
 * they pick stays; each upload keeps the set it started with.
 */
export function UploadPanel({
  uploader,
  programme,
  suggested = null,
  position,
}: {
  uploader: Uploader;
  programme: Programme | null;
  suggested?: string | null;
  position?: UploadPosition | undefined;
}) {
  const [params, setParams] = useSearchParams();
  const performanceId = params.get('performance');
  const uploads = useUploads(uploader, performanceId);
  const [followSuggestion, setFollowSuggestion] = useState(performanceId === null);
  useEffect(() => {
    if (!followSuggestion || !suggested || suggested === performanceId) return;
    setParams({ performance: suggested }, { replace: true });
  }, [followSuggestion, suggested, performanceId, setParams]);
  return (
    <>
      {programme ? (
        <SetPicker
          programme={programme}
          value={performanceId}
          onChange={(id) => {
            setFollowSuggestion(false);
            setParams(id ? { performance: id } : {}, { replace: true });
          }}
        />
      ) : null}
      {programme && position ? (
        <NearestStage
          position={position}
          onStart={() => {
            setFollowSuggestion(true);
            position.onStart();
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

/** "Use my position": the set on the nearest stage, only after a tap (or a permission given before), and what came of it. */
function NearestStage({ position, onStart }: { position: UploadPosition; onStart(): void }) {
  const { state, nearestStage } = position;
  const asking = state.status === 'on' || state.status === 'locating';
  return (
    <div className="upload-position">
      {asking ? null : (
        <button type="button" className="button button-secondary button-small" onClick={onStart}>
          <FormattedMessage id="upload.position.use" defaultMessage="Use my position to find the set" />
        </button>
      )}
      <p className="field-hint" role="status">
        {state.status === 'locating' ? (
          <FormattedMessage id="upload.position.locating" defaultMessage="Finding your position…" />
        ) : state.status === 'denied' ? (
          <FormattedMessage id="upload.position.denied" defaultMessage="Encore may not use your position. Pick the set above." />
        ) : state.status === 'unavailable' ? (
          <FormattedMessage id="upload.position.unavailable" defaultMessage="Your position is not available right now. Pick the set above." />
        ) : state.status === 'on' ? (
          nearestStage ? (
            <FormattedMessage id="upload.position.nearest" defaultMessage="Nearest stage: {stage}." values={{ stage: nearestStage }} />
          ) : (
            <FormattedMessage id="upload.position.offSite" defaultMessage="You are not on the festival site, so no stage is nearest." />
          )
        ) : (
          <FormattedMessage id="upload.position.private" defaultMessage="Suggests the set on the stage nearest to you. Your position stays on this phone: never stored, never sent." />
        )}
      </p>
    </div>
  );
}
