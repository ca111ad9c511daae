import type { Announcement } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { Icon } from '../../ui/icons';
import './news.css';

/**
 * Urgent announcements on every page, in the header (which stays on screen, and never
 * covers the phone's tab bar): `role="alert"`, so a screen reader says it the moment it
 * arrives. Each is dismissed on its own and stays dismissed on this device. (A plain button,
 * as the tab bar's: react-aria stays out of every page's first download.)
 */
export function UrgentBannerView({
  banners,
  onDismiss,
  onNewsPage,
}: {
  banners: ReadonlyArray<Pick<Announcement, 'title' | 'body'> & { id: string }>;
  onDismiss(id: string): void;
  onNewsPage: boolean;
}) {
  const intl = useIntl();
  if (banners.length === 0) return null;
  return (
    <div className="urgent-banners">
      {banners.map((announcement) => (
        <div key={announcement.id} role="alert" className="urgent-banner" aria-labelledby={`urgent-${announcement.id}`}>
          <Icon name="news" className="urgent-banner-icon" />
          <div className="urgent-banner-text">
            <p id={`urgent-${announcement.id}`} className="urgent-banner-title">
              <FormattedMessage id="inbox.banner.title" defaultMessage="Urgent: {title}" values={{ title: announcement.title }} />
            </p>
            <p className="urgent-banner-body">{announcement.body}</p>
            {onNewsPage ? null : (
              <Link to="/inbox" className="urgent-banner-more">
                <FormattedMessage id="inbox.banner.more" defaultMessage="Read in News" />
              </Link>
            )}
          </div>
          <button
            type="button"
            className="urgent-banner-dismiss"
            aria-label={intl.formatMessage({ id: 'inbox.banner.dismiss', defaultMessage: 'Dismiss “{title}”' }, { title: announcement.title })}
            onClick={() => onDismiss(announcement.id)}
          >
            <Icon name="close" width={20} height={20} />
          </button>
        </div>
      ))}
    </div>
  );
}
