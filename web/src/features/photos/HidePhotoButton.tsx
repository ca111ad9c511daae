import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { describeSecondFactorError } from '../account/second-factor-errors';
import { appConfig } from '../../config/firebase-config';
import type { SignedInAccount } from '../../firebase/auth';
import { useAccount } from '../account/AccountContext';
import { festivalAccessOf } from '../account/staff-access';
import { hintedStaffOf } from '../account/staff-hint';
import { useFestivalRole } from '../account/use-festival-role';
import { moderatePhoto } from './api/moderate-photo';

/**
 * The festival's moderators and admins (and the project's admins) can take a photo off every
 * wall straight from the lightbox (restore it in Moderation). It goes through the backend, which
 * records who hid it. A visitor's lightbox reads no staff document: only a project admin, or
 * someone this device saw holding a role in the festival (staff-hint.ts), is asked for one.
 */
export function HidePhotoButton({ photoId }: { photoId: string }) {
  const { account } = useAccount();
  const festivalId = appConfig.festivalId;
  // Staff signed in without a second factor would be refused: the Staff page says why.
  if (!account || account.anonymous || !account.secondFactor) return null;
  if (account.role !== 'admin' && !hintedStaffOf(account.uid, festivalId)) return null;
  return <HideForModerators account={account} festivalId={festivalId} photoId={photoId} />;
}

function HideForModerators({ account, festivalId, photoId }: { account: SignedInAccount; festivalId: string; photoId: string }) {
  const role = useFestivalRole(festivalId, account);
  const [state, setState] = useState<'idle' | 'hiding'>('idle');
  const [error, setError] = useState<unknown>(null);
  if (festivalAccessOf(account, role.role, 'moderate') !== 'granted') return null;
  const hide = () => {
    setError(null);
    setState('hiding');
    moderatePhoto(photoId, 'hide').then(
      () => setState('idle'),
      (caught: unknown) => {
        setError(caught);
        setState('idle');
      },
    );
  };
  return (
    <>
      <Button className="button button-danger button-small" onPress={hide} isDisabled={state === 'hiding'}>
        {state === 'hiding' ? (
          <FormattedMessage id="photos.hide.hiding" defaultMessage="Hiding…" />
        ) : (
          <FormattedMessage id="photos.hide.button" defaultMessage="Hide from the wall" />
        )}
      </Button>
      {error ? <ErrorNotice error={error} describe={describeSecondFactorError} /> : null}
    </>
  );
}
