import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ErrorBoundary, type FallbackProps } from '../errors/ErrorBoundary';
import { preloadErrorNotice } from '../ui/LazyErrorNotice';
import { Loading } from '../ui/Loading';
import { afterFirstContent } from './first-content';
import { importWithRetry } from './lazy-page';
import { preloadUpdatePrompt } from './UpdatePrompt';
import { useShownPath } from './ShownPage';

const loadingLabel = <FormattedMessage id="app.errorBoundaries.loading" defaultMessage="Loading…" />;

const loadFallback = () => import('./ErrorFallback');
const ErrorFallback = lazy(() => importWithRetry(loadFallback));

/**
 * The fallback is its own chunk, kept off the first download, and fetched once the first
 * content is painted (first-content.ts): by the time a deploy removes this version's files,
 * or the network goes, it is in memory.
 */
function preloadFallbacks(): void {
  Promise.all([loadFallback(), preloadUpdatePrompt(), preloadErrorNotice()]).catch(() => {
    // Offline before anything was cached: LastResort below covers that.
  });
}

const LAST_RELOAD = 'encore.lastResortReload';

/**
 * Even the fallback's code could not load (offline before anything was cached, or this
 * version's files are gone): reload, which is what the fallback would ask for, once a
 * connection is there and at most once a minute (a server that keeps failing must not loop).
 */
function LastResort() {
  useEffect(() => {
    const reload = () => {
      const last = Number(sessionStorage.getItem(LAST_RELOAD) ?? 0);
      if (Date.now() - last < 60_000) return;
      sessionStorage.setItem(LAST_RELOAD, String(Date.now()));
      window.location.reload();
    };
    if (navigator.onLine) reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, []);
  return <Loading label={loadingLabel} />;
}

/** The error screen (ErrorFallback.tsx, with whether the device is online), once its chunk is in. */
function Fallback({ error, resetErrorBoundary }: FallbackProps) {
  return (
    <ErrorBoundary fallback={<LastResort />}>
      <Suspense fallback={<Loading label={loadingLabel} />}>
        <ErrorFallback error={error} onRetry={resetErrorBoundary} />
      </Suspense>
    </ErrorBoundary>
  );
}

/** The last line: anything the app throws while rendering ends here, not in a blank page. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  useEffect(() => {
    void afterFirstContent().then(preloadFallbacks);
  }, []);
  return (
    <ErrorBoundary
      fallback={(props) => (
        <main id="main" className="site-main">
          <Fallback {...props} />
        </main>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * Around the routes: a page that fails (its chunk, or its render) is replaced by a message
 * inside the layout, so the navigation stays usable; moving to another page clears it (once
 * that page is the one drawn: see ShownPage).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useShownPath();
  return (
    <ErrorBoundary fallback={Fallback} resetKey={location}>
      <Suspense fallback={<Loading label={loadingLabel} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
