/**
 * The programme's Firestore data bundle as functions build it and the web app loads it:
 * its URL, its id and its named queries. One place, so the queries the app listens to are
 * the very ones the bundle carries (a listener on a named query starts from the bundle's
 * documents and read time, and reads only what changed since).
 */

/** The collections of a festival that make up its programme (with the festival document itself). */
export const PROGRAMME_COLLECTIONS = ['stages', 'artists', 'performances'] as const;
export type ProgrammeCollection = (typeof PROGRAMME_COLLECTIONS)[number];

/** The field each collection's query is ordered by (none for artists, which the app indexes by id). */
export const PROGRAMME_ORDER: Readonly<Record<ProgrammeCollection, string | null>> = { stages: 'order', artists: null, performances: 'startsAt' };

/** The named query of one programme collection of a festival. */
export const programmeQueryName = (festivalId: string, collection: ProgrammeCollection): string => `programme/${festivalId}/${collection}`;

/**
 * What else travels in the bundle, so a first offline open has it after one online visit:
 * the info pages, as a named query ordered by `order`, and the venue map document
 * (`festivals/{f}/venue/map`). Neither is part of the first paint; the app reads them from
 * Firestore's cache, which the bundle fills.
 */
export const infoPagesQueryName = (festivalId: string): string => `programme/${festivalId}/info`;
export const INFO_PAGES_ORDER = 'order';

/** The bundle's id: the SDK skips a bundle whose id and build time it has loaded already. */
export const programmeBundleId = (festivalId: string): string => `programme-${festivalId}`;

/** The bundle's same-origin URL path (a Hosting rewrite to the `programmeBundle` function; Vite proxies it locally). */
export const programmeBundlePath = (festivalId: string): string => `/bundles/${festivalId}/programme.bundle`;
