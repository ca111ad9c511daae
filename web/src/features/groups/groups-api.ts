import {
  groupPaths,
  locationShareEnd,
  type AddGroupMemberAnswer,
  type AnswerGroupInviteAnswer,
  type CreateFriendGroupAnswer,
  type CreateFriendGroupRequest,
  type LeaveFriendGroupAnswer,
  type LocationShareMinutes,
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

type Position = { lat: number; lng: number; accuracy: number };
const positionFields = (position: Position) => ({
  lat: position.lat,
  lng: position.lng,
  accuracy: Math.min(100_000, Math.max(0, position.accuracy)),
});

/**
 * Starts sharing one's position with the group for `minutes`, readable by `visibleTo`
 * (positionAudience): the server's time starts it (`startedAt`), so the phone's clock has no
 * say in when it ends (issue 37). A share running already is replaced. Offline the write waits
 * on the device, and the share starts when the server gets it.
 */
export function startSharing(groupId: string, memberId: string, position: Position, minutes: LocationShareMinutes, visibleTo: readonly string[]): Promise<void> {
  return setDoc(doc(db(), groupPaths.location(groupId, memberId)), {
    ...positionFields(position),
    sharedAt: serverTimestamp(),
    startedAt: serverTimestamp(),
    minutes,
    visibleTo: [...visibleTo],
  });
}

/**
 * Writes the end of a share the server has started: `startedAt` + `minutes`, as the server
 * gave them (the rules check it to the millisecond). Only then do the others see it.
 */
export function endShareAt(groupId: string, memberId: string, share: { startedAt: Date; minutes: LocationShareMinutes }): Promise<void> {
  return updateDoc(doc(db(), groupPaths.location(groupId, memberId)), { sharedAt: serverTimestamp(), expiresAt: Timestamp.fromDate(locationShareEnd(share)) });
}

/**
 * Moves a running share to a new position (its start, length and end stay). Refused once the
 * share is over by the server's clock, or gone (stopped on another device): sharing stops then.
 * Nothing else is kept: each update overwrites the last.
 */
export function moveShare(groupId: string, memberId: string, position: Position, visibleTo: readonly string[]): Promise<void> {
  return updateDoc(doc(db(), groupPaths.location(groupId, memberId)), { ...positionFields(position), sharedAt: serverTimestamp(), visibleTo: [...visibleTo] });
}

export function stopSharing(groupId: string, memberId: string): Promise<void> {
  return deleteDoc(doc(db(), groupPaths.location(groupId, memberId)));
}
