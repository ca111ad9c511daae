import { useEffect, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Route, Router, Switch } from 'wouter';
import { appRoute } from '../config/firebase-config';
import { FestivalProvider } from '../festival/FestivalContext';
import { FestivalTheme } from '../festival/FestivalTheme';
import { LiveCountsProvider } from '../festival/LiveCountsContext';
import { I18nProvider } from '../i18n/I18nProvider';
import { AccountProvider } from '../features/account/AccountContext';
import { FavoritesProvider } from '../features/favorites/FavoritesContext';
import { FriendPlansProvider } from '../features/friends/FriendPlansContext';
import { AppErrorBoundary, RouteErrorBoundary } from './ErrorBoundaries';
import { BrandMark } from '../ui/BrandMark';
import { markFirstContentShown } from './first-content';
import { FirstContentMark } from './FirstContentMark';
import { Layout } from './Layout';
import { lazyPage } from './lazy-page';
import { UpdatePrompt } from './UpdatePrompt';

// Route-level code splitting: each page (and the SDK parts only it uses) is its own chunk,
// precached by the service worker; a chunk that cannot load becomes a reload prompt.
const ProgrammePage = lazyPage(() => import('../features/programme/ProgrammePage'));
const PerformancePage = lazyPage(() => import('../features/performance/PerformancePage'));
const ArtistPage = lazyPage(() => import('../features/performance/ArtistPage'));
const SearchPage = lazyPage(() => import('../features/search/SearchPage'));
const LineupPage = lazyPage(() => import('../features/lineup/LineupPage'));
const MySchedulePage = lazyPage(() => import('../features/schedule/MySchedulePage'));
const SharedSchedulePage = lazyPage(() => import('../features/schedule/SharedSchedulePage'));
const PhotosPage = lazyPage(() => import('../features/photos/PhotosPage'));
const UploadPage = lazyPage(() => import('../features/upload/UploadPage'));
const InboxPage = lazyPage(() => import('../features/inbox/InboxPage'));
const AccountPage = lazyPage(() => import('../features/account/AccountPage'));
const StaffPage = lazyPage(() => import('../features/staff/StaffPage'));
const VenueMapPage = lazyPage(() => import('../features/venue/VenueMapPage'));
const InfoPage = lazyPage(() => import('../features/info/InfoPage'));
const FriendsPage = lazyPage(() => import('../features/friends/FriendsPage'));
const AcceptInvitePage = lazyPage(() => import('../features/friends/AcceptInvitePage'));
const GroupsPage = lazyPage(() => import('../features/groups/GroupsPage'));
const FriendsSchedulePage = lazyPage(() => import('../features/friends/FriendsSchedulePage'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage'));
// The pages outside any festival (config/festival-route.ts: `TOP_LEVEL_PAGES`).
const FestivalsPage = lazyPage(() => import('./FestivalsPage'));
const OrganiserPage = lazyPage(() => import('../features/organiser/OrganiserPage'));

/**
 * The app for this page's address (config/festival-route.ts): a festival's pages under its
 * router base (`/f/{festivalId}`, or none for the build's default festival), or one of the
 * pages outside any festival. Chosen once per page load: moving between them is a full navigation.
 */
export function App() {
  return appRoute.topLevel ? <TopLevelApp /> : <FestivalApp />;
}

function FestivalApp() {
  // The language wraps everything, the error boundaries included, so even a fallback speaks it.
  return (
    <I18nProvider>
    <AppErrorBoundary>
      <AccountProvider>
        <FestivalProvider>
          <FestivalTheme />
          <LiveCountsProvider>
          <FavoritesProvider>
          <FriendPlansProvider>
            <Router base={appRoute.base}>
            <Layout>
              <UpdatePrompt />
              <RouteErrorBoundary>
                <Switch>
                  <Route path="/" component={ProgrammePage} />
                  <Route path="/performances/:performanceId" component={PerformancePage} />
                  <Route path="/artists/:artistId" component={ArtistPage} />
                  <Route path="/search" component={SearchPage} />
                  <Route path="/lineup" component={LineupPage} />
                  <Route path="/my" component={MySchedulePage} />
                  <Route path="/my/friends" component={FriendsSchedulePage} />
                  <Route path="/shared" component={SharedSchedulePage} />
                  <Route path="/photos" component={PhotosPage} />
                  <Route path="/upload" component={UploadPage} />
                  <Route path="/inbox" component={InboxPage} />
                  <Route path="/map" component={VenueMapPage} />
                  <Route path="/info" component={InfoPage} />
                  <Route path="/info/:pageId" component={InfoPage} />
                  <Route path="/account" component={AccountPage} />
                  <Route path="/friends" component={FriendsPage} />
                  <Route path="/friends/accept" component={AcceptInvitePage} />
                  <Route path="/groups" component={GroupsPage} />
                  <Route path="/staff" nest component={StaffPage} />
                  <Route component={NotFoundPage} />
                </Switch>
                {/* Inside the routes' Suspense boundary: it commits with the page, once its chunk is in. */}
                <FirstContentMark />
              </RouteErrorBoundary>
            </Layout>
            </Router>
          </FriendPlansProvider>
          </FavoritesProvider>
          </LiveCountsProvider>
        </FestivalProvider>
      </AccountProvider>
    </AppErrorBoundary>
    </I18nProvider>
  );
}

/** The chooser and the organisers' console: no festival, so none of its providers or its bundle. */
function TopLevelApp() {
  return (
    <I18nProvider>
      <AppErrorBoundary>
        <AccountProvider>
          <TopLevelLayout>
            <UpdatePrompt />
            <RouteErrorBoundary>
              <Switch>
                <Route path="/festivals" component={FestivalsPage} />
                <Route path="/organiser" nest component={OrganiserPage} />
                <Route component={NotFoundPage} />
              </Switch>
              <ShownMark />
            </RouteErrorBoundary>
          </TopLevelLayout>
        </AccountProvider>
      </AppErrorBoundary>
    </I18nProvider>
  );
}

/** The frame of the pages outside any festival: the brand (to the chooser) and the page. */
function TopLevelLayout({ children }: { children: ReactNode }) {
  return (
    <div className="app" data-surface="festival">
      <a className="skip-link" href="#main">
        <FormattedMessage id="app.layout.skip" defaultMessage="Skip to content" />
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <a href="/festivals" className="brand">
            <BrandMark />
            <span className="brand-name">Encore</span>
          </a>
        </div>
      </header>
      <main id="main" className="site-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** FirstContentMark's counterpart where there is no festival to wait for: the page is committed. */
function ShownMark() {
  useEffect(() => markFirstContentShown(), []);
  return null;
}
