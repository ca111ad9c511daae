import { createHash } from 'node:crypto';
import { festivalDays, festivalSchema, firestorePaths, homeFestival, performanceSchema, siteSettingsSchema, type Festival } from '@encore/model';
import { festivalBasePath, firstPageAddress, renderFirstPage, withHomeChoice } from '../domain/first-page.js';
import { NO_BRAND } from '../domain/brand-links.js';
import { notModified } from '../domain/content-encoding.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { readBrandLinks } from './festival-brand.js';

/**
 * Browsers revalidate every time (a new release's shell names new asset files); the CDN keeps
 * a page a minute, so an organiser's edit of the venue shows within a minute and a crowd
 * opening the app costs a festival read a minute, not one per visitor. A deploy clears the
 * CDN's copies.
 */
export const FIRST_PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate, s-maxage=60';

export interface FirstPageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The festival the shell was built for: `<meta name="encore-festival">`, written by the web build (web/vite/first-page.ts). */
export function festivalIdOfShell(shell: string): string | null {
  return /<meta name="encore-festival" content="([\w-]{1,100})"/.exec(shell)?.[1] ?? null;
}

/**
 * `GET /` and `GET /f/{festivalId}[/]` (Hosting rewrites; `vite preview` proxies them on the
 * emulators): the web app's shell with the programme's header written in, and the festival's
 * name, look (its own icons and logo, `festivals/{f}/brand/*`) and link previews in its head
 * (domain/first-page.ts); the ETag is the page's, so a new icon or logo is a new page.
 * `/f/{festivalId}` is that festival; `/` is the home festival (@encore/model's `homeFestival`:
 * the one a project admin chose in `site/settings` if it exists, else the one the shell was
 * built for, `<meta name="encore-festival">`, if it exists, else none), with `<meta
 * name="encore-home">` naming it, or naming none for the chooser: another festival than the
 * shell's is written as at its own address (links, manifest and preview under
 * `/f/{festivalId}`), the shell's own keeps the unprefixed ones, as before; the app at `/`
 * opens what the page names (web/src/config/home-route.ts). The choice is in the body, so the
 * ETag changes with it and the CDN's copy follows a new default within its minute.
 * `readShell` gets the shell from the web app's own origin, so the page always names the
 * asset files deployed with it; `origin` is the app's public address, for the page's
 * absolute links.
 *
 * A festival that does not exist at its own address, or an address that names no festival,
 * is the shell as it is with a 404 (the app says there is no festival there). A festival
 * that cannot be read leaves the shell as it is (the app says what is wrong); a shell that
 * cannot be fetched is a 502, since there is no page to give.
 */
export async function handleFirstPage(
  deps: Pick<Deps, 'docs' | 'now' | 'settings'>,
  request: { method: string; path: string; origin: string; ifNoneMatch: string | undefined },
  readShell: () => Promise<string>,
): Promise<FirstPageAnswer> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, body: 'Method not allowed\n' };
  }
  let shell: string;
  try {
    shell = await readShell();
  } catch (error) {
    logs.firstPageShellUnavailable({ error: String(error) });
    return { status: 502, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', 'retry-after': '5' }, body: 'The app could not be loaded. Try again in a moment.\n' };
  }
  const address = firstPageAddress(request.path);
  if (address.kind === 'none') return page(404, shell, request.ifNoneMatch);
  const read = festivalReader(deps);
  let festivalId: string | null;
  if (address.kind === 'festival') festivalId = address.festivalId;
  else {
    // `/`: the home festival. A festival that cannot be read leaves the choice to the app.
    try {
      const choice = await homeFestival({ chosen: await chosenHomeFestival(deps), build: festivalIdOfShell(shell) }, async (id) => (await read(id)) !== null);
      festivalId = choice.kind === 'festival' ? choice.festivalId : null;
      shell = withHomeChoice(shell, festivalId);
    } catch {
      return page(200, shell, request.ifNoneMatch);
    }
    if (!festivalId) return page(200, shell, request.ifNoneMatch);
  }
  const now = deps.now();
  let festival: Festival | null = null;
  let unreadable = false;
  let countdown: { firstSetAt: Date; now: Date } | undefined;
  let brand = NO_BRAND;
  if (festivalId) {
    try {
      festival = await read(festivalId);
    } catch {
      unreadable = true;
    }
    // Whatever this server's clock says: the page shows it by the visitor's (a one-document read).
    // Without it the header goes out all the same, and the app adds the countdown.
    if (festival) {
      const [first, links] = await Promise.all([
        firstSetAt(deps, festivalId, festival).catch((error: unknown) => {
          logs.firstPageCountdownUnreadable({ festivalId, error: String(error) });
          return undefined;
        }),
        readBrandLinks(deps, festivalId),
      ]);
      if (first) countdown = { firstSetAt: first, now };
      brand = links;
    }
  }
  if (address.kind === 'festival' && !festival && !unreadable) return page(404, shell, request.ifNoneMatch);
  // `/` as the shell's own festival keeps the unprefixed addresses, which are that festival's
  // (the app stays at `/` for it); any other festival is written as at its own address.
  const atItsOwnAddress = festivalId !== null && (address.kind === 'festival' || festivalId !== festivalIdOfShell(shell));
  const place = { origin: request.origin, base: atItsOwnAddress ? festivalBasePath(festivalId) : '' };
  return page(200, renderFirstPage(shell, festival, countdown, place, brand), request.ifNoneMatch);
}

/** Reads each festival once per request (`/` asks whether it exists, then renders it); a read that fails is logged and thrown. */
function festivalReader(deps: Pick<Deps, 'docs'>): (festivalId: string) => Promise<Festival | null> {
  const reads = new Map<string, Promise<Festival | null>>();
  return (festivalId) => {
    let read = reads.get(festivalId);
    if (!read) {
      read = deps.docs.get(firestorePaths.festival(festivalId), festivalSchema).then(
        (festival) => festival ?? null,
        (error: unknown) => {
          logs.firstPageFestivalUnreadable({ festivalId, error: String(error) });
          throw error;
        },
      );
      reads.set(festivalId, read);
    }
    return read;
  };
}

/** `site/settings`' default festival; none when it cannot be read (logged): `/` then opens the build's, as with no choice. */
async function chosenHomeFestival(deps: Pick<Deps, 'docs'>): Promise<string | null> {
  try {
    return (await deps.docs.get(firestorePaths.siteSettings(), siteSettingsSchema))?.defaultFestivalId ?? null;
  } catch (error) {
    logs.firstPageSettingsUnreadable({ error: String(error) });
    return null;
  }
}

/**
 * The page with its ETag, cacheable as `FIRST_PAGE_CACHE_CONTROL` says (a 404 too: a festival
 * created since shows within the minute); a revalidation of an unchanged 200 is a 304. A 404
 * is always sent whole (its ETag is for the gzip the trigger keeps).
 */
function page(status: 200 | 404, body: string, ifNoneMatch: string | undefined): FirstPageAnswer {
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': FIRST_PAGE_CACHE_CONTROL, etag };
  if (status === 200 && notModified(ifNoneMatch, etag)) return { status: 304, headers, body: '' };
  return { status, headers, body };
}

/**
 * When the music starts, as the app counts down to it (web/src/features/programme/
 * FestivalState.tsx): the first set that is not cancelled, else the first festival day. One
 * document (index: performances by status, startsAt).
 */
async function firstSetAt(deps: Pick<Deps, 'docs'>, festivalId: string, festival: Festival): Promise<Date> {
  const [first] = await deps.docs.query({ collection: firestorePaths.performances(festivalId), where: [['status', '==', 'scheduled']], oldestFirst: 'startsAt', limit: 1 }, performanceSchema);
  return first?.data.startsAt ?? festivalDays(festival)[0]!.startsAt;
}
