import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { useAccount } from '../account/AccountContext';
import { describeSecondFactorError } from '../account/second-factor-errors';
import { staffAccessOf } from '../account/staff-access';
import { moderatePhoto } from './api/moderate-photo';

/**
 * Staff can take a photo off every wall straight from the lightbox (restore it in
 * Moderation). It goes through the backend, which records who hid it.
 */
export function HidePhotoButton({ photoId }: { photoId: string }) {
  const { account } = useAccount();
  const [state, setState] = useState<'idle' | 'hiding'>('idle');
  const [error, setError] = useState<unknown>(null);
  // Staff signed in without a second factor would be refused: the Staff page says why.
  if (staffAccessOf(account) !== 'granted') return null;
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
