import { lazy, Suspense, type ComponentProps } from 'react';
import { importWithRetry } from '../app/lazy-page';
import type { ErrorNotice } from './ErrorNotice';

// ErrorNotice carries every error's sentence (errors/describe-error.ts, about 3 KB gzipped):
// the frame of every page and the festival gate, which the programme's first page needs, show
// one only when something failed, so they take it from its own chunk. It is fetched once the
// first content is painted (ErrorBoundaries' preloadFallbacks), so it is in memory before the
// network can go.
const loadErrorNotice = () => import('./ErrorNotice');
const ErrorNoticeChunk = lazy(() => importWithRetry(loadErrorNotice).then((module) => ({ default: module.ErrorNotice })));

export function preloadErrorNotice(): Promise<unknown> {
  return loadErrorNotice();
}

/** ErrorNotice, for code on the programme's first download. */
export function LazyErrorNotice(props: ComponentProps<typeof ErrorNotice>) {
  return (
    <Suspense fallback={null}>
      <ErrorNoticeChunk {...props} />
    </Suspense>
  );
}
