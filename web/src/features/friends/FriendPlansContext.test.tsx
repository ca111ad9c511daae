import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FriendView, PlanView } from './friends-api';
import { FriendPlansProvider, useFriendsPlanning } from './FriendPlansContext';

/** The Firestore side replaced by a recorder: which listeners the provider opens and stops. */
const api = vi.hoisted(() => ({
  onFriends: null as ((friends: FriendView[]) => void) | null,
  onPlan: new Map<string, (plan: PlanView) => void>(),
  started: [] as string[],
  stopped: [] as string[],
}));
vi.mock('../account/AccountContext', () => ({ useAccount: () => ({ account: { uid: 'me' } }) }));
vi.mock('./friends-api', () => ({
  listenToFriends: (_uid: string, onFriends: (friends: FriendView[]) => void) => {
    api.onFriends = onFriends;
    return () => {};
  },
  listenToPlan: (planId: string, _festivalId: string, onPlan: (plan: PlanView) => void) => {
    api.started.push(planId);
    api.onPlan.set(planId, onPlan);
    return () => api.stopped.push(planId);
  },
}));

function Card({ id }: { id: string }) {
  const names = useFriendsPlanning(id);
  return <p data-testid={`card-${id}`}>{names.join(', ')}</p>;
}

const vera: FriendView = { friendshipId: 'fs-vera', displayName: 'Vera', planId: 'plan-vera' };
const otto: FriendView = { friendshipId: 'fs-otto', displayName: 'Otto', planId: 'plan-otto' };
const ivo: FriendView = { friendshipId: 'fs-ivo', displayName: 'Ivo', planId: 'plan-ivo', planHiddenFromMe: true };
const CARDS = Array.from({ length: 40 }, (_, i) => `p-${i}`);

beforeEach(() => {
  api.onFriends = null;
  api.onPlan.clear();
  api.started.length = 0;
  api.stopped.length = 0;
});

describe('friends’ plans for the whole app', () => {
  it('listens once per friend who shares, however many cards show it, and stops for a friend who hides or is removed', async () => {
    render(
      <FriendPlansProvider>
        {CARDS.map((id) => (
          <Card key={id} id={id} />
        ))}
      </FriendPlansProvider>,
    );
    await waitFor(() => expect(api.onFriends).not.toBeNull());
    act(() => api.onFriends!([vera, otto, ivo]));
    await waitFor(() => expect([...api.started].sort()).toEqual(['plan-otto', 'plan-vera']));
    act(() => {
      api.onPlan.get('plan-vera')!(new Map([['p-1', 'must'], ['p-2', null]]));
      api.onPlan.get('plan-otto')!(new Map([['p-1', null]]));
    });
    expect(screen.getByTestId('card-p-1').textContent).toBe('Vera, Otto');
    expect(screen.getByTestId('card-p-2').textContent).toBe('Vera');
    expect(screen.getByTestId('card-p-3').textContent).toBe('');

    // Vera hides her plan from me: her listener stops and her sets leave every card at once.
    act(() => api.onFriends!([{ ...vera, planHiddenFromMe: true }, otto, ivo]));
    await waitFor(() => expect(screen.getByTestId('card-p-1').textContent).toBe('Otto'));
    expect(api.stopped).toEqual(['plan-vera']);
    expect(screen.getByTestId('card-p-2').textContent).toBe('');

    // Otto is removed; Vera shares again: one new listener for her, none restarted for anyone else.
    act(() => api.onFriends!([vera, ivo]));
    await waitFor(() => expect(api.started).toHaveLength(3));
    expect(api.started[2]).toBe('plan-vera');
    expect([...api.stopped].sort()).toEqual(['plan-otto', 'plan-vera']);
    expect(screen.getByTestId('card-p-1').textContent).toBe('');
  });
});
