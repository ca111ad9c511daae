import type { ProgrammeVersion } from '@encore/model';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { afterFirstContent } from '../app/first-content';
import { importAfterDataSdk } from '../app/load-data-sdk';
import { yieldToMain } from '../app/yield-to-main';
import { appConfig } from '../config/firebase-config';
import { loadFestivalLive } from './load-festival-live';
import { useConnection } from '../firebase/use-connection';
import { ClockProvider } from '../time/ClockContext';
import type { DocumentState } from '../firebase/live';
import { initialLiveState } from '../firebase/live-state';
import type { WithId } from '../firebase/to-model';
import { bundleCopy, builtAt, keepBundleCopy, newerBundle } from './bundle-file/bundle-copy';
import { fetchAnnouncedBundle, programmeBundleBytes } from './bundle-file/fetch-bundle';
import { readBundleElementSpans } from './bundle-file/bundle-elements';
import { readProgrammeBundle } from './bundle-file/programme-of-bundle';
import { festivalState, NOT_LISTENING, type FestivalState, type LiveProgramme } from './live-programme';
import type { Programme } from './programme';
import { sameData } from './same-data';

export type { FestivalState } from './live-programme';

const FestivalContext = createContext<FestivalState | null>(null);
/** Asks the provider for the programme's live listeners (staff pages: see `useProgrammeListeners`). */
const ListenersWanted = createContext<(() => void) | null>(null);

// After the SDK and zod, each evaluated in a task of its own (app/load-data-sdk.ts).
const loadListeners = () => importAfterDataSdk(() => import('./festival-listeners'));

/** The bundle on screen: its programme (null: the bundle holds no festival), when it was built, its bytes. */
interface ShownBundle {
  programme: Programme | null;
  builtAt: number;
  bytes: ArrayBuffer;
}

type VersionState = DocumentState<WithId<ProgrammeVersion>>;
const NO_VERSION: VersionState = { ...initialLiveState(null), exists: false };

/**
 * The festival's programme, shared by every page.
 *
 * A visitor's app shows it from the festival's data bundle file: downloaded from main.tsx
 * (preloaded by index.html), or this device's copy of the newest bundle it had when that is
 * newer or the network fails (bundle-file/bundle-copy.ts), read by a small parser without
 * the Firestore SDK and shown at once. After that frame the Firestore chunk loads and listens
 * to one small document, `festivals/{f}/live/programme`, which names the bundle currently
 * served: when it is newer than the one on screen, the app downloads it and shows it. The
 * programme's 170-odd documents never go through Firestore's cache on a visitor's phone
 * (web/README.md, "The first page": that was most of a first visit's main-thread work), and an
 * open app pays one read per programme change.
 *
 * The collections' live listeners (festival-listeners.ts) run on staff pages, where an edit must
 * show at once (`useProgrammeListeners`), and when there is no bundle at all (offline with no
 * copy, none served): Firestore's persistent cache then shows what it holds, as before.
 */
export function FestivalProvider({ children }: { children: ReactNode }) {
  const festivalId = appConfig.festivalId;
  const [bundle, setBundle] = useState<ShownBundle | null>(null);
  const [version, setVersion] = useState<VersionState>(NO_VERSION);
  const [live, setLive] = useState<LiveProgramme>(NOT_LISTENING);
  const [noBundle, setNoBundle] = useState(false);
  const [staffListening, setStaffListening] = useState(false);
  const listening = noBundle || staffListening;

  // The bundle: shown at once, then followed through live/programme.
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    setBundle(null);
    setVersion(NO_VERSION);
    setNoBundle(false);
    void firstBundle(festivalId)
      .then(async (shown) => {
        if (cancelled) return;
        if (!shown?.programme) {
          setNoBundle(true);
          return;
        }
        // Transitions, here and for every update: React renders the programme in slices of a
        // few milliseconds, so a tap is never kept waiting behind a whole page.
        startTransition(() => setBundle(shown));
        await afterFirstContent();
        void keepBundleCopy(festivalId, shown.bytes);
        const module = await loadFestivalLive();
        if (!cancelled) stop = module.followProgrammeBundle(festivalId, shown.bytes, (update) => startTransition(() => setVersion(update)));
      })
      .catch((error: unknown) => {
        // The chunk did not load (offline before it was ever cached): the bundle stays on screen, unfollowed.
        if (!cancelled) setVersion((previous) => ({ ...previous, status: 'error', error }));
      });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [festivalId]);

  // A newer bundle announced: download it (again when the listener reconnects, if that failed).
  const announced = version.data?.builtAt.getTime();
  const shownBuiltAt = bundle?.builtAt;
  const heardFromServer = version.status === 'ready' && !version.fromCache;
  useEffect(() => {
    if (announced === undefined || shownBuiltAt === undefined || announced <= shownBuiltAt) return;
    let cancelled = false;
    void fetchAnnouncedBundle(festivalId, announced, builtAt).then((bytes) => {
      if (cancelled || !bytes) return;
      const next = readBundle(bytes, festivalId);
      if (!next?.programme || next.builtAt <= shownBuiltAt) return;
      startTransition(() => setBundle(next));
      void keepBundleCopy(festivalId, bytes);
      // Its venue map and info pages too (the chunk is loaded: the listener that announced it runs in it).
      void loadFestivalLive()
        .then((module) => module.keepOfflineParts(festivalId, bytes))
        .catch(() => undefined);
    });
    return () => {
      cancelled = true;
    };
  }, [announced, shownBuiltAt, heardFromServer, festivalId]);

  // The collections' listeners: staff pages, or no bundle to show.
  useEffect(() => {
    if (!listening) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void loadListeners()
      .then((module) => {
        if (!cancelled) stop = module.listenToFestival(festivalId, (update) => startTransition(() => setLive(update)));
      })
      .catch((error: unknown) => {
        // The chunk itself did not load (offline before it was ever cached): say so on the page.
        if (!cancelled) setLive((previous) => ({ ...previous, performances: { ...previous.performances, status: 'error', error } }));
      });
    return () => {
      cancelled = true;
      stop?.();
      setLive(NOT_LISTENING);
    };
  }, [listening, festivalId]);

  const connection = useConnection(listening ? live.performances : version);
  // Shown and up to date: the server said which bundle is current (or that none was announced yet), and it is on screen.
  const bundleFresh = heardFromServer && shownBuiltAt !== undefined && (announced === undefined || shownBuiltAt >= announced);
  const programme = bundle?.programme ?? null;
  const value = useUnchangedWhenEqual(
    useMemo(() => festivalState(festivalId, live, programme, connection, bundleFresh), [festivalId, live, programme, connection, bundleFresh]),
  );
  const wantListeners = useCallback(() => setStaffListening(true), []);

  return (
    <ListenersWanted.Provider value={wantListeners}>
      <FestivalContext.Provider value={value}>
        <ClockProvider timeZone={value.programme?.festival.timeZone ?? 'Europe/Amsterdam'}>{children}</ClockProvider>
      </FestivalContext.Provider>
    </ListenersWanted.Provider>
  );
}

/**
 * For staff pages: the programme through its collections' live listeners, so an edit shows
 * the moment it is made (and its pending state), rather than once the bundle is rebuilt. They
 * keep running for the rest of the visit.
 */
export function useProgrammeListeners(): void {
  const want = useContext(ListenersWanted);
  useEffect(() => want?.(), [want]);
}

/**
 * The previous state while the new one says the same, and the previous programme while it is
 * equal: when the listeners take over from the first paint, and with every snapshot that
 * changes only metadata, the pages keep what they rendered instead of rendering the whole
 * programme again.
 */
function useUnchangedWhenEqual(state: FestivalState): FestivalState {
  const previous = useRef(state);
  if (previous.current === state || sameData(previous.current, state)) return previous.current;
  // Only the connection or the cache flag changed: the same programme object, so the views
  // that take only the programme (memo'd) skip rendering it again.
  const programme = previous.current.programme && state.programme && sameData(previous.current.programme, state.programme) ? previous.current.programme : state.programme;
  previous.current = { ...state, programme };
  return previous.current;
}

/** The bundle to show first: the newer of the download and this device's copy; null without either. */
async function firstBundle(festivalId: string): Promise<ShownBundle | null> {
  const [downloaded, copy] = await Promise.all([programmeBundleBytes(festivalId), bundleCopy(festivalId)]);
  const newer = downloaded && newerBundle(downloaded, copy)!;
  if (newer) {
    await parsedInATaskOfItsOwn(newer);
    const shown = readBundle(newer, festivalId);
    if (shown) return shown;
  }
  return copy && readBundle(copy, festivalId);
}

/**
 * The bundle's JSON parsed (and kept for its buffer: bundle-file/bundle-elements.ts), then a
 * yield, so turning it into the programme is a task of its own: together, with the garbage
 * collection they cause, they were one task of 20-25 ms unthrottled on a first visit, four
 * times that on the phone Lighthouse emulates. Bytes that are not a bundle are left for
 * `readBundle` to report.
 */
async function parsedInATaskOfItsOwn(bytes: ArrayBuffer): Promise<void> {
  try {
    readBundleElementSpans(new Uint8Array(bytes));
  } catch {
    return;
  }
  await yieldToMain();
}

/** The bundle's programme and build time; null for bytes that are not a bundle. */
function readBundle(bytes: ArrayBuffer, festivalId: string): ShownBundle | null {
  try {
    const { programme, createTime } = readProgrammeBundle(new Uint8Array(bytes), festivalId);
    return { programme, builtAt: createTime.getTime(), bytes };
  } catch (error) {
    // Not a bundle (a proxy's error page, say): the listeners, which then start, show the programme.
    console.warn('The programme bundle could not be read.', error);
    return null;
  }
}

/** The festival's state, or null outside a FestivalProvider (a component shown alone in a test or a story). */
export function useFestivalIfProvided(): FestivalState | null {
  return useContext(FestivalContext);
}

export function useFestival(): FestivalState {
  const state = useContext(FestivalContext);
  if (!state) throw new Error('useFestival needs a FestivalProvider above it');
  return state;
}
