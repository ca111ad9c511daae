import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The person's position, only after they tap "Show my position" (never on its own), from the
 * Geolocation API while the map is open. It lives in this component's memory only: never
 * stored, never sent. Without permission the map works as before.
 */
export type PositionState =
  | { status: 'off' }
  | { status: 'locating' }
  | { status: 'denied' }
  | { status: 'unavailable' }
  | { status: 'on'; lat: number; lng: number; heading: number | null; accuracy: number };

export function usePosition(): { state: PositionState; start(): void; stop(): void } {
  const [state, setState] = useState<PositionState>({ status: 'off' });
  const watch = useRef<number | null>(null);
  const stop = useCallback(() => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
    setState({ status: 'off' });
  }, []);
  const start = useCallback(() => {
    if (!('geolocation' in navigator)) {
      setState({ status: 'unavailable' });
      return;
    }
    if (watch.current !== null) return;
    setState({ status: 'locating' });
    watch.current = navigator.geolocation.watchPosition(
      ({ coords }) => setState({ status: 'on', lat: coords.latitude, lng: coords.longitude, heading: coords.heading, accuracy: coords.accuracy }),
      (error) => {
        if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
        watch.current = null;
        setState({ status: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable' });
      },
      { enableHighAccuracy: true, maximumAge: 10_000, timeout: 30_000 },
    );
  }, []);
  useEffect(() => () => {
    if (watch.current !== null) navigator.geolocation.clearWatch(watch.current);
  }, []);
  return { state, start, stop };
}
