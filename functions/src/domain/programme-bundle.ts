/**
 * The festival's programme as a Firestore data bundle: what goes in it, under which names,
 * where it is kept and how it is served. Pure: no SDKs.
 *
 * Every visitor's first visit used to read the whole programme from Firestore (each stage,
 * artist and set a billed read), although it is the same for everyone and changes a few
 * times a day. The bundle carries those documents and named queries; the web app loads it
 * (no billed reads) and its listeners resume from the bundle's read time, so they read only
 * what changed since.
 */
import { createHash } from 'node:crypto';
import type { ProgrammeCollection } from '@encore/model';

export {
  PROGRAMME_COLLECTIONS,
  PROGRAMME_ORDER,
  INFO_PAGES_ORDER,
  infoPagesQueryName,
  programmeBundleId as bundleId,
  programmeQueryName as namedQueryName,
  programmeBundlePath as bundleUrlPath,
} from '@encore/model';
export type { ProgrammeCollection } from '@encore/model';

/** Where the latest bundle is kept (functions-only: storage.rules give clients no access to `bundles/`). */
export const bundleObjectPath = (festivalId: string): string => `bundles/${festivalId}/programme.bundle`;

/** `/bundles/{festivalId}/programme.bundle` -> the festival id, or null for anything else. */
export function festivalOfBundlePath(path: string): string | null {
  const match = /^\/bundles\/([a-z0-9][a-z0-9-]{0,79})\/programme\.bundle$/.exec(path.split('?')[0]!);
  return match ? match[1]! : null;
}

/**
 * Browsers revalidate after a minute (a 304 is cheap); Hosting's CDN keeps it five minutes
 * and may serve a stale copy for ten more while it fetches a new one. A bundle a few minutes
 * old costs only the reads of what changed since, which the listeners fetch anyway.
 */
export const BUNDLE_CACHE_CONTROL = 'public, max-age=60, s-maxage=300, stale-while-revalidate=600';

/** The bundle's version for `ETag`/`If-None-Match`: a digest of its bytes. */
export const bundleEtag = (bytes: Buffer): string => `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;

/**
 * When a bundle was built: its metadata's `createTime`, the first element of the bundle
 * (`<length><json>`). What `festivals/{f}/live/programme` announces, and what a web app
 * compares with the bundle it shows.
 */
export function bundleCreateTime(bytes: Buffer): Date {
  const digits = /^\d+/.exec(bytes.subarray(0, 20).toString('latin1'))?.[0];
  if (!digits) throw new Error('not a bundle: no length prefix');
  const element = JSON.parse(bytes.subarray(digits.length, digits.length + Number(digits)).toString('utf8')) as { metadata?: { createTime?: unknown } };
  const time = element.metadata?.createTime;
  if (typeof time === 'string') return new Date(time);
  if (time && typeof time === 'object') {
    const { seconds, nanos } = time as { seconds?: string | number; nanos?: number };
    return new Date(Number(seconds ?? 0) * 1000 + Math.floor((nanos ?? 0) / 1e6));
  }
  throw new Error('not a bundle: its metadata has no createTime');
}

/**
 * What the bundle carries and a write to which rebuilds it: the festival, its programme
 * collections, its venue map (`venue/map`) and its info pages (`info/{pageId}`), so all of
 * them are on a device after one online visit.
 */
export type BundledKind = ProgrammeCollection | 'festival' | 'venue' | 'info';

/**
 * The fields functions keep up to date on programme documents: counts change with every
 * favourite and photo, and are live in the app through its listeners; a change to them
 * alone does not rebuild the bundle (a periodic rebuild folds them in).
 */
export const LIVE_FIELDS: Readonly<Record<BundledKind, readonly string[]>> = {
  festival: [],
  venue: [],
  info: [],
  stages: [],
  artists: [],
  performances: ['favoriteCount', 'photoCount'],
};

/** Whether a write to a programme document changes what the bundle should hold beyond its live counts. */
export function isProgrammeEdit(kind: BundledKind, before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): boolean {
  if (!before || !after) return before !== after;
  const live = new Set(LIVE_FIELDS[kind]);
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    if (live.has(key)) continue;
    if (!sameValue(before[key], after[key])) return true;
  }
  return false;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  // Timestamps, arrays and maps: compared by their JSON form (key order is kept by Firestore).
  return JSON.stringify(a) === JSON.stringify(b);
}
