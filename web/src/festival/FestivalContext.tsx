import { artistSchema, festivalSchema, performanceSchema, stageSchema } from '@encore/model';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { appConfig } from '../config/firebase-config';
import type { ConnectionState } from '../firebase/connection';
import { db } from '../firebase/firestore';
import { useLiveDocument, useLiveQuery } from '../firebase/live';
import { useConnection } from '../firebase/use-connection';
import { ClockProvider } from '../time/ClockContext';
import { makeProgramme, type Programme } from './programme';
import { useProgrammeQueries } from './programme-queries';

export interface FestivalState {
  programme: Programme | null;
  status: 'loading' | 'ready' | 'missing' | 'error';
  error: unknown;
  /** True while what is shown came from this device's cache only. */
  fromCache: boolean;
  connection: ConnectionState;
}

const FestivalContext = createContext<FestivalState | null>(null);

/**
 * Live programme of the configured festival, shared by every page (one set of listeners).
 * The listeners start once the programme's data bundle is loaded (see programme-queries.ts):
 * a first visit then gets the programme without billed reads, and the server sends only
 * what changed since the bundle was built, live counts included.
 */
export function FestivalProvider({ children }: { children: ReactNode }) {
  const festivalId = appConfig.festivalId;
  const refs = useProgrammeQueries(db, festivalId);
  const festival = useLiveDocument(refs?.festival ?? null, festivalSchema);
  const stages = useLiveQuery(refs?.stages ?? null, stageSchema);
  const artists = useLiveQuery(refs?.artists ?? null, artistSchema);
  const performances = useLiveQuery(refs?.performances ?? null, performanceSchema);
  const connection = useConnection(performances.status === 'ready' ? performances.fromCache : true);

  const value = useMemo<FestivalState>(() => {
    const parts = [festival, stages, artists, performances];
    const failed = parts.find((part) => part.status === 'error');
    const fromCache = parts.some((part) => part.fromCache);
    if (failed) return { programme: null, status: 'error', error: failed.error, fromCache, connection };
    if (parts.some((part) => part.status === 'loading')) return { programme: null, status: 'loading', error: null, fromCache, connection };
    if (!festival.data) return { programme: null, status: 'missing', error: null, fromCache, connection };
    const programme = makeProgramme({
      festivalId,
      festival: festival.data,
      stages: stages.data,
      artists: artists.data,
      performances: performances.data,
    });
    return { programme, status: 'ready', error: null, fromCache, connection };
  }, [festivalId, festival, stages, artists, performances, connection]);

  return (
    <FestivalContext.Provider value={value}>
      <ClockProvider timeZone={value.programme?.festival.timeZone ?? 'Europe/Amsterdam'}>{children}</ClockProvider>
    </FestivalContext.Provider>
  );
}

export function useFestival(): FestivalState {
  const state = useContext(FestivalContext);
  if (!state) throw new Error('useFestival needs a FestivalProvider above it');
  return state;
}
