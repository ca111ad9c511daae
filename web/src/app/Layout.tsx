import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { useFestival } from '../festival/FestivalContext';
import { useAccount } from '../features/account/AccountContext';
import { useFavorites } from '../features/favorites/FavoritesContext';
import { LazyErrorNotice } from '../ui/LazyErrorNotice';
import { Icon } from '../ui/icons';
import { NavLink } from '../ui/NavLink';
import { secondarySections } from '../ui/shell/sections';
import { TabBar } from '../ui/shell/TabBar';
import { TopNav } from '../ui/shell/TopNav';
import { afterFirstContent } from './first-content';
import { FirstConnectionBadge } from '../ui/FirstConnectionBadge';
import { importAfterDataSdk } from './load-data-sdk';
import { BrandMark } from '../ui/BrandMark';
import type * as NewsLayerModule from '../features/inbox/NewsLayer';

// Messaging (urgent banners, the unread count, push) loads once the first content is painted
// (first-content.ts), in chunks the service worker precaches: the programme page's first
// download stays free of it. Its stores come first, each evaluated in a task of its own (the
// person's preferences and their schemas, then the announcements and theirs): in one graph
// with the rest they were a single task of 45-70 ms unthrottled on a first visit. Each step
// waits for its small chunk (a round trip each, after the data SDK's far larger download).
// One load for the three parts below; a failed one is tried again by the next part to ask.
let newsLayer: Promise<typeof NewsLayerModule> | undefined;
const loadNewsLayer = () =>
  (newsLayer ??= afterFirstContent()
    .then(() => importAfterDataSdk(() => import('../features/notifications/preferences-store')))
    .then(() => importAfterDataSdk(() => import('../features/inbox/news-store')))
    .then(() => importAfterDataSdk(() => import('../features/inbox/NewsLayer')))
    .catch((error: unknown) => {
      newsLayer = undefined;
      throw error;
    }));
const MessagingRuntime = lazy(() => loadNewsLayer().then((module) => ({ default: module.MessagingRuntime })));
const UrgentBanner = lazy(() => loadNewsLayer().then((module) => ({ default: module.UrgentBanner })));
const NewsBadge = lazy(() => loadNewsLayer().then((module) => ({ default: module.NewsBadge })));
// The festival in the page's head and the staff link's probe, once the first content is shown (LayoutLater.tsx).
const LayoutLater = lazy(() => afterFirstContent().then(() => import('./LayoutLater')));
// The badge that also tells a stalled stream ("updates delayed"), once the first content is shown; until then the connection as reported.
// An archived festival's notice: rare, and nothing to act on, so off the first download.
const ArchivedNotice = lazy(() => afterFirstContent().then(() => import('../features/editions/ArchivedNotice')));
const LiveConnectionBadge = lazy(() => afterFirstContent().then(() => import('./LiveConnectionBadge')));

/** A part of the shell that may arrive late, and whose failure must not take the page down. */
function Later({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}

/** The unread count on News, in both navigations. */
const BADGES = {
  news: (
    <Later>
      <NewsBadge />
    </Later>
  ),
};

/**
 * The frame of every page: skip link, header (brand, connection
 * state, and on wide screens the navigation and account; below them urgent announcements),
 * the page, and on phones the bottom tab bar. Staff pages get the console look
 * (`data-surface="console"`, see tokens.css).
 */
export function Layout({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const [location] = useLocation();
  const { connection, programme } = useFestival();
  const { account } = useAccount();
  const favorites = useFavorites();
  const [probedStaff, setProbedStaff] = useState(false);
  // The project admin's claim at once; a festival role once the probe (after the first content) has looked.
  const staff = account?.role === 'admin' || probedStaff;
  const secondary = secondarySections(staff);
  const accountLabel =
    account && !account.anonymous && account.email
      ? account.email
      : account === null || account?.anonymous
        ? intl.formatMessage({ id: 'app.layout.signIn', defaultMessage: 'Sign in' })
        : intl.formatMessage({ id: 'app.layout.account', defaultMessage: 'Account' });
  const navSections = secondary.filter((section) => section.key !== 'account');
  return (
    <div className="app" data-surface={location === '/staff' || location.startsWith('/staff/') ? 'console' : 'festival'}>
      <a className="skip-link" href="#main">
        <FormattedMessage id="app.layout.skip" defaultMessage="Skip to content" />
      </a>
      <header className="site-header">
        {/* Staff get one more section: on laptops the festival's name then gives way to it, so the navigation never ends cut off. */}
        <div className="site-header-inner" data-long-nav={navSections.some((section) => section.key === 'staff') ? '' : undefined}>
          <Link to="/" className="brand">
            <BrandMark />
            <span className="brand-name">{programme?.festival.name ?? 'Encore'}</span>
          </Link>
          <TopNav extra={navSections} badges={BADGES} />
          <div className="header-status">
            {/* Help (issue 36), on every page in one tap: someone in need must not hunt for it. */}
            <NavLink to="/help" className="search-link help-link">
              <Icon name="help" className="search-icon" />
              <span className="search-label">
                <FormattedMessage id="app.layout.help" defaultMessage="Help" />
              </span>
            </NavLink>
            {/* Search, on every page in one tap: the programme's first download does not include it (its own route chunk). */}
            <NavLink to="/search" className="search-link">
              <Icon name="search" className="search-icon" />
              <span className="search-label">
                <FormattedMessage id="app.layout.search" defaultMessage="Search" />
              </span>
            </NavLink>
            <ErrorBoundary fallback={<FirstConnectionBadge state={connection} />}>
              <Suspense fallback={<FirstConnectionBadge state={connection} />}>
                <LiveConnectionBadge connection={connection} programme={programme} pendingWrites={favorites.hasPendingWrites} />
              </Suspense>
            </ErrorBoundary>
            {/* The email may be cut short with an ellipsis where room is short: its title (a hover) and accessible name keep it whole. */}
            <NavLink to="/account" className="account-link" title={accountLabel}>
              <Icon name="account" className="account-icon" />
              <span className="account-label">{accountLabel}</span>
            </NavLink>
          </div>
        </div>
        <Later>
          <UrgentBanner />
        </Later>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        <Later>
          <ArchivedNotice />
        </Later>
        {favorites.error ? <LazyErrorNotice error={favorites.error} /> : null}
        {children}
      </main>
      <TabBar secondary={secondary} badges={BADGES} />
      <Later>
        <LayoutLater account={account} onStaffKnown={setProbedStaff} />
      </Later>
      <Later>
        <MessagingRuntime />
      </Later>
    </div>
  );
}
