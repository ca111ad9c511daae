import { homeAtLoad } from './home-route';

// Apart from home-route.ts, which every page runs at load: only `/` with nothing decided asks
// (app/HomePage.tsx), so the first page of a festival does not download this.

/** How long `/` waits for `site/settings` online before it opens what it would offline. */
export const ASK_HOME_TIMEOUT_MS = 4000;

/**
 * `/` online with nothing decided: `ask` (readHomeChoice), or, when it fails or takes longer
 * than `timeoutMs` (a connection that says online and carries nothing), what `/` opens
 * offline: the festival it opened last here, else the build's.
 */
export async function askHome(
  ask: () => Promise<{ kind: 'festival'; festivalId: string } | { kind: 'chooser' }>,
  offline: { remembered: string | null; build: string },
  timeoutMs = ASK_HOME_TIMEOUT_MS,
): Promise<{ kind: 'festival'; festivalId: string } | { kind: 'chooser' }> {
  const fallback = homeAtLoad({ hint: undefined, online: false, ...offline }) as { kind: 'festival'; festivalId: string };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<typeof fallback>((resolve) => {
    timer = setTimeout(() => resolve(fallback), timeoutMs);
  });
  try {
    return await Promise.race([ask().catch(() => fallback), late]);
  } finally {
    clearTimeout(timer);
  }
}
