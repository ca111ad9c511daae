import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { artistSchema, calendarSecretSchema, favoriteSchema, festivalSchema, firestorePaths, performanceSchema, stageSchema, userPreferencesSchema } from '@encore/model';
import { calendarOptionsFor, scheduleCalendar, type CalendarSet } from '@encore/model/calendar';
import type { ZodType } from 'zod';
import { newCalendarToken } from '../domain/calendar.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { RequestError, type Caller } from './request-error.js';

/** The secret behind a person's feed URL; only functions read or write it. */
export const calendarSecretPath = (uid: string) => `users/${uid}/private/calendar`;

const linkInput = z.object({ action: z.enum(['get', 'rotate', 'revoke']).default('get') }).strict();

/**
 * Gives a signed-in person their feed token (creating it once), a new one (`rotate`:
 * the old URL stops working), or none (`revoke`).
 */
export async function handleCalendarLink(deps: Pick<Deps, 'docs' | 'now'>, caller: Caller | undefined, data: unknown): Promise<{ token: string | null }> {
  if (!caller) throw new RequestError('unauthenticated', 'Sign in first.');
  const input = linkInput.safeParse(data ?? {});
  if (!input.success) throw new RequestError('invalid-argument', 'action must be "get", "rotate" or "revoke"');
  const path = calendarSecretPath(caller.uid);
  return deps.docs.transaction(async (tx) => {
    const current = await tx.get(path, calendarSecretSchema);
    if (input.data.action === 'revoke') {
      tx.delete(path);
      return { token: null };
    }
    if (input.data.action === 'get' && current) return { token: current.token };
    const token = newCalendarToken();
    tx.set(path, { token, createdAt: deps.now() });
    return { token };
  });
}

export interface FeedResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * A uid as Firebase Auth makes them (28 letters and digits; custom uids of letters, digits,
 * `_` and `-`), which is also always a valid Firestore document id: no `/`, never `.` or `..`,
 * never `__…__` (Firestore reserves those).
 */
function isFeedUid(uid: unknown): uid is string {
  return typeof uid === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(uid) && !/^__.*__$/.test(uid);
}

/** A token as `newCalendarToken` makes them (base64url), within the stored secret's bounds. */
function isFeedToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(token);
}

const notFound: FeedResponse = { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'No such calendar.\n' };

/**
 * Serves `?uid=…&token=…` as an iCalendar feed of that person's favourites, in their
 * language and with their reminder (`users/{uid}`), through the same mapper as the web
 * app's download. A wrong, rotated or revoked token is a plain 404 (whether the person
 * exists is not revealed).
 */
export async function handleCalendarFeed(deps: Pick<Deps, 'docs' | 'settings'>, query: { uid?: unknown; token?: unknown }): Promise<FeedResponse> {
  const { uid, token } = query;
  // Checked before any read: an id Firestore refuses (`.`, `..`, `__x__`) would make the read
  // throw, a 500 and an ERROR anyone could cause; any odd id is just another wrong URL.
  if (!isFeedUid(uid) || !isFeedToken(token)) return notFound;
  const secret = await deps.docs.get(calendarSecretPath(uid), calendarSecretSchema);
  if (!secret || !sameSecret(secret.token, token)) return notFound;

  const [favorites, preferences] = await Promise.all([
    deps.docs.query({ collection: firestorePaths.favorites(uid) }, favoriteSchema),
    deps.docs.get(firestorePaths.userPreferences(uid), userPreferencesSchema),
  ]);
  // Many favourites share a festival, artist or stage: each document is read once.
  const lookups = new Map<string, Promise<unknown>>();
  const lookup = <T>(path: string, schema: ZodType<T>): Promise<T | undefined> => {
    if (!lookups.has(path)) lookups.set(path, deps.docs.get(path, schema));
    return lookups.get(path) as Promise<T | undefined>;
  };
  const sets = await Promise.all(
    favorites.map(async ({ id, data: { festivalId, priority } }): Promise<CalendarSet | null> => {
      const performance = await lookup(firestorePaths.performance(festivalId, id), performanceSchema);
      if (!performance) return null;
      const [festival, artist, stage] = await Promise.all([
        lookup(firestorePaths.festival(festivalId), festivalSchema),
        lookup(firestorePaths.artist(festivalId, performance.artistId), artistSchema),
        lookup(firestorePaths.stage(festivalId, performance.stageId), stageSchema),
      ]);
      return { performanceId: id, festivalId, festival: festival ?? { name: festivalId, venue: '' }, performance, artist, stage, priority };
    }),
  );
  const body = scheduleCalendar(
    sets.filter((set): set is CalendarSet => set !== null),
    calendarOptionsFor(preferences, 'en', deps.settings.appUrl),
  );
  logs.calendarServed({ uid, sets: favorites.length });
  return {
    status: 200,
    // Calendar apps poll; a few minutes of caching is plenty and keeps reads down.
    headers: { 'content-type': 'text/calendar; charset=utf-8', 'cache-control': 'private, max-age=300', 'content-disposition': 'inline; filename="encore.ics"' },
    body,
  };
}
