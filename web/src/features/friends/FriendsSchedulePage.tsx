import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { useNow } from '../../time/ClockContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { Skeleton } from '../../ui/Skeleton';
import { EmptyState } from '../../ui/EmptyState';
import { useFavorites } from '../favorites/FavoritesContext';
import { useFriendPlans } from './FriendPlansContext';
import type { PersonPlan } from './friends-hours';
import { FriendsScheduleView } from './FriendsScheduleView';

/**
 * My schedule with friends (issue 25): where each friend will be, hour by hour, and where our
 * plans meet. Everything comes from what the app already listens to (my favourites, my
 * friends' plans): opening it costs no read.
 */
export default function FriendsSchedulePage() {
  const festival = useFestival();
  const favorites = useFavorites();
  const { friends, plans, error } = useFriendPlans();
  const now = useNow();
  const people = useMemo<PersonPlan[]>(() => {
    const mine = new Map([...favorites.ids].map((id) => [id, favorites.priorities.get(id) ?? null]));
    return [
      { key: 'me', name: '', me: true, sets: mine },
      ...(friends ?? []).map((friend) => ({ key: friend.friendshipId, name: friend.displayName, me: false, sets: plans.get(friend.friendshipId) ?? new Map() })),
    ];
  }, [favorites.ids, favorites.priorities, friends, plans]);
  const notSharing = (friends ?? []).filter((friend) => friend.planHiddenFromMe);
  return (
    <>
      <header className="page-header">
        <h1>
          <FormattedMessage id="friends.schedule.title" defaultMessage="My schedule with friends" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="friends.schedule.intro"
            defaultMessage="Where you and your friends will be, hour by hour. Sets you plan together are marked."
          />{' '}
          <Link to="/my">
            <FormattedMessage id="friends.schedule.toMine" defaultMessage="Back to my schedule" />
          </Link>
        </p>
      </header>
      {error ? <ErrorNotice error={error} /> : null}
      <FestivalGate state={festival}>
        {(programme) => {
          if (friends === undefined || favorites.status === 'loading') {
            return <Skeleton label={<FormattedMessage id="friends.schedule.loading" defaultMessage="Loading your friends’ plans…" />} />;
          }
          if (friends.length === 0) {
            return (
              <EmptyState
                icon="schedule"
                title={<FormattedMessage id="friends.schedule.noFriends" defaultMessage="No friends yet" />}
                action={
                  <Link to="/friends" className="button">
                    <FormattedMessage id="friends.schedule.invite" defaultMessage="Invite a friend" />
                  </Link>
                }
              />
            );
          }
          return (
            <>
              {notSharing.length > 0 ? (
                <p className="muted">
                  <FormattedMessage
                    id="friends.schedule.notSharing"
                    defaultMessage="Not sharing their plan with you: {names}."
                    values={{ names: notSharing.map((friend) => friend.displayName).join(', ') }}
                  />
                </p>
              ) : null}
              <FriendsScheduleView programme={programme} people={people} now={now} />
            </>
          );
        }}
      </FestivalGate>
    </>
  );
}
