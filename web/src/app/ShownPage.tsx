import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { Router, Switch, useLocation, useRouter, useSearch, type BaseLocationHook } from 'wouter';
import { useValueAfterPaint } from './after-next-paint';

type Navigate = ReturnType<BaseLocationHook>[1];

const ShownPath = createContext<string | null>(null);
const ShownSearch = createContext<string | null>(null);
/** The pages' location hook's answer: the shown page's address (with the base) and the app's navigate. */
const ShownLocation = createContext<[string, Navigate] | null>(null);

/**
 * The address of the page on screen, as a wouter location hook for the pages inside. Every
 * wouter `Link` reads its router's location: with the browser's, every link of the page being
 * left (one a set on the programme) rendered again in the tap's own frame, which React cannot
 * defer (an external store's change is always rendered at once): ~70 ms at 4x CPU slowdown
 * before the map's tap could paint (bench/inp.ts). Read from here, they follow the page shown.
 */
function useShownLocation(): [string, Navigate] {
  const location = useContext(ShownLocation);
  if (location === null) throw new Error('useShownLocation is used inside <ShownPage> only');
  return location;
}

/** The search part of the address of the page on screen (a wouter `searchHook`). */
function useShownSearch(): string {
  const search = useContext(ShownSearch);
  if (search === null) throw new Error('useShownSearch is used inside <ShownPage> only');
  return search;
}

/**
 * The path of the page on screen: a moment behind the address while the next page renders
 * (ShownPage). Outside a ShownPage (a component's test), the address's.
 */
export function useShownPath(): string {
  const [live] = useLocation();
  return useContext(ShownPath) ?? live;
}

/**
 * Moving to another page answers the tap first and draws the page after: the navigation
 * (the tab marked current; from the More sheet, the sheet's close a frame before: TabBar.tsx)
 * paints at once, and the next page renders
 * after that paint, in the background where React can interrupt it, while the last one stays
 * on screen. Taking
 * the programme's whole timeline down and drawing the map in the tap's own frame held its next
 * paint for ~250 ms at 4x CPU slowdown (bench/inp.ts).
 *
 * The pages inside read the address they are drawn for: the page being left keeps its search
 * (its filters, a query) until the next one is in, and a page's own change of its search (a day
 * tab, a filter) reaches it at once, so it can answer that tap itself.
 */
export function ShownPage({ children }: { children: ReactNode }) {
  const [path, navigate] = useLocation();
  const search = useSearch();
  const { base, hrefs } = useRouter();
  // One value, so path and search always change together. A path never holds a "?".
  const shown = useValueAfterPaint(`${path}?${search}`);
  const shownPath = shown.slice(0, shown.indexOf('?'));
  const pageSearch = shownPath === path ? search : shown.slice(shown.indexOf('?') + 1);
  const location = useMemo(
    (): [string, Navigate] => [
      // wouter's paths: a path outside the base is "~" and the whole path; a hook answers whole paths.
      shownPath.startsWith('~') ? shownPath.slice(1) : base + shownPath,
      // The pages' router hands its navigate whole paths (with the base): "~" keeps the app's router from adding it again.
      (to: string, options?: Parameters<Navigate>[1]) => navigate(`~${to}`, options),
    ],
    [shownPath, base, navigate],
  );
  return (
    <ShownPath value={shownPath}>
      {/* The next page's chunk may still be loading (the last page stays meanwhile, where a
          first load shows "Loading…"): a bar at the top says so, drawn only if it takes a
          while (shell.css). Visual only: the navigation already marks the page asked for. */}
      {shownPath === path ? null : <div className="page-pending" aria-hidden="true" />}
      <ShownSearch value={pageSearch}>
        <ShownLocation value={location}>
          {/* A router with a hook of its own inherits nothing: the base and the links' addresses are passed on. */}
          <Router hook={useShownLocation} searchHook={useShownSearch} base={base} hrefs={hrefs}>
            {children}
          </Router>
        </ShownLocation>
      </ShownSearch>
    </ShownPath>
  );
}

/** The routes, matched against the page on screen (ShownPage): renders only when that changes. */
export function PageSwitch({ children }: { children: ReactNode }) {
  const path = useShownPath();
  return useMemo(() => <Switch location={path}>{children}</Switch>, [path, children]);
}
