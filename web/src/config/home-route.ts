import { FESTIVAL_ID_PATTERN, festivalHref } from './festival-route';

/**
 * What `/` opens (issue 35; @encore/model's `homeFestival`, docs/data-contract.md
 * `site/settings`): the festival a project admin chose, else the build's, else the chooser.
 *
 * Decided before anything renders, from what the page already knows, so `/` costs nothing
 * more than a festival's own address whenever it can:
 * - the `firstPage` function wrote the decision into the page (`<meta name="encore-home">`:
 *   a festival id, or empty for the chooser): followed as it is;
 * - a page without it (the service worker's shell, Vite's dev server) while offline: the
 *   festival `/` opened last on this device, else the build's; the visitor who opened `/`
 *   before gets the same festival offline;
 * - a page without it while online: asked (HomePage reads `site/settings`), then followed.
 * A festival's address visited since (`/f/x/`) is no memory of `/`: `/` opens the admin's
 * choice, which is what a shared link to `/` promises everyone.
 *
 * Following is `history.replaceState` to `/f/{festivalId}/` (or `/festivals`), keeping the
 * query and fragment, so the app routes under the festival's prefix as if it had been opened
 * there, and a reload or a shared address keeps the festival. The build's own festival stays
 * at `/`, as every address without the prefix shows it (config/festival-route.ts), so its
 * links and older bookmarks keep their form.
 */
export const HOME_META = 'encore-home';
/** localStorage: the festival `/` opened last on this device. */
export const REMEMBERED_HOME_KEY = 'encore:home-festival';

export type HomeAtLoad = { kind: 'festival'; festivalId: string } | { kind: 'chooser' } | { kind: 'ask' };

export interface HomeClues {
  /** The page's `<meta name="encore-home">` content: undefined without the tag, '' for the chooser. */
  hint: string | undefined;
  online: boolean;
  remembered: string | null;
  /** The build's festival (`VITE_FESTIVAL_ID`, else `encore-2026`). */
  build: string;
}

export function homeAtLoad({ hint, online, remembered, build }: HomeClues): HomeAtLoad {
  if (hint !== undefined) return FESTIVAL_ID_PATTERN.test(hint) ? { kind: 'festival', festivalId: hint } : { kind: 'chooser' };
  if (online) return { kind: 'ask' };
  return { kind: 'festival', festivalId: remembered && FESTIVAL_ID_PATTERN.test(remembered) ? remembered : build };
}

/** Where `/` goes: the festival's programme (or the chooser), with the query and fragment `/` was opened with. */
export function homeHref(choice: { kind: 'festival'; festivalId: string } | { kind: 'chooser' }, search = '', hash = ''): string {
  return `${choice.kind === 'festival' ? festivalHref(choice.festivalId) : '/festivals'}${search}${hash}`;
}

export interface HomeWindow {
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  history: Pick<History, 'replaceState'>;
  navigator: Pick<Navigator, 'onLine'>;
  document: Pick<Document, 'querySelector'>;
}

/** The path the app routes, and whether it is `/` still to be decided (HomePage asks). */
export interface OpenedHome {
  pathname: string;
  asking: boolean;
}

/**
 * At `/`, follows what can be decided now (`homeAtLoad`): another festival's or the chooser's
 * address, or `/` itself for the build's festival. Elsewhere, the path as it is.
 */
export function openHomeAtLoad(win: HomeWindow, storage: Storage | null, build: string): OpenedHome {
  const { pathname, search, hash } = win.location;
  if (pathname !== '/') return { pathname, asking: false };
  const hint = win.document.querySelector(`meta[name="${HOME_META}"]`)?.getAttribute('content') ?? undefined;
  const choice = homeAtLoad({ hint, online: win.navigator.onLine, remembered: readRemembered(storage), build });
  if (choice.kind === 'ask') return { pathname, asking: true };
  rememberHome(storage, choice);
  if (choice.kind === 'festival' && choice.festivalId === build) return { pathname, asking: false };
  const href = homeHref(choice, search, hash);
  win.history.replaceState(null, '', href);
  return { pathname: href.replace(/[?#].*$/, ''), asking: false };
}

function readRemembered(storage: Storage | null): string | null {
  try {
    return storage?.getItem(REMEMBERED_HOME_KEY) ?? null;
  } catch {
    return null;
  }
}

/** Keeps the festival `/` opened for the next offline visit; the chooser forgets it. */
export function rememberHome(storage: Storage | null, choice: { kind: 'festival'; festivalId: string } | { kind: 'chooser' }): void {
  try {
    if (choice.kind === 'festival') storage?.setItem(REMEMBERED_HOME_KEY, choice.festivalId);
    else storage?.removeItem(REMEMBERED_HOME_KEY);
  } catch {
    // Storage full or refused: the next offline visit opens the build's festival.
  }
}

/** The festival `/` opened last on this device, if any. */
export function rememberedHome(storage: Storage | null): string | null {
  return readRemembered(storage);
}
