import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { friendsPlanning, useFriendPlans } from './use-friends';

/** "Anna and 2 friends plan this set", on a set's page, when friends plan it; nothing otherwise. */
export function FriendsOnSet({ festivalId, performanceId }: { festivalId: string; performanceId: string }) {
  const { friends, plans } = useFriendPlans(festivalId);
  const names = friendsPlanning(friends, plans, performanceId);
  if (names.length === 0) return null;
  return (
    <p className="muted" data-testid="friends-on-set" role="status">
      <Link to="/friends">
        <FormattedMessage
          id="friends.onSet.planning"
          defaultMessage="{count, plural, one {# friend plans this set: {first}} other {# friends plan this set: {first} and {others, plural, one {# friend} other {# friends}}}}"
          values={{ count: names.length, first: names[0], others: names.length - 1 }}
        />
      </Link>
    </p>
  );
}
