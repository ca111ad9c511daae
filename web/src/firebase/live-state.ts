import type { InvalidDocumentError } from './to-model';

/**
 * What a live listener reports (live.ts), in a module of its own so that code loaded before
 * the Firestore SDK (the festival and favourites contexts) can hold these states.
 */
export interface LiveState<T> {
  data: T;
  status: 'loading' | 'ready' | 'error';
  error: unknown;
  fromCache: boolean;
  hasPendingWrites: boolean;
  /** Ids of documents with writes not yet acknowledged by the backend. */
  pendingIds: ReadonlySet<string>;
  /** Documents that failed validation are left out, and counted here. */
  invalid: InvalidDocumentError[];
}

const NO_IDS: ReadonlySet<string> = new Set();

export function initialLiveState<T>(data: T): LiveState<T> {
  return { data, status: 'loading', error: null, fromCache: true, hasPendingWrites: false, pendingIds: NO_IDS, invalid: [] };
}
