import { useEffect, useState } from 'react';
import { useAccount } from '../account/AccountContext';
import { importWithRetry } from '../../app/lazy-page';
import type { FriendView } from './friends-api';

const loadApi = () => importWithRetry(() => import('./friends-api'));

export interface FriendsState {
  /** undefined while loading (or before there is a uid). */
  friends: FriendView[] | undefined;
  error: Error | null;
}

/** This person's friends, live (one listener on their own friends collection). */
export function useFriends(): FriendsState {
  const { account } = useAccount();
  const uid = account?.uid;
  const [state, setState] = useState<FriendsState>({ friends: undefined, error: null });
  useEffect(() => {
    if (!uid) return;
    let stop = () => {};
    let cancelled = false;
    void loadApi().then((api) => {
      if (cancelled) return;
      stop = api.listenToFriends(uid, (friends) => setState({ friends, error: null }), (error) => setState({ friends: undefined, error }));
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [uid]);
  return state;
}
