import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { FestivalProvider } from '../festival/FestivalContext';
import { AccountProvider } from '../features/account/AccountContext';
import { FavoritesProvider } from '../features/favorites/FavoritesContext';
import { Loading } from '../ui/Loading';
import { Layout } from './Layout';

// Route-level code splitting: each page (and the SDK parts only it uses) is its own chunk.
const ProgrammePage = lazy(() => import('../features/programme/ProgrammePage'));
const PerformancePage = lazy(() => import('../features/performance/PerformancePage'));
const ArtistPage = lazy(() => import('../features/performance/ArtistPage'));
const MySchedulePage = lazy(() => import('../features/schedule/MySchedulePage'));
const SharedSchedulePage = lazy(() => import('../features/schedule/SharedSchedulePage'));
const PhotosPage = lazy(() => import('../features/photos/PhotosPage'));
const UploadPage = lazy(() => import('../features/upload/UploadPage'));
const InboxPage = lazy(() => import('../features/inbox/InboxPage'));
const AccountPage = lazy(() => import('../features/account/AccountPage'));
const StaffPage = lazy(() => import('../features/staff/StaffPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));

export function App() {
  return (
    <AccountProvider>
      <FestivalProvider>
        <FavoritesProvider>
          <Layout>
            <Suspense fallback={<Loading label="Loading…" />}>
              <Switch>
                <Route path="/" component={ProgrammePage} />
                <Route path="/performances/:performanceId" component={PerformancePage} />
                <Route path="/artists/:artistId" component={ArtistPage} />
                <Route path="/my" component={MySchedulePage} />
                <Route path="/shared" component={SharedSchedulePage} />
                <Route path="/photos" component={PhotosPage} />
                <Route path="/upload" component={UploadPage} />
                <Route path="/inbox" component={InboxPage} />
                <Route path="/account" component={AccountPage} />
                <Route path="/staff" nest component={StaffPage} />
                <Route component={NotFoundPage} />
              </Switch>
            </Suspense>
          </Layout>
        </FavoritesProvider>
      </FestivalProvider>
    </AccountProvider>
  );
}
