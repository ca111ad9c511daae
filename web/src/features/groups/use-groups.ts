import { friendGroupSchema, groupInviteSchema, groupPaths, memberLocationSchema, userGroupSchema } from '@encore/model';
import { collection, doc, query, Timestamp, where } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { db } from '../../firebase/firestore';
import { useLiveDocument, useLiveQuery } from '../../firebase/live';
import { noteServerTime, serverNow } from './server-clock';

/** The groups this person belongs to (their own list, written by functions). */
export function useMyGroups(uid: string | undefined) {
  const ref = useMemo(() => (uid ? collection(db(), groupPaths.userGroups(uid)) : null), [uid]);
  return useLiveQuery(ref, userGroupSchema);
}

/** Invitations back into groups this person left (written by functions; answered through `answerGroupInvite`). */
export function useGroupInvites(uid: string | undefined) {
  const ref = useMemo(() => (uid ? collection(db(), groupPaths.invites(uid)) : null), [uid]);
  return useLiveQuery(ref, groupInviteSchema);
}

/** One group, live: its members and meet-up point (from the offline cache when there is no network). */
export function useGroup(groupId: string) {
  const ref = useMemo(() => doc(db(), groupPaths.group(groupId)), [groupId]);
  return useLiveDocument(ref, friendGroupSchema);
}

/** How often the locations query is made anew: the rules refuse one whose `expiresAt > t` lies over a minute back. */
const REQUERY_MS = 50_000;

/**
 * The group's positions shared with this member (`visibleTo` names them) that had not expired
 * when the query was made (the rules allow no other query); the caller drops those that expire
 * meanwhile (`unexpired`).
 */
export function useGroupLocations(groupId: string, memberId: string) {
  // By the server's clock as this device knows it (server-clock.ts): the rules compare `request.time`.
  const [since, setSince] = useState(() => serverNow().getTime());
  useEffect(() => {
    const timer = setInterval(() => setSince(serverNow().getTime()), REQUERY_MS);
    return () => clearInterval(timer);
  }, []);
  const ref = useMemo(
    () => query(collection(db(), groupPaths.locations(groupId)), where('visibleTo', 'array-contains', memberId), where('expiresAt', '>', Timestamp.fromMillis(since))),
    [groupId, memberId, since],
  );
  const state = useLiveQuery(ref, memberLocationSchema);
  useEffect(() => {
    for (const location of state.data) if (!state.pendingIds.has(location.id)) noteServerTime(location.sharedAt);
  }, [state.data, state.pendingIds]);
  return state;
}

/**
 * This member's own position document in the group, live: how their share stands (started,
 * its end written, over), whatever their phone's clock says. Only they may read it before its
 * end is written.
 */
export function useOwnLocation(groupId: string, memberId: string) {
  const ref = useMemo(() => doc(db(), groupPaths.location(groupId, memberId)), [groupId, memberId]);
  return useLiveDocument(ref, memberLocationSchema);
}
