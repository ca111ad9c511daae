import { artistSchema, festivalSchema, firestorePaths, performanceSchema, stageSchema } from '@encore/model';
import { collection, doc, orderBy, query } from 'firebase/firestore';
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { appConfig } from '../config/firebase-config';
import type { ConnectionState } from '../firebase/connection';
import { db } from '../firebase/firestore';
import { useLiveDocument, useLiveQuery } from '../firebase/live';
import { useConnection } from '../firebase/use-connection';
import { ClockProvider } from '../time/ClockContext';
import { makeProgramme, type Programme } from './programme';

export interface FestivalState {
  programme: Programme | null;
  status: 'loading' | 'ready' | 'missing' | 'error';
  error: unknown;
  /** True while what is shown came from this device's cache only. */
  fromCache: boolean;
  connection: ConnectionState;
}

const FestivalContext = createContext<FestivalState | null>(null);

/** Live programme of the configured festival, shared by every page (one set of listeners). */
export function FestivalProvider({ children }: { children: ReactNode }) {
  const festivalId = appConfig.festivalId;
  const refs = useMemo(() => {
    const firestore = db();
    return {
      festival: doc(firestore, firestorePaths.festival(festivalId)),
      stages: query(collection(firestore, firestorePaths.stages(festivalId)), orderBy('order')),
      artists: collection(firestore, firestorePaths.artists(festivalId)),
      performances: query(collection(firestore, firestorePaths.performances(festivalId)), orderBy('startsAt')),
    };
  }, [festivalId]);
  const festival = useLiveDocument(refs.festival, festivalSchema);
  const stages = useLiveQuery(refs.stages, stageSchema);
  const artists = useLiveQuery(refs.artists, artistSchema);
  const performances = useLiveQuery(refs.performances, performanceSchema);
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
