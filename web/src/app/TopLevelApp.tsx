import { useEffect, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Route, Switch } from 'wouter';
import { AccountProvider } from '../features/account/AccountContext';
import { I18nProvider } from '../i18n/I18nProvider';
import { BrandMark } from '../ui/BrandMark';
import { AppErrorBoundary, RouteErrorBoundary } from './ErrorBoundaries';
import { markFirstContentShown } from './first-content';
import { lazyPage } from './lazy-page';
import { UpdatePrompt } from './UpdatePrompt';

const FestivalsPage = lazyPage(() => import('./FestivalsPage'));
const HomePage = lazyPage(() => import('./HomePage'));
const OrganiserPage = lazyPage(() => import('../features/organiser/OrganiserPage'));
const NotFoundPage = lazyPage(() => import('./NotFoundPage'));

/** The chooser, the organisers' console and an undecided `/`: no festival, so none of its providers or its bundle. */
export default function TopLevelApp() {
  return (
    <I18nProvider>
      <AppErrorBoundary>
        <AccountProvider>
          <TopLevelLayout>
            <UpdatePrompt />
            <RouteErrorBoundary>
              <Switch>
                <Route path="/festivals" component={FestivalsPage} />
                {/* `/` not decided by its page (config/home-route.ts): asks, then goes. */}
                <Route path="/" component={HomePage} />
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
