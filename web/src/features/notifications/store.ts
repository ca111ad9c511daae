import { useSyncExternalStore } from 'react';

/**
 * A small external store (for `useSyncExternalStore`): the messaging state lives in module
 * singletons rather than React context so that the whole of it can load after the first
 * paint (see features/inbox/NewsLayer.tsx) and still be shared by the banner, the badges,
 * the News page and the settings.
 */
export interface Store<T> {
  get(): T;
  set(change: Partial<T>): void;
  subscribe(listener: () => void): () => void;
  use(): T;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  const store: Store<T> = {
    get: () => state,
    set(change) {
      state = { ...state, ...change };
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    use: () => useSyncExternalStore(store.subscribe, store.get, store.get),
  };
  return store;
}
