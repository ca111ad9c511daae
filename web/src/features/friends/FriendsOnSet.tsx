import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { useFavorites } from '../favorites/FavoritesContext';
import { useFriendPlans, useFriendsPlanning } from './FriendPlansContext';

/**
 * On a set's page: "Anna and 2 friends plan this set" when friends plan it, and, for a set in
 * one's own schedule while one has friends, the switch that keeps it out of the plan friends see.
 */
export function FriendsOnSet({ performanceId }: { performanceId: string }) {
  const names = useFriendsPlanning(performanceId);
  const { friends } = useFriendPlans();
  const favorites = useFavorites();
  const mine = favorites.ids.has(performanceId);
  return (
    <>
      {names.length > 0 ? (
        <p className="muted" data-testid="friends-on-set" role="status">
          <Link to="/friends">
            <FormattedMessage
              id="friends.onSet.planning"
              defaultMessage="{count, plural, one {# friend plans this set: {first}} other {# friends plan this set: {first} and {others, plural, one {# friend} other {# friends}}}}"
              values={{ count: names.length, first: names[0], others: names.length - 1 }}
            />
          </Link>
        </p>
      ) : null}
      {mine && friends && friends.length > 0 ? (
        <label className="switch">
          <input
            type="checkbox"
            role="switch"
            checked={favorites.hiddenFromFriends.has(performanceId)}
            onChange={(event) => void favorites.setHiddenFromFriends(performanceId, event.target.checked)}
          />
          <span className="switch-indicator" aria-hidden="true" />
          <FormattedMessage id="friends.onSet.hide" defaultMessage="Hide this set from my friends" />
        </label>
      ) : null}
    </>
  );
}
