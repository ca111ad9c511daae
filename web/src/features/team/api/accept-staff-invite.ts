import type { AcceptStaffInviteAnswer, AcceptStaffInviteRequest } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { appConfig } from '../../../config/firebase-config';
import { functions } from '../../../firebase/functions';

/**
 * `acceptStaffInvite`: the role the invite gives, in this festival. The token refreshed first,
 * so a just-verified email counts (the function reads `email_verified` from it).
 */
export async function acceptStaffInvite(secret: string): Promise<AcceptStaffInviteAnswer> {
  const { auth } = await import('../../../firebase/auth');
  await auth().currentUser?.getIdToken(true);
  const call = httpsCallable<AcceptStaffInviteRequest, AcceptStaffInviteAnswer>(functions(), 'acceptStaffInvite');
  return (await call({ festivalId: appConfig.festivalId, secret })).data;
}
