import { firestorePaths } from '@encore/model';
import { doc, serverTimestamp, updateDoc } from 'firebase/firestore';
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { appConfig } from '../../config/firebase-config';
import { db } from '../../firebase/firestore';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { isStaff, useAccount } from '../account/AccountContext';

/** Staff can take a photo off every wall straight from the lightbox (restore it in Moderation). */
export function HidePhotoButton({ photoId }: { photoId: string }) {
  const { account } = useAccount();
  const [error, setError] = useState<unknown>(null);
  if (!isStaff(account)) return null;
  const hide = () => {
    setError(null);
    updateDoc(doc(db(), firestorePaths.photo(appConfig.festivalId, photoId)), { status: 'hidden', updatedAt: serverTimestamp() }).catch(setError);
  };
  return (
    <>
      <Button className="button button-danger button-small" onPress={hide}>
        <FormattedMessage id="photos.hideButton.hide" defaultMessage="Hide from the wall" />
      </Button>
      {error ? <ErrorNotice error={error} /> : null}
    </>
  );
}
