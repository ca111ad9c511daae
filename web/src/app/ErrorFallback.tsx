import { useSyncExternalStore } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import { appRoute } from '../config/firebase-config';
import { isChunkLoadError } from '../errors/chunk-load-error';

const messages = defineMessages({
  offlineTitle: { id: 'app.errorFallback.offlineTitle', defaultMessage: 'This page is not saved on this device yet' },
  offlineDetail: {
    id: 'app.errorFallback.offlineDetail',
    defaultMessage: 'Connect to the internet, then reload to open it. Pages you have opened before keep working offline.',
  },
  chunkTitle: { id: 'app.errorFallback.chunkTitle', defaultMessage: 'This page could not be loaded' },
  chunkDetail: {
    id: 'app.errorFallback.chunkDetail',
    defaultMessage: 'Encore may have been updated since you opened it. Reload to get the latest version.',
  },
  renderTitle: { id: 'app.errorFallback.renderTitle', defaultMessage: 'Something went wrong on this page' },
  renderDetail: {
    id: 'app.errorFallback.renderDetail',
    defaultMessage: 'Try again, or go back to the programme. If it keeps happening, reload Encore.',
  },
  reload: { id: 'app.errorFallback.reload', defaultMessage: 'Reload' },
  tryAgain: { id: 'app.errorFallback.tryAgain', defaultMessage: 'Try again' },
  home: { id: 'app.errorFallback.home', defaultMessage: 'Open the programme' },
});

export interface ErrorFallbackProps {
  error: unknown;
  /** Whether the browser reports a connection now (navigator.onLine). */
  online: boolean;
  /** Renders the failed part again (a render error may not happen twice). */
  onRetry(): void;
  onReload(): void;
}

/**
 * What replaces a page (or the whole app) that failed: never a blank screen. A chunk that
 * could not load gets a reload prompt that says why; any other error gets a way out.
 */
export function ErrorFallback({ error, online, onRetry, onReload }: ErrorFallbackProps) {
  const intl = useIntl();
  const chunk = isChunkLoadError(error);
  const [title, detail] = !chunk
    ? [messages.renderTitle, messages.renderDetail]
    : online
      ? [messages.chunkTitle, messages.chunkDetail]
      : [messages.offlineTitle, messages.offlineDetail];
  return (
    <div className="page-header" role="alert">
      <h1>{intl.formatMessage(title)}</h1>
      <p>{intl.formatMessage(detail)}</p>
      <div className="button-row">
        {chunk ? (
          <button type="button" className="button" onClick={onReload}>
            {intl.formatMessage(messages.reload)}
          </button>
        ) : (
          <button type="button" className="button" onClick={onRetry}>
            {intl.formatMessage(messages.tryAgain)}
          </button>
        )}
        {/* A full navigation: it works even when the router is what broke. */}
        <a href={`${appRoute.base}/`} className="button button-secondary">
          {intl.formatMessage(messages.home)}
        </a>
      </div>
    </div>
  );
}

function subscribeToOnline(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

const reload = () => window.location.reload();

/**
 * The chunk the error boundaries load (and preload): the fallback with its messages, following
 * the connection as it comes and goes (the first page's chunk carries none of this).
 */
export default function ErrorFallbackChunk({ error, onRetry }: Pick<ErrorFallbackProps, 'error' | 'onRetry'>) {
  const online = useSyncExternalStore(subscribeToOnline, () => navigator.onLine, () => true);
  return <ErrorFallback error={error} online={online} onRetry={onRetry} onReload={reload} />;
}
