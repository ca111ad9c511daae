import type { RemoveStaffMemberAnswer, RemoveStaffMemberRequest } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { appConfig } from '../../../config/firebase-config';
import { functions } from '../../../firebase/functions';

/** `removeStaffMember`: someone's role in this festival goes (refused for its last admin). */
export async function removeStaffMember(uid: string): Promise<RemoveStaffMemberAnswer> {
  const call = httpsCallable<RemoveStaffMemberRequest, RemoveStaffMemberAnswer>(functions(), 'removeStaffMember');
  return (await call({ festivalId: appConfig.festivalId, uid })).data;
}
