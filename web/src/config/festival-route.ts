/**
 * Which festival an address shows (issue 35): `/f/{festivalId}/...` shows that festival, and
 * the router's base becomes `/f/{festivalId}`, so every route and link of the app works under
 * it unchanged; any other address shows the build's default festival (`VITE_FESTIVAL_ID`, else
 * `encore-2026`) with no base, so the addresses of a one-festival build keep working. Switching
 * festival is a full navigation: the festival is read once, when the page loads
 * (firebase-config.ts), and everything per festival keys on it.
 */

/** A festival id as it may stand in an address (and as `festivals/{id}` is named: @encore/model's slug). */
export const FESTIVAL_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,79}$/;

const PREFIXED = /^\/f\/([^/]+)(\/.*)?$/;
const TOP_LEVEL = /^\/(festivals|organiser)(\/|$)/;

export interface FestivalRoute {
  festivalId: string;
  /** wouter's base: `/f/{festivalId}`, or `''` for an address without the prefix. */
  base: string;
}

/**
 * The festival and router base of `pathname`. A prefix whose id is not a valid festival id is
 * no festival prefix: the address stays under the default festival (where it is not found).
 */
export function festivalRoute(pathname: string, buildDefault: string): FestivalRoute {
  const id = PREFIXED.exec(pathname)?.[1];
  return id && FESTIVAL_ID_PATTERN.test(id) ? { festivalId: id, base: `/f/${id}` } : { festivalId: buildDefault, base: '' };
}

/** The address of a festival's programme (a full navigation from another festival's pages). */
export function festivalHref(festivalId: string): string {
  return `/f/${festivalId}/`;
}

/** Whether `pathname` is one of the pages outside any festival: the chooser (`/festivals`) and the organisers' console (`/organiser`, with its sub-routes). */
export function isTopLevelPage(pathname: string): boolean {
  return TOP_LEVEL.test(pathname);
}
