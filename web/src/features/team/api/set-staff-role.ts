import type { FestivalRole, SetStaffRoleAnswer, SetStaffRoleRequest } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { appConfig } from '../../../config/firebase-config';
import { functions } from '../../../firebase/functions';

/** `setStaffRole`: another role for someone on this festival's staff (refused for its last admin). */
export async function setStaffRole(uid: string, role: FestivalRole): Promise<SetStaffRoleAnswer> {
  const call = httpsCallable<SetStaffRoleRequest, SetStaffRoleAnswer>(functions(), 'setStaffRole');
  return (await call({ festivalId: appConfig.festivalId, uid, role })).data;
}
