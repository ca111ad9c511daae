import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { importWithRetry } from '../../app/lazy-page';
import { appConfig } from '../../config/firebase-config';
import type { FriendView, PlanView } from './friends-api';
import { friendsPlanning } from './friends-planning';
import { useFriends } from './use-friends';

/**
 * One's friends and their plans for this festival, listened to once for the whole app: every
 * set card, timeline block and the friends view read them from here ("Anna and 2 friends"
 * costs no read of its own). One listener on one's friends and one per friend's plan, so the
 * cost is bounded by the number of friends; a friend who hides their plan from this person is
 * not listened to, and a removed friend's listener is refused by the rules and stopped.
 */
export interface FriendPlansState {
  /** undefined while loading (or before there is a uid). */
  friends: FriendView[] | undefined;
  error: Error | null;
  /** Each friend's plan by friendship id; a friend whose plan is not (yet) readable has none. */
  plans: ReadonlyMap<string, PlanView>;
}

const EMPTY: FriendPlansState = { friends: undefined, error: null, plans: new Map() };
const FriendPlansContext = createContext<FriendPlansState>(EMPTY);

const loadApi = () => importWithRetry(() => import('./friends-api'));

/** The plans of `friends` (those who share theirs), one listener each, started and stopped as the list changes. */
function useLivePlans(friends: readonly FriendView[] | undefined, festivalId: string): ReadonlyMap<string, PlanView> {
  const [plans, setPlans] = useState<ReadonlyMap<string, PlanView>>(new Map());
  const listeners = useRef(new Map<string, { planId: string; stop: (() => void) | null }>());
  const sharing = useMemo(() => (friends ?? []).filter((friend) => !friend.planHiddenFromMe), [friends]);
  const key = sharing.map((friend) => `${friend.friendshipId}:${friend.planId}`).join(',');
  useEffect(() => {
    const wanted = new Map(sharing.map((friend) => [friend.friendshipId, friend.planId]));
    const running = listeners.current;
    const gone: string[] = [];
    for (const [friendshipId, listener] of running) {
      if (wanted.get(friendshipId) === listener.planId) continue;
      listener.stop?.();
      running.delete(friendshipId);
      gone.push(friendshipId);
    }
    if (gone.length > 0) {
      setPlans((previous) => {
        const next = new Map(previous);
        for (const friendshipId of gone) next.delete(friendshipId);
        return next;
      });
    }
    const toStart = [...wanted].filter(([friendshipId]) => !running.has(friendshipId));
    if (toStart.length === 0) return;
    let cancelled = false;
    // Claimed at once (not yet started), so the next change does not start one twice.
    for (const [friendshipId, planId] of toStart) running.set(friendshipId, { planId, stop: null });
    void loadApi().then((api) => {
      if (cancelled) return;
      for (const [friendshipId, planId] of toStart) {
        const listener = running.get(friendshipId);
        if (listener?.planId === planId && !listener.stop) listener.stop = api.listenToPlan(planId, festivalId, (plan) => setPlans((previous) => new Map(previous).set(friendshipId, plan)));
      }
    });
    return () => {
      cancelled = true;
      // Claims this run did not get to start are given up: the next run starts them.
      for (const [friendshipId] of toStart) if (running.get(friendshipId)?.stop === null) running.delete(friendshipId);
    };
    // `key` names the sharing friends and their plans; the list's identity changes on every snapshot.
  }, [key, festivalId]);
  // Every listener stops with the provider.
  useEffect(() => {
    const running = listeners.current;
    return () => {
      for (const listener of running.values()) listener.stop?.();
      running.clear();
    };
  }, []);
  return plans;
}

export function FriendPlansProvider({ children }: { children: ReactNode }) {
  const { friends, error } = useFriends();
  const plans = useLivePlans(friends, appConfig.festivalId);
  const value = useMemo(() => ({ friends, error, plans }), [friends, error, plans]);
  return <FriendPlansContext.Provider value={value}>{children}</FriendPlansContext.Provider>;
}

export function useFriendPlans(): FriendPlansState {
  return useContext(FriendPlansContext);
}

/** The names of the friends who plan one set (none without friends, or outside the provider). */
export function useFriendsPlanning(performanceId: string): string[] {
  const { friends, plans } = useFriendPlans();
  return useMemo(() => friendsPlanning(friends ?? [], plans, performanceId), [friends, plans, performanceId]);
}
