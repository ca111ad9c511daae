import { browserStorage } from '../app/browser-storage';
import { buildConfig } from './build-config';
import { festivalRoute, isTopLevelPage, type FestivalRoute } from './festival-route';
import { openHomeAtLoad } from './home-route';
import type { AppConfig } from './read-config';

// How the configuration is read: read-config.ts (the build reads it: build-config.ts).
export type { AppConfig, EmulatorPorts, Env } from './read-config';

/**
 * The page's address, where there is one (none in Node tests); `/` already followed to the
 * festival (or chooser) it opens when that is known now, else still `/` (config/home-route.ts).
 * The service worker imports this module too: it has a `location` (its script's) but no
 * window, and decides nothing.
 */
const opened =
  typeof window === 'undefined'
    ? { pathname: typeof location === 'undefined' ? '/' : location.pathname, asking: false }
    : openHomeAtLoad(window, browserStorage(), buildConfig.festivalId);
const pathname = opened.pathname;

/** The build's festival (`VITE_FESTIVAL_ID`, else `encore-2026`): what an address without `/f/{festivalId}` shows. */
export const buildFestivalId = buildConfig.festivalId;

/** The festival and router base of this page's address, read once: switching festival is a full navigation. */
export const appRoute: FestivalRoute & { topLevel: boolean } = {
  ...festivalRoute(pathname, buildConfig.festivalId),
  // `/` still to be decided is a page outside any festival (HomePage asks, then follows).
  topLevel: isTopLevelPage(pathname) || opened.asking,
};

export const appConfig: AppConfig = { ...buildConfig, festivalId: appRoute.festivalId };
