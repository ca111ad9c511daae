import { useEffect, useReducer } from 'react';
import { connectionState, initialConnection, trackConnection, type ConnectionState } from './connection';

/** What `useConnection` needs of a live listener's state; a new object with every snapshot. */
export interface ListenerSnapshotState {
  status: 'loading' | 'ready' | 'error';
  fromCache: boolean;
  hasPendingWrites: boolean;
}

/**
 * The connection state, from a live listener's snapshots and the browser's online and
 * offline events (see connection.ts). `listener` is the listener's state object, which is a
 * new one with every snapshot: each one the server delivers counts as the stream delivering,
 * even when its metadata is the same as the last.
 */
export function useConnection(listener: ListenerSnapshotState): ConnectionState {
  const [tracker, dispatch] = useReducer(trackConnection, undefined, () => initialConnection(navigator.onLine));

  useEffect(() => {
    if (listener.status !== 'ready') return;
    dispatch({ type: 'snapshot', fromCache: listener.fromCache, fromServer: !listener.fromCache && !listener.hasPendingWrites });
  }, [listener]);

  useEffect(() => {
    const update = () => dispatch({ type: 'browser', online: navigator.onLine });
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    // An event may have come between the first render and this effect.
    update();
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);

  return connectionState(tracker);
}
