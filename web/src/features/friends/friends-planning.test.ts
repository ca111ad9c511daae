import { describe, expect, it } from 'vitest';
import { describeFriendError } from './friend-errors';
import { friendsPlanning } from './friends-planning';

const friends = [
  { friendshipId: 'f1', displayName: 'Anna', planId: 'p1' },
  { friendshipId: 'f2', displayName: 'Bo', planId: 'p2' },
  { friendshipId: 'f3', displayName: 'Cas', planId: 'p3' },
];

describe('friends planning a set', () => {
  it('names the friends whose plan holds the set, in the friends list order; a friend without a plan (removed, refused) counts for none', () => {
    const plans = new Map([
      ['f1', new Map([['p-a', 'must' as const], ['p-b', null]])],
      ['f3', new Map([['p-a', null]])],
    ]);
    expect(friendsPlanning(friends, plans, 'p-a')).toEqual(['Anna', 'Cas']);
    expect(friendsPlanning(friends, plans, 'p-b')).toEqual(['Anna']);
    expect(friendsPlanning(friends, plans, 'p-c')).toEqual([]);
  });

  it('says why an invite was refused from the reason the function sent, else the app-wide sentence', () => {
    expect(describeFriendError({ code: 'functions/failed-precondition', details: { reason: 'expired' } }).message.id).toBe('friends.error.expired');
    expect(describeFriendError({ code: 'functions/failed-precondition', details: { reason: 'used' } }).message.id).toBe('friends.error.used');
    expect(describeFriendError({ code: 'functions/failed-precondition' }).message.id).toBe('errors.firestore.failedPrecondition');
  });
});
