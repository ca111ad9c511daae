import {
  groupPaths,
  type AddGroupMemberAnswer,
  type AnswerGroupInviteAnswer,
  type CreateFriendGroupAnswer,
  type CreateFriendGroupRequest,
  type LeaveFriendGroupAnswer,
  type MeetupPlace,
} from '@encore/model';
import { deleteDoc, doc, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { httpsCallable } from 'firebase/functions';
import { db } from '../../firebase/firestore';
import { functions } from '../../firebase/functions';

/** Friend groups through their callables; meet-up points and live locations written directly (the rules check them). */

export async function createGroup(request: CreateFriendGroupRequest): Promise<CreateFriendGroupAnswer> {
  return (await httpsCallable<CreateFriendGroupRequest, CreateFriendGroupAnswer>(functions(), 'createFriendGroup')(request)).data;
}

export async function addMember(groupId: string, friendshipId: string): Promise<AddGroupMemberAnswer> {
  return (await httpsCallable<{ groupId: string; friendshipId: string }, AddGroupMemberAnswer>(functions(), 'addGroupMember')({ groupId, friendshipId })).data;
}

/** Accepts (joins again) or declines an invitation back into a group one left. */
export async function answerInvite(groupId: string, accept: boolean): Promise<AnswerGroupInviteAnswer> {
  return (await httpsCallable<{ groupId: string; accept: boolean }, AnswerGroupInviteAnswer>(functions(), 'answerGroupInvite')({ groupId, accept })).data;
}

export async function leaveGroup(groupId: string): Promise<LeaveFriendGroupAnswer> {
  return (await httpsCallable<{ groupId: string }, LeaveFriendGroupAnswer>(functions(), 'leaveFriendGroup')({ groupId })).data;
}

/**
 * Sets the group's meet-up point. Resolves when the server has it; offline the write waits
 * on the device (and shows at once on this device from the cache).
 */
export function setMeetup(groupId: string, memberId: string, place: MeetupPlace, at: Date): Promise<void> {
  return updateDoc(doc(db(), groupPaths.group(groupId)), { meetup: { place, at: Timestamp.fromDate(at), setBy: memberId, setAt: serverTimestamp() } });
}

/**
 * Shares (or updates) one's position with the group until `expiresAt`, readable by `visibleTo`
 * (positionAudience); nothing else is kept: each update overwrites it.
 */
export function shareLocation(
  groupId: string,
  memberId: string,
  position: { lat: number; lng: number; accuracy: number },
  expiresAt: Date,
  visibleTo: readonly string[],
): Promise<void> {
  return setDoc(doc(db(), groupPaths.location(groupId, memberId)), {
    lat: position.lat,
    lng: position.lng,
    accuracy: Math.min(100_000, Math.max(0, position.accuracy)),
    sharedAt: serverTimestamp(),
    expiresAt: Timestamp.fromDate(expiresAt),
    visibleTo: [...visibleTo],
  });
}

export function stopSharing(groupId: string, memberId: string): Promise<void> {
  return deleteDoc(doc(db(), groupPaths.location(groupId, memberId)));
}
