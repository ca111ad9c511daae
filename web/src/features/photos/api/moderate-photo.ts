import { httpsCallable } from 'firebase/functions';
import { appConfig } from '../../../config/firebase-config';
import { functions } from '../../../firebase/functions';

/**
 * Staff take a photo off every wall, or put it back, through the `moderatePhoto` function:
 * the rules leave a photo's status to the backend, which records who decided and when.
 */
export async function moderatePhoto(photoId: string, action: 'hide' | 'restore'): Promise<'hidden' | 'ready'> {
  const call = httpsCallable<{ festivalId: string; photoId: string; action: string }, { status: 'hidden' | 'ready' }>(functions(), 'moderatePhoto');
  return (await call({ festivalId: appConfig.festivalId, photoId, action })).data.status;
}
