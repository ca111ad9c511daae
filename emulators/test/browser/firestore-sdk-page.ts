/**
 * Node side of `pages/firestore-sdk.ts`: its entry path and helpers that wait for listener
 * events. Suites start a harness on FIRESTORE_SDK_PAGE and call the page's functions.
 */
import { fileURLToPath } from 'node:url';
import type { BrowserHarness } from './index.js';
import type { ConnectOptions, PageEvent, WriteOutcome } from './pages/firestore-sdk.js';

export type { ConnectOptions, PageEvent, WriteOutcome };

export const FIRESTORE_SDK_PAGE = fileURLToPath(new URL('./pages/firestore-sdk.ts', import.meta.url));

/**
 * Reads a listener's events until one satisfies `accept`, and returns it; throws with the
 * events seen when none does within `timeoutMs`.
 */
export async function waitForEvent(
  harness: BrowserHarness,
  listenerId: string,
  accept: (event: PageEvent) => boolean,
  timeoutMs = 15_000,
): Promise<PageEvent> {
  const seen: PageEvent[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const event = await harness.call<PageEvent | null>('nextEvent', listenerId, Math.max(1, deadline - Date.now()));
    if (event === null) break;
    if (accept(event)) return event;
    seen.push(event);
  }
  throw new Error(`No matching event from listener ${listenerId} within ${timeoutMs} ms; saw ${JSON.stringify(seen)}`);
}
