import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useFestival } from '../festival/FestivalContext';
import { isStaff, useAccount } from '../features/account/AccountContext';
import { useFavorites } from '../features/favorites/FavoritesContext';
import { NewsBadge } from '../features/inbox/NewsBadge';
import { NewsProvider } from '../features/inbox/NewsProvider';
import { UrgentBanner } from '../features/inbox/UrgentBanner';
import { PushProvider } from '../features/notifications/PushProvider';
import { UserPreferencesProvider } from '../features/notifications/UserPreferences';
import { ConnectionBadge } from '../ui/ConnectionBadge';
import { ErrorNotice } from '../ui/ErrorNotice';
import { Icon } from '../ui/icons';
import { NavLink } from '../ui/NavLink';
import { secondarySections } from '../ui/shell/sections';
import { TabBar } from '../ui/shell/TabBar';
import { TopNav } from '../ui/shell/TopNav';

/** The unread count on News, in both navigations. */
const BADGES = { news: <NewsBadge /> };

/**
 * The frame of every page: skip link, header (brand, connection
 * state, and on wide screens the navigation and account; below them urgent announcements),
 * the page, and on phones the bottom tab bar. Staff pages get the console look
 * (`data-surface="console"`, see tokens.css). The person's preferences, the announcements
 * and push notifications are provided here, once for every page.
 */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <UserPreferencesProvider>
      <NewsProvider>
        <PushProvider>
          <Frame>{children}</Frame>
        </PushProvider>
      </NewsProvider>
    </UserPreferencesProvider>
  );
}

function Frame({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [location] = useLocation();
  const { connection, programme } = useFestival();
  const { account } = useAccount();
  const favorites = useFavorites();
  const secondary = secondarySections(isStaff(account));
  const accountLabel =
    account && !account.anonymous && account.email
      ? account.email
      : account === null || account?.anonymous
        ? intl.formatMessage({ id: 'app.layout.signIn', defaultMessage: 'Sign in' })
        : intl.formatMessage({ id: 'app.layout.account', defaultMessage: 'Account' });
  return (
    <div className="app" data-surface={location === '/staff' || location.startsWith('/staff/') ? 'console' : 'festival'}>
      <a className="skip-link" href="#main">
        <FormattedMessage id="app.layout.skip" defaultMessage="Skip to content" />
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Link to="/" className="brand">
            <img src="/icon.svg" alt="" width="32" height="32" />
            <span className="brand-name">{programme?.festival.name ?? 'Encore'}</span>
          </Link>
          <TopNav extra={secondary.filter((section) => section.key !== 'account')} badges={BADGES} />
          <div className="header-status">
            <ConnectionBadge state={connection} pendingWrites={favorites.hasPendingWrites} />
            <NavLink to="/account" className="account-link">
              <Icon name="account" className="account-icon" />
              <span className="account-label">{accountLabel}</span>
            </NavLink>
          </div>
        </div>
        <UrgentBanner />
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {favorites.error ? <ErrorNotice error={favorites.error} /> : null}
        {children}
      </main>
      <TabBar secondary={secondary} badges={BADGES} />
    </div>
  );
}
