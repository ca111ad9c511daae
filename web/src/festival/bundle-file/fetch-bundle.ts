import { programmeBundlePath } from '@encore/model';

/**
 * The one download of the festival's programme bundle per page load, shared by the first
 * paint (programme-of-bundle.ts, which reads it before the Firestore SDK is loaded) and the
 * SDK's `loadBundle` afterwards (programme-queries.ts), which gets the same bytes instead of
 * fetching the file again. main.tsx starts it before React renders; index.html preloads the
 * same URL (`<link rel="preload" as="fetch" crossorigin>`, vite/first-page.ts), which this
 * `fetch` (same origin, same credentials mode) picks up.
 *
 * Null when there is no bundle to be had (offline with nothing cached, a 404, a server
 * error): the programme then comes from Firestore's own cache or reads.
 */
let started: { festivalId: string; bytes: Promise<ArrayBuffer | null> } | undefined;

export function programmeBundleBytes(festivalId: string, fetchBundle: typeof fetch = fetch): Promise<ArrayBuffer | null> {
  if (started?.festivalId === festivalId) return started.bytes;
  const bytes = fetchBundle(programmeBundlePath(festivalId)).then(
    (response) => (response.ok ? response.arrayBuffer() : null),
    (error: unknown) => {
      console.warn('The programme bundle did not download; the programme comes from Firestore.', error);
      return null;
    },
  );
  started = { festivalId, bytes: bytes.catch(() => null) };
  return started.bytes;
}

/** Tests only: forgets the download, as a new page load would. */
export function forgetProgrammeBundleForTests(): void {
  started = undefined;
}

/**
 * Downloads the bundle `festivals/{f}/live/programme` announced (built at `announcedAt`, ms),
 * with `?v=<announcedAt>` so that no browser or CDN cache answers with an older file. A
 * bundle older than announced (a CDN or a server instance not there yet) is asked again a
 * few times, further apart each time. Null when it did not come (offline, a server error):
 * the app keeps the bundle it shows, and tries again when the listener reconnects.
 */
export async function fetchAnnouncedBundle(
  festivalId: string,
  announcedAt: number,
  builtAtOf: (bytes: ArrayBuffer) => number,
  { fetchBundle = fetch, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)), attempts = 4 }: { fetchBundle?: typeof fetch; sleep?: (ms: number) => Promise<void>; attempts?: number } = {},
): Promise<ArrayBuffer | null> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (attempt > 0) await sleep(1000 * 2 ** attempt);
    try {
      const response = await fetchBundle(`${programmeBundlePath(festivalId)}?v=${announcedAt}`);
      if (!response.ok) continue;
      const bytes = await response.arrayBuffer();
      if (builtAtOf(bytes) >= announcedAt) return bytes;
    } catch {
      // Offline or a broken response: the next attempt, or the next reconnection.
    }
  }
  return null;
}
