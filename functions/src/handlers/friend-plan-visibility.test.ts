import { firestorePaths, friendPaths } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { NOW, testDeps, type TestDeps } from '../testing/deps.js';
import { handleSetFriendPlanHidden } from './friend-plan-visibility.js';
import { handleAcceptFriendInvite, handlePublishFriendPlan, handleRemoveFriend } from './friends.js';

const INVITE = 'AbCdEfGhIjKlMnOpQrStUv';
const as = (uid: string) => ({ uid, token: {} });

/** Vera and Otto friends (Otto accepted Vera's invite), Vera with one favourite. */
async function friends(): Promise<{ deps: TestDeps; friendshipId: string; veraPlan: string; ottoPlan: string }> {
  const deps = testDeps();
  deps.docs.seed(friendPaths.invite(INVITE), { ownerUid: 'vera', displayName: 'Vera', createdAt: NOW });
  deps.docs.seed(firestorePaths.favorite('vera', 'p-headliner'), { festivalId: 'encore-2026', performanceId: 'p-headliner', createdAt: NOW });
  const { friendshipId } = await handleAcceptFriendInvite(deps, as('otto'), { inviteId: INVITE, displayName: 'Otto' });
  const veraPlan = deps.docs.data(friendPaths.friend('otto', friendshipId))!.planId as string;
  const ottoPlan = deps.docs.data(friendPaths.friend('vera', friendshipId))!.planId as string;
  return { deps, friendshipId, veraPlan, ottoPlan };
}

describe('setFriendPlanHidden', () => {
  it('hides my plan from one friend: their reader document goes, both friend documents say so, their plan to me stays', async () => {
    const { deps, friendshipId, veraPlan, ottoPlan } = await friends();
    expect(await handleSetFriendPlanHidden(deps, as('vera'), { friendshipId, hidden: true })).toEqual({ changed: true });
    expect(deps.docs.data(friendPaths.planReader(veraPlan, 'otto'))).toBeUndefined();
    expect(deps.docs.data(friendPaths.friend('vera', friendshipId))).toMatchObject({ displayName: 'Otto', hidingMyPlan: true });
    expect(deps.docs.data(friendPaths.friend('otto', friendshipId))).toMatchObject({ displayName: 'Vera', planHiddenFromMe: true });
    // Hiding is one-way: Vera still reads Otto's plan.
    expect(deps.docs.data(friendPaths.planReader(ottoPlan, 'vera'))).toEqual({ friendshipId });
    // Republishing (a favourite written meanwhile) gives Otto no way back in.
    await handlePublishFriendPlan(deps, 'vera');
    expect(deps.docs.data(friendPaths.planReader(veraPlan, 'otto'))).toBeUndefined();
  });

  it('writes the same state however often a request is retried, and shows the plan again with no flag left', async () => {
    const { deps, friendshipId, veraPlan } = await friends();
    await handleSetFriendPlanHidden(deps, as('vera'), { friendshipId, hidden: true });
    const hiddenOnce = new Map(deps.docs.store);
    await handleSetFriendPlanHidden(deps, as('vera'), { friendshipId, hidden: true });
    expect(deps.docs.store).toEqual(hiddenOnce);
    await handleSetFriendPlanHidden(deps, as('vera'), { friendshipId, hidden: false });
    await handleSetFriendPlanHidden(deps, as('vera'), { friendshipId, hidden: false });
    expect(deps.docs.data(friendPaths.planReader(veraPlan, 'otto'))).toEqual({ friendshipId });
    expect(deps.docs.data(friendPaths.friend('vera', friendshipId))).not.toHaveProperty('hidingMyPlan');
    expect(deps.docs.data(friendPaths.friend('otto', friendshipId))).not.toHaveProperty('planHiddenFromMe');
  });

  it("changes nothing for a stranger, after a removal (no reader comes back), or when signed out or asked wrongly", async () => {
    const { deps, friendshipId, veraPlan } = await friends();
    expect(await handleSetFriendPlanHidden(deps, as('sol'), { friendshipId, hidden: true })).toEqual({ changed: false });
    expect(deps.docs.data(friendPaths.planReader(veraPlan, 'otto'))).toEqual({ friendshipId });
    await handleRemoveFriend(deps, as('otto'), { friendshipId });
    expect(await handleSetFriendPlanHidden(deps, as('vera'), { friendshipId, hidden: false })).toEqual({ changed: false });
    expect(deps.docs.data(friendPaths.planReader(veraPlan, 'otto'))).toBeUndefined();
    await expect(handleSetFriendPlanHidden(deps, undefined, { friendshipId, hidden: true })).rejects.toMatchObject({ code: 'unauthenticated' });
    await expect(handleSetFriendPlanHidden(deps, as('vera'), { friendshipId, hidden: 'yes' })).rejects.toMatchObject({ code: 'invalid-argument' });
  });
});
