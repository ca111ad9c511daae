import { onSnapshot, type DocumentReference, type Query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { InvalidDocumentError, toModel, type WithId } from './to-model';

/**
 * React hooks over `onSnapshot` that report what the person needs to see: the data, whether
 * it came from the offline cache, whether local writes are still waiting to sync, and errors.
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

function initial<T>(data: T): LiveState<T> {
  return { data, status: 'loading', error: null, fromCache: true, hasPendingWrites: false, pendingIds: NO_IDS, invalid: [] };
}

/** Listens to a query; pass `null` while the query cannot be formed yet (no user, say). */
export function useLiveQuery<S extends z.ZodType>(query: Query | null, schema: S): LiveState<WithId<z.infer<S>>[]> {
  const [state, setState] = useState<LiveState<WithId<z.infer<S>>[]>>(() => initial([]));
  useEffect(() => {
    if (!query) {
      setState(initial([]));
      return;
    }
    return onSnapshot(
      query,
      { includeMetadataChanges: true },
      (snapshot) => {
        const data: WithId<z.infer<S>>[] = [];
        const invalid: InvalidDocumentError[] = [];
        const pendingIds = new Set<string>();
        for (const doc of snapshot.docs) {
          const model = toModel(doc, schema);
          if (model instanceof InvalidDocumentError) invalid.push(model);
          else data.push(model);
          if (doc.metadata.hasPendingWrites) pendingIds.add(doc.id);
        }
        if (invalid.length > 0) console.warn(...invalid.map((error) => error.message));
        setState({
          data,
          status: 'ready',
          error: null,
          fromCache: snapshot.metadata.fromCache,
          hasPendingWrites: snapshot.metadata.hasPendingWrites,
          pendingIds,
          invalid,
        });
      },
      (error) => setState((previous) => ({ ...previous, status: 'error', error })),
    );
  }, [query, schema]);
  return state;
}

/** Listens to one document; `data` is null while loading, when missing, or when invalid. */
export function useLiveDocument<S extends z.ZodType>(ref: DocumentReference | null, schema: S): LiveState<WithId<z.infer<S>> | null> & { exists: boolean } {
  const [state, setState] = useState<LiveState<WithId<z.infer<S>> | null> & { exists: boolean }>(() => ({ ...initial(null), exists: false }));
  useEffect(() => {
    if (!ref) {
      setState({ ...initial(null), exists: false });
      return;
    }
    return onSnapshot(
      ref,
      { includeMetadataChanges: true },
      (snapshot) => {
        const model = snapshot.exists() ? toModel(snapshot, schema) : null;
        const invalid = model instanceof InvalidDocumentError ? [model] : [];
        setState({
          data: model instanceof InvalidDocumentError ? null : model,
          exists: snapshot.exists(),
          status: 'ready',
          error: null,
          fromCache: snapshot.metadata.fromCache,
          hasPendingWrites: snapshot.metadata.hasPendingWrites,
          pendingIds: snapshot.metadata.hasPendingWrites ? new Set([snapshot.id]) : NO_IDS,
          invalid,
        });
      },
      (error) => setState((previous) => ({ ...previous, status: 'error', error })),
    );
  }, [ref, schema]);
  return state;
}
