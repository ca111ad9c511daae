import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { importWithRetry } from '../../app/lazy-page';
import { appConfig } from '../../config/firebase-config';
import { useAccount } from '../account/AccountContext';
import type { LiveFriendPlans } from './friend-plans-live';
import { friendsPlanning } from './friends-planning';

/**
 * One's friends and their plans for this festival, listened to once for the whole app: every
 * set card, timeline block and the friends view read them from here ("Anna and 2 friends"
 * costs no read of its own). One listener on one's friends and one per friend's plan, so the
 * cost is bounded by the number of friends (friend-plans-live.ts, loaded once there is a uid).
 */
export type FriendPlansState = LiveFriendPlans;

const EMPTY: FriendPlansState = { friends: undefined, error: null, plans: new Map() };
const NO_FRIENDS: FriendPlansState = { friends: [], error: null, plans: new Map() };
const FriendPlansContext = createContext<FriendPlansState>(EMPTY);

const loadLive = () => importWithRetry(() => import('./friend-plans-live'));

export function FriendPlansProvider({ children }: { children: ReactNode }) {
  const { account } = useAccount();
  const uid = account?.uid;
  // No account (a visitor who has only browsed): no friends, rather than friends still loading.
  const noAccount = account === null;
  const [state, setState] = useState<FriendPlansState>(EMPTY);
  useEffect(() => {
    setState(noAccount ? NO_FRIENDS : EMPTY);
    if (!uid) return;
    let stop = () => {};
    let cancelled = false;
    loadLive().then(
      (live) => {
        if (!cancelled) stop = live.listenToFriendPlans(uid, appConfig.festivalId, setState);
      },
      (error: unknown) => {
        if (!cancelled) setState({ ...EMPTY, error: error instanceof Error ? error : new Error(String(error)) });
      },
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [uid, noAccount]);
  return <FriendPlansContext.Provider value={state}>{children}</FriendPlansContext.Provider>;
}

export function useFriendPlans(): FriendPlansState {
  return useContext(FriendPlansContext);
}

/** The names of the friends who plan one set (none without friends, or outside the provider). */
export function useFriendsPlanning(performanceId: string): string[] {
  const { friends, plans } = useFriendPlans();
  return useMemo(() => friendsPlanning(friends ?? [], plans, performanceId), [friends, plans, performanceId]);
}

// The line's own code (its message, its markup) is fetched with the first friend's plan to show,
// not with the programme's first download, which every visitor pays and few with friends use.
const FriendsOnCardChunk = lazy(() => importWithRetry(() => import('./FriendsOnCard')).then((module) => ({ default: module.FriendsOnCard })));

/** "Anna and 2 friends" on a set card or timeline block, for the sets one's friends plan (nothing otherwise). */
export function FriendsOnCardSlot({ performanceId }: { performanceId: string }) {
  const names = useFriendsPlanning(performanceId);
  if (names.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <FriendsOnCardChunk names={names} />
    </Suspense>
  );
}
