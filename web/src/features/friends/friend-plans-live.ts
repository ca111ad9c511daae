import { listenToFriends, listenToPlan, type FriendView, type PlanView } from './friends-api';

/**
 * The listeners behind FriendPlansContext, in a chunk of their own loaded once there is a uid
 * (so none of it is on the programme's first download): one on one's friends, and one per
 * friend who shares their plan, started and stopped as the friends list changes. A friend who
 * hides their plan from this person (`planHiddenFromMe`) or is removed is stopped, and their
 * plan leaves the state in the same update as the list.
 */
export interface LiveFriendPlans {
  /** undefined while loading. */
  friends: FriendView[] | undefined;
  error: Error | null;
  /** Each sharing friend's plan by friendship id, once it has arrived. */
  plans: ReadonlyMap<string, PlanView>;
}

export function listenToFriendPlans(uid: string, festivalId: string, onChange: (state: LiveFriendPlans) => void): () => void {
  let state: LiveFriendPlans = { friends: undefined, error: null, plans: new Map() };
  let stopped = false;
  const listeners = new Map<string, { planId: string; stop: () => void }>();
  const emit = (change: Partial<LiveFriendPlans>) => {
    if (stopped) return;
    state = { ...state, ...change };
    onChange(state);
  };

  const follow = (friends: FriendView[]) => {
    const wanted = new Map(friends.filter((friend) => !friend.planHiddenFromMe).map((friend) => [friend.friendshipId, friend.planId]));
    let plans = state.plans;
    for (const [friendshipId, listener] of listeners) {
      if (wanted.get(friendshipId) === listener.planId) continue;
      listener.stop();
      listeners.delete(friendshipId);
      if (plans.has(friendshipId)) {
        const next = new Map(plans);
        next.delete(friendshipId);
        plans = next;
      }
    }
    for (const [friendshipId, planId] of wanted) {
      if (listeners.has(friendshipId)) continue;
      listeners.set(friendshipId, { planId, stop: listenToPlan(planId, festivalId, (plan) => emit({ plans: new Map(state.plans).set(friendshipId, plan) })) });
    }
    emit({ friends, error: null, plans });
  };

  const stopFriends = listenToFriends(uid, follow, (error) => emit({ friends: undefined, error }));
  return () => {
    stopped = true;
    stopFriends();
    for (const listener of listeners.values()) listener.stop();
    listeners.clear();
  };
}
