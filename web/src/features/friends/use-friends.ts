import { useEffect, useState } from 'react';
import { useAccount } from '../account/AccountContext';
import type { FriendView } from './friends-api';

const loadApi = () => import('./friends-api');

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

/**
 * Which friends plan which sets of one festival: one listener per friend's plan, so the cost
 * is bounded by the number of friends. A removed friend's plan drops out at once: their entry
 * leaves the friends list, and the rules refuse the plan's listener.
 */
export function useFriendPlans(festivalId: string | undefined): { friends: FriendView[]; plans: ReadonlyMap<string, ReadonlySet<string>> } {
  const { friends } = useFriends();
  const [plans, setPlans] = useState<ReadonlyMap<string, ReadonlySet<string>>>(new Map());
  const key = (friends ?? []).map((friend) => `${friend.friendshipId}:${friend.planId}`).join(',');
  useEffect(() => {
    if (!festivalId || !friends || friends.length === 0) {
      setPlans(new Map());
      return;
    }
    const stops: Array<() => void> = [];
    let cancelled = false;
    setPlans(new Map());
    void loadApi().then((api) => {
      if (cancelled) return;
      for (const friend of friends) {
        stops.push(
          api.listenToPlan(friend.planId, festivalId, (ids) =>
            setPlans((previous) => new Map(previous).set(friend.friendshipId, ids)),
          ),
        );
      }
    });
    return () => {
      cancelled = true;
      for (const stop of stops) stop();
    };
    // `key` names the friends and plans; the list's identity changes on every snapshot.
  }, [festivalId, key]);
  return { friends: friends ?? [], plans };
}

/** The names of the friends who plan one set, in the friends list's order. */
export function friendsPlanning(friends: readonly FriendView[], plans: ReadonlyMap<string, ReadonlySet<string>>, performanceId: string): string[] {
  return friends.filter((friend) => plans.get(friend.friendshipId)?.has(performanceId)).map((friend) => friend.displayName);
}
