import type { FriendView, PlanView } from './friends-api';

/** The names of the friends who plan one set, in the friends list's order. */
export function friendsPlanning(friends: readonly FriendView[], plans: ReadonlyMap<string, PlanView>, performanceId: string): string[] {
  return friends.filter((friend) => plans.get(friend.friendshipId)?.has(performanceId)).map((friend) => friend.displayName);
}
