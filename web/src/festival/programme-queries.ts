import { firestorePaths, PROGRAMME_COLLECTIONS, PROGRAMME_ORDER, programmeQueryName, type ProgrammeCollection } from '@encore/model';
import { collection, doc, loadBundle, namedQuery, orderBy, query, type DocumentReference, type Firestore, type Query } from 'firebase/firestore';
import { yieldToMain } from '../app/yield-to-main';
import { programmeBundleBytes } from './bundle-file/fetch-bundle';
import { splitBundleByQuery, splitBundleParts } from './bundle-file/split-bundle';

/** What the festival's listeners listen to, and where their first data comes from. */
export interface ProgrammeQueries {
  festival: DocumentReference;
  stages: Query;
  artists: Query;
  performances: Query;
  /**
   * `bundle`: the queries are the bundle's named queries: their documents came with the
   * bundle (no billed reads) and their listeners ask the server only for what changed since
   * its read time. `firestore`: plain queries (no bundle: offline, or none served).
   */
  source: 'bundle' | 'firestore';
}

function plainQuery(firestore: Firestore, festivalId: string, name: ProgrammeCollection): Query {
  const path = { stages: firestorePaths.stages, artists: firestorePaths.artists, performances: firestorePaths.performances }[name](festivalId);
  const order = PROGRAMME_ORDER[name];
  return order ? query(collection(firestore, path), orderBy(order)) : collection(firestore, path);
}

/** The programme's queries without a bundle: each listener reads every document from the server. */
export function plainProgrammeQueries(firestore: Firestore, festivalId: string): ProgrammeQueries {
  return {
    festival: doc(firestore, firestorePaths.festival(festivalId)),
    stages: plainQuery(firestore, festivalId, 'stages'),
    artists: plainQuery(firestore, festivalId, 'artists'),
    performances: plainQuery(firestore, festivalId, 'performances'),
    source: 'firestore',
  };
}

/**
 * Loads the programme's data bundle into the local cache and answers its named queries. The
 * bytes are those the first paint read (bundle-file/fetch-bundle.ts: one download per page
 * load), loaded in parts, a named query with its documents at a time. A bundle this device
 * loaded before is skipped by the SDK (same id and build time), and the browser revalidates
 * the URL with its ETag, so a return visit downloads nothing new.
 * Any failure (offline, no bundle served, a bundle without the queries) falls back to the
 * plain queries: the app works the same, at the price of reading the programme from the server.
 */
export async function loadProgrammeQueries(
  firestore: Firestore,
  festivalId: string,
  bundleBytes: (festivalId: string) => Promise<ArrayBuffer | null> = programmeBundleBytes,
): Promise<ProgrammeQueries> {
  const plain = plainProgrammeQueries(firestore, festivalId);
  try {
    const bytes = await bundleBytes(festivalId);
    if (!bytes) return plain;
    // One named query and its documents at a time, with a breath between: see split-bundle.ts.
    await loadParts(firestore, splitBundleByQuery(new Uint8Array(bytes)));
    const [stages, artists, performances] = await Promise.all(
      (['stages', 'artists', 'performances'] as const).map((name) => namedQuery(firestore, programmeQueryName(festivalId, name))),
    );
    if (!stages || !artists || !performances) return plain;
    return { festival: plain.festival, stages, artists, performances, source: 'bundle' };
  } catch (error) {
    console.warn('The programme bundle did not load; reading the programme from Firestore.', error);
    return plain;
  }
}

/**
 * What a visitor's app keeps in the Firestore cache from the bundle: the parts the programme's
 * collections are not in, that is the festival and the venue map (the first part) and the info
 * pages, which the map and info pages read through Firestore, offline too. The programme itself
 * is shown from the bundle file (FestivalContext.tsx), so its 170-odd documents are not written
 * into IndexedDB on a phone's first visit (most of that visit's main-thread work: web/README.md,
 * "The first page"). A part already loaded is skipped by the SDK.
 */
export async function loadOfflineParts(firestore: Firestore, festivalId: string, bytes: Uint8Array): Promise<void> {
  const programme = new Set(PROGRAMME_COLLECTIONS.map((name) => programmeQueryName(festivalId, name)));
  const offline = splitBundleParts(bytes).filter((part) => !part.queries.some((name) => programme.has(name)));
  await loadParts(firestore, offline.map((part) => part.bytes));
}

/** Loads bundle parts one after the other, a task apart (split-bundle.ts: no single long task stores them all). */
async function loadParts(firestore: Firestore, parts: readonly Uint8Array[]): Promise<void> {
  for (const part of parts) {
    await loadBundle(firestore, inSlices(part));
    await yieldToMain();
  }
}

/** How much of a part the SDK reads (and parses) per task: see `inSlices`. */
const SLICE_BYTES = 8 * 1024;

/**
 * A part as a stream the SDK reads a slice at a time, a task apart: its reading and parsing
 * of the elements is then spread over short tasks too (given the whole buffer, it reads every
 * element in one task, copying what is left of its buffer after each one).
 */
function inSlices(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset > 0) await yieldToMain();
      controller.enqueue(bytes.subarray(offset, (offset += SLICE_BYTES)));
      if (offset >= bytes.length) controller.close();
    },
  });
}
