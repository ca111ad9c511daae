import type { RevokeStaffInviteAnswer, RevokeStaffInviteRequest } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { appConfig } from '../../../config/firebase-config';
import { functions } from '../../../firebase/functions';

/** `revokeStaffInvite`: the invite's link stops working. */
export async function revokeStaffInvite(inviteId: string): Promise<RevokeStaffInviteAnswer> {
  const call = httpsCallable<RevokeStaffInviteRequest, RevokeStaffInviteAnswer>(functions(), 'revokeStaffInvite');
  return (await call({ festivalId: appConfig.festivalId, inviteId })).data;
}
