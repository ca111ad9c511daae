import { lazy, Suspense, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { preloadErrorNotice } from '../ui/LazyErrorNotice';
import { Loading } from '../ui/Loading';
import { afterFirstContent } from './first-content';
import { importWithRetry } from './lazy-page';
import { preloadUpdatePrompt } from './UpdatePrompt';

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

function subscribeToOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
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

function Fallback({ error, resetErrorBoundary }: FallbackProps) {
  const online = useSyncExternalStore(subscribeToOnline, () => navigator.onLine, () => true);
  return (
    <ErrorBoundary fallback={<LastResort />}>
      <Suspense fallback={<Loading label={loadingLabel} />}>
        <ErrorFallback error={error} online={online} onRetry={resetErrorBoundary} onReload={() => window.location.reload()} />
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
      fallbackRender={(props) => (
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
 * inside the layout, so the navigation stays usable; moving to another page clears it.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <ErrorBoundary FallbackComponent={Fallback} resetKeys={[location]}>
      <Suspense fallback={<Loading label={loadingLabel} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}
