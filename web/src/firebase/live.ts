import { onSnapshot, type DocumentReference, type Query } from 'firebase/firestore';
import { useEffect, useState } from 'react';
import type { z } from 'zod';
import { InvalidDocumentError, toModel, type WithId } from './to-model';
import { initialLiveState, type LiveState } from './live-state';

export type { LiveState } from './live-state';

/**
 * Listeners over `onSnapshot` that report what the person needs to see: the data, whether
 * it came from the offline cache, whether local writes are still waiting to sync, and
 * errors. `listenToQuery`/`listenToDocument` for code that is itself loaded on demand
 * (festival-live.ts, festival-listeners.ts), the hooks for pages.
 */

/** Calls `onState` with each state of the query's listener; returns the unsubscribe. */
export function listenToQuery<S extends z.ZodType>(query: Query, schema: S, onState: (update: (previous: LiveState<WithId<z.infer<S>>[]>) => LiveState<WithId<z.infer<S>>[]>) => void): () => void {
  // Each document is converted and validated once per change, not once per snapshot: a live
  // count moving on one set of a 100-set programme re-checks that set only, and the others keep
  // their model objects (and so their memoised rows).
  const models = new Map<string, WithId<z.infer<S>> | InvalidDocumentError>();
  return onSnapshot(
    query,
    { includeMetadataChanges: true },
    (snapshot) => {
      for (const change of snapshot.docChanges()) {
        if (change.type === 'removed') models.delete(change.doc.ref.path);
        else models.set(change.doc.ref.path, toModel(change.doc, schema));
      }
      const data: WithId<z.infer<S>>[] = [];
      const invalid: InvalidDocumentError[] = [];
      const pendingIds = new Set<string>();
      for (const doc of snapshot.docs) {
        const model = models.get(doc.ref.path) ?? toModel(doc, schema);
        if (model instanceof InvalidDocumentError) invalid.push(model);
        else data.push(model);
        if (doc.metadata.hasPendingWrites) pendingIds.add(doc.id);
      }
      if (invalid.length > 0) console.warn(...invalid.map((error) => error.message));
      onState(() => ({
        data,
        status: 'ready',
        error: null,
        fromCache: snapshot.metadata.fromCache,
        hasPendingWrites: snapshot.metadata.hasPendingWrites,
        pendingIds,
        invalid,
      }));
    },
    (error) => onState((previous) => ({ ...previous, status: 'error', error })),
  );
}

export type DocumentState<T> = LiveState<T | null> & { exists: boolean };

/** Calls `onState` with each state of the document's listener; `data` is null when missing or invalid. */
export function listenToDocument<S extends z.ZodType>(ref: DocumentReference, schema: S, onState: (update: (previous: DocumentState<WithId<z.infer<S>>>) => DocumentState<WithId<z.infer<S>>>) => void): () => void {
  return onSnapshot(
    ref,
    { includeMetadataChanges: true },
    (snapshot) => {
      const model = snapshot.exists() ? toModel(snapshot, schema) : null;
      const invalid = model instanceof InvalidDocumentError ? [model] : [];
      onState(() => ({
        data: model instanceof InvalidDocumentError ? null : model,
        exists: snapshot.exists(),
        status: 'ready',
        error: null,
        fromCache: snapshot.metadata.fromCache,
        hasPendingWrites: snapshot.metadata.hasPendingWrites,
        pendingIds: snapshot.metadata.hasPendingWrites ? new Set([snapshot.id]) : new Set<string>(),
        invalid,
      }));
    },
    (error) => onState((previous) => ({ ...previous, status: 'error', error })),
  );
}

/** Listens to a query; pass `null` while the query cannot be formed yet (no user, say). */
export function useLiveQuery<S extends z.ZodType>(query: Query | null, schema: S): LiveState<WithId<z.infer<S>>[]> {
  const [state, setState] = useState<LiveState<WithId<z.infer<S>>[]>>(() => initialLiveState([]));
  useEffect(() => {
    if (!query) {
      setState(initialLiveState([]));
      return;
    }
    return listenToQuery(query, schema, setState);
  }, [query, schema]);
  return state;
}

/** Listens to one document; `data` is null while loading, when missing, or when invalid. */
export function useLiveDocument<S extends z.ZodType>(ref: DocumentReference | null, schema: S): DocumentState<WithId<z.infer<S>>> {
  const [state, setState] = useState<DocumentState<WithId<z.infer<S>>>>(() => ({ ...initialLiveState(null), exists: false }));
  useEffect(() => {
    if (!ref) {
      setState({ ...initialLiveState(null), exists: false });
      return;
    }
    return listenToDocument(ref, schema, setState);
  }, [ref, schema]);
  return state;
}
