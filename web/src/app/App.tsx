import { lazy, Suspense } from 'react';
import { Route, Router } from 'wouter';
import { appRoute } from '../config/firebase-config';
import { FestivalProvider } from '../festival/FestivalContext';
import { LiveCountsProvider } from '../festival/LiveCountsContext';
import { I18nProvider } from '../i18n/I18nProvider';
import { AccountProvider } from '../features/account/AccountContext';
import { FavoritesProvider } from '../features/favorites/FavoritesContext';
import { FriendPlansProvider } from '../features/friends/FriendPlansContext';
import { AppErrorBoundary, RouteErrorBoundary } from './ErrorBoundaries';
import { FirstContentMark } from './FirstContentMark';
import { Layout } from './Layout';
import { lazyPage } from './lazy-page';
import { PageSwitch, ShownPage } from './ShownPage';
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
const HelpPage = lazyPage(() => import('../features/help/HelpPage'));
const FriendsSchedulePage = lazyPage(() => import('../features/friends/FriendsSchedulePage'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage'));
// The pages outside any festival (config/festival-route.ts: `isTopLevelPage`), with their
// own frame: a chunk of their own, so a festival's first visit does not download them.
const TopLevelApp = lazy(() => import('./TopLevelApp'));

/**
 * The app for this page's address (config/festival-route.ts): a festival's pages under its
 * router base (`/f/{festivalId}`, or none for the build's default festival), or one of the
 * pages outside any festival. Chosen once per page load: moving between them is a full navigation.
 */
export function App() {
  return appRoute.topLevel ? (
    <Suspense fallback={null}>
      <TopLevelApp />
    </Suspense>
  ) : (
    <FestivalApp />
  );
}

function FestivalApp() {
  // The language wraps everything, the error boundaries included, so even a fallback speaks it.
  return (
    <I18nProvider>
    <AppErrorBoundary>
      <AccountProvider>
        <FestivalProvider>
          <LiveCountsProvider>
          <FavoritesProvider>
          <FriendPlansProvider>
            <Router base={appRoute.base}>
            <Layout>
              <ShownPage>
              <UpdatePrompt />
              <RouteErrorBoundary>
                <PageSwitch>
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
                  <Route path="/help" component={HelpPage} />
                  <Route path="/staff" nest component={StaffPage} />
                  <Route component={NotFoundPage} />
                </PageSwitch>
                {/* Inside the routes' Suspense boundary: it commits with the page, once its chunk is in. */}
                <FirstContentMark />
              </RouteErrorBoundary>
              </ShownPage>
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

