import type { AuditEntry, AuditKind } from '@encore/model';
import type { QueryDocumentSnapshot } from 'firebase/firestore';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { WithId } from '../../firebase/to-model';

export interface AuditHistory {
  status: 'loading' | 'ready' | 'error';
  entries: Array<WithId<AuditEntry>>;
  error: unknown;
  /** Older entries exist: "Show older" fetches them. */
  hasOlder: boolean;
  loadingOlder: boolean;
  showOlder(): void;
  /** Reads the newest page again (after an undo changed the trail). */
  reload(): void;
}

/**
 * The audit trail as the History page shows it: the newest page of the chosen kind (all kinds
 * for null), then older pages on request. A change of kind starts again from the newest; an
 * answer for a kind no longer chosen is dropped. Read once per page (not live): history only
 * grows at its newest end, which a reload shows.
 */
export function useAuditHistory(festivalId: string, kind: AuditKind | null): AuditHistory {
  const [entries, setEntries] = useState<Array<WithId<AuditEntry>>>([]);
  const [status, setStatus] = useState<AuditHistory['status']>('loading');
  const [error, setError] = useState<unknown>(null);
  const [next, setNext] = useState<QueryDocumentSnapshot | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const generation = useRef(0);
  const [reloads, setReloads] = useState(0);

  const load = useCallback(
    (after: QueryDocumentSnapshot | null) => {
      const mine = generation.current;
      return import('./api/audit-pages')
        .then(({ fetchAuditPage }) => fetchAuditPage(festivalId, kind, after))
        .then((page) => {
          if (mine !== generation.current) return;
          setEntries((shown) => (after ? [...shown, ...page.entries] : page.entries));
          setNext(page.next);
          setError(null);
          setStatus('ready');
        })
        .catch((caught: unknown) => {
          if (mine !== generation.current) return;
          setError(caught);
          if (!after) setStatus('error');
        });
    },
    [festivalId, kind],
  );

  useEffect(() => {
    generation.current += 1;
    setStatus('loading');
    setEntries([]);
    setNext(null);
    void load(null);
  }, [load, reloads]);

  const showOlder = useCallback(() => {
    if (!next || loadingOlder) return;
    setLoadingOlder(true);
    void load(next).finally(() => setLoadingOlder(false));
  }, [next, loadingOlder, load]);

  const reload = useCallback(() => setReloads((count) => count + 1), []);

  return { status, entries, error, hasOlder: next !== null, loadingOlder, showOlder, reload };
}
