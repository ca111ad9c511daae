import { locationShareEnd, type LocationShareMinutes, type MemberLocation } from '@encore/model';
import { useEffect, useRef, useState } from 'react';
import { noteServerTime, serverNow } from './server-clock';
import { useOwnLocation } from './use-groups';

const loadApi = () => import('./groups-api');
/** A shared position is written again at most this often while the page is open. */
const SHARE_EVERY_MS = 15_000;

/**
 * How one's own share stands, by the server's clock (issue 37): `starting` from the tap until
 * the server has started it and its end is written (only then do the others see it), then
 * `running` until `until`.
 */
export type OwnShare = { state: 'none' } | { state: 'starting' } | { state: 'running'; until: Date; accuracy: number };
export type ShareStatus = 'idle' | 'locating' | 'denied' | 'unavailable';

/** Where the server has a share's start and length, and whether its end is written. */
function startedByServer(location: MemberLocation | null, pending: boolean) {
  if (!location || pending || !location.startedAt || !location.minutes) return undefined;
  return { startedAt: location.startedAt, minutes: location.minutes, ended: location.expiresAt !== undefined };
}

export function ownShareOf(location: MemberLocation | null, pending: boolean, now: Date): OwnShare {
  if (!location) return { state: 'none' };
  if (pending || !location.expiresAt) {
    const started = startedByServer(location, pending);
    return started && locationShareEnd(started) <= now ? { state: 'none' } : { state: 'starting' };
  }
  return location.expiresAt > now ? { state: 'running', until: location.expiresAt, accuracy: location.accuracy } : { state: 'none' };
}

/**
 * One's own live-position share with a group: the Geolocation API is asked only after the
 * person taps, the first position starts the share on the server's clock, the end is written
 * from what the server answered, and positions follow every 15 s until the server refuses
 * them (the share is over, or was stopped on another device).
 */
export function useLocationShare(groupId: string, memberId: string, audience: readonly string[]) {
  const own = useOwnLocation(groupId, memberId);
  // The watch sends each update to the group as it is then (a member joined, a friendship ended).
  const readers = useRef(audience);
  readers.current = audience;
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(serverNow()), 10_000);
    return () => clearInterval(timer);
  }, []);
  const [status, setStatus] = useState<ShareStatus>('idle');
  const watch = useRef<number | null>(null);
  const stopWatching = () => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
  };
  useEffect(() => stopWatching, []);

  const location = own.data;
  const pending = own.hasPendingWrites;
  // What the server wrote is a lower bound of its clock (an estimate for a pending write is not).
  useEffect(() => {
    if (location && !pending) noteServerTime(location.sharedAt);
  }, [location, pending]);

  // The server has started the share: write its end (from any of one's devices; a retry after
  // a refusal would be refused again, so once per start).
  const endWrittenFor = useRef<number | null>(null);
  const started = startedByServer(location, pending);
  const startedAtMs = started?.startedAt.getTime();
  const startedMinutes = started?.minutes as LocationShareMinutes | undefined;
  const endWritten = started?.ended;
  useEffect(() => {
    if (startedAtMs === undefined || startedMinutes === undefined || endWritten || endWrittenFor.current === startedAtMs) return;
    const share = { startedAt: new Date(startedAtMs), minutes: startedMinutes };
    if (locationShareEnd(share) <= serverNow()) return;
    endWrittenFor.current = startedAtMs;
    void loadApi().then((api) => api.endShareAt(groupId, memberId, share)).catch(() => setStatus('unavailable'));
  }, [groupId, memberId, startedAtMs, startedMinutes, endWritten]);

  const share = ownShareOf(location, pending, now);
  // The share seen since the last tap is over (its end passed, or it was stopped on another
  // device): stop asking for positions. (Not before it is seen: the first write is on its way.)
  const seenShare = useRef(false);
  useEffect(() => {
    if (share.state !== 'none') seenShare.current = true;
    else if (seenShare.current) stopWatching();
  }, [share.state]);

  const start = (minutes: LocationShareMinutes) => {
    if (!('geolocation' in navigator)) {
      setStatus('unavailable');
      return;
    }
    stopWatching();
    seenShare.current = false;
    let startSent = false;
    let lastSent = 0;
    setStatus('locating');
    watch.current = navigator.geolocation.watchPosition(
      ({ coords }) => {
        setStatus('idle');
        const position = { lat: coords.latitude, lng: coords.longitude, accuracy: coords.accuracy };
        if (!startSent) {
          startSent = true;
          lastSent = Date.now();
          void loadApi().then((api) => api.startSharing(groupId, memberId, position, minutes, readers.current)).catch(() => {
            stopWatching();
            setStatus('unavailable');
          });
          return;
        }
        // The device's clock only spaces the updates; the server says when the share ends.
        if (Math.abs(Date.now() - lastSent) < SHARE_EVERY_MS) return;
        lastSent = Date.now();
        void loadApi().then((api) => api.moveShare(groupId, memberId, position, readers.current)).catch(stopWatching);
      },
      (error) => {
        stopWatching();
        setStatus(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 },
    );
  };
  const stop = () => {
    stopWatching();
    setStatus('idle');
    void loadApi().then((api) => api.stopSharing(groupId, memberId));
  };
  return { share, status, start, stop };
}
