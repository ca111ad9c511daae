import { lazy, Suspense, useSyncExternalStore } from 'react';
import { ErrorBoundary } from '../errors/ErrorBoundary';
import { pendingUpdate, subscribeToUpdates } from './register-service-worker';

const loadView = () => import('./UpdatePromptView');
const UpdatePromptView = lazy(loadView);

/** Fetches the prompt's code ahead of need, while this version's files are surely there. */
export function preloadUpdatePrompt(): Promise<unknown> {
  return loadView();
}

/** Shows "A new version is ready — Reload" while a new service worker waits for the person. */
export function UpdatePrompt() {
  const update = useSyncExternalStore(subscribeToUpdates, pendingUpdate, () => null);
  if (!update) return null;
  // A prompt that cannot load is no reason to break the page it sits on.
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <UpdatePromptView update={update} />
      </Suspense>
    </ErrorBoundary>
  );
}
