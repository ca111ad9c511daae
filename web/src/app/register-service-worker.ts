/**
 * Whether a new version of the app is ready: the precaching service worker of production
 * builds (installed by install-service-worker.ts, loaded after the first content so its code
 * is not on the first download) announces it here.
 *
 * A new worker installs in the background and waits: it never takes over an open page by
 * itself, since the page's chunks belong to the version that loaded it. The update prompt
 * subscribes here; `apply()` asks the waiting worker to activate and reloads once it controls
 * the page, so the reload runs the new version.
 */
export interface PendingUpdate {
  apply(): void;
}

type Listener = () => void;

let pending: PendingUpdate | null = null;
const listeners = new Set<Listener>();

function announce(update: PendingUpdate): void {
  pending = update;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: the update waiting to be applied, if any. */
export function pendingUpdate(): PendingUpdate | null {
  return pending;
}

export function subscribeToUpdates(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Offers an update: the worker's installer (install-service-worker.ts), or a component test without a worker. */
export function announceUpdate(update: PendingUpdate): void {
  announce(update);
}
