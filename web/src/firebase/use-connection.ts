import { useEffect, useReducer, useState } from 'react';
import { connectionState, initialConnection, waitDeadline, trackConnection, type ConnectionState } from './connection';

/**
 * The connection state, from a live listener's `fromCache` and the browser's online and
 * offline events (see connection.ts): right within moments either way.
 */
export function useConnection(fromCache: boolean): ConnectionState {
  const [tracker, dispatch] = useReducer(trackConnection, undefined, () => initialConnection(navigator.onLine, Date.now()));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => dispatch({ type: 'snapshot', fromCache }), [fromCache]);

  useEffect(() => {
    const update = () => {
      const at = Date.now();
      dispatch({ type: 'browser', online: navigator.onLine, at });
      setNow(at);
    };
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    // An event may have come between the first render and this effect.
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  // Re-render when the wait for the backend times out.
  const deadline = waitDeadline(tracker, now);
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), Math.max(0, deadline - Date.now()) + 50);
    return () => window.clearTimeout(timer);
  }, [deadline]);

  return connectionState(tracker, now);
}
