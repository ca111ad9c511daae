import type { FestivalRole, InviteStaffAnswer, InviteStaffRequest } from '@encore/model';
import { httpsCallable } from 'firebase/functions';
import { appConfig } from '../../../config/firebase-config';
import { functions } from '../../../firebase/functions';

/** `inviteStaff`: a single-use invite for one email and role; the answer holds the link's secret (shown once, never stored). */
export async function inviteStaff(email: string, role: FestivalRole): Promise<InviteStaffAnswer> {
  const call = httpsCallable<InviteStaffRequest, InviteStaffAnswer>(functions(), 'inviteStaff');
  return (await call({ festivalId: appConfig.festivalId, email: email.trim(), role })).data;
}
