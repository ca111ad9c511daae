import { FormattedMessage } from 'react-intl';
import './news.css';

/**
 * The unread count beside "News" in the tab bar and the top navigation: a number for the
 * eye (at most "9+"), and the whole count in words for a screen reader, inside the link.
 */
export function NewsBadgeView({ unread }: { unread: number }) {
  if (unread === 0) return null;
  return (
    <span className="nav-badge">
      <span aria-hidden="true">{unread > 9 ? '9+' : unread}</span>
      <span className="visually-hidden">
        <FormattedMessage id="inbox.badge.unread" defaultMessage=", {count, plural, one {# unread announcement} other {# unread announcements}}" values={{ count: unread }} />
      </span>
    </span>
  );
}
