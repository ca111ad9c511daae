/**
 * The moment a page first shows its content: the festival's data has arrived (or is known
 * to be missing or failing) and React has committed the page with it (app/FirstContentMark.tsx).
 * What the first screen does not need (the Firestore SDK and its listeners, the Auth SDK and
 * the anonymous sign-in, messaging, the service worker) waits for this moment, so it competes
 * neither for the phone's network nor for its main thread while the programme's sets are on
 * their way (web/README.md, "The first page").
 *
 * A page that never gets there (no network and nothing cached, say) must not keep those
 * parts away for ever: `afterFirstContent` also gives up waiting after `FALLBACK_MS`.
 */
export const FALLBACK_MS = 5000;

let shown = false;
let painted = false;
const waiting = new Set<() => void>();

/** Called once the content is committed; later calls do nothing. */
export function markFirstContentShown(): void {
  if (shown) return;
  shown = true;
  // After the browser has presented that commit: the frame that paints it, then the next one
  // (whose start means the first was handed to the screen), then a task after it. With one
  // frame only, the deferred downloads started while the paint was still on its way to the
  // screen, and competed with it (Lighthouse counted them into the largest contentful paint).
  const release = () => {
    painted = true;
    for (const resolve of waiting) resolve();
    waiting.clear();
  };
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(release, 0)));
  else setTimeout(release, 0);
}

/** Resolves once the first content has been painted, or after `fallbackMs` at the latest. */
export function afterFirstContent(fallbackMs = FALLBACK_MS): Promise<void> {
  if (painted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      waiting.delete(done);
      resolve();
    };
    const timer = setTimeout(done, fallbackMs);
    waiting.add(done);
  });
}

/** Tests only: forgets the moment, as a new page load would. */
export function resetFirstContentForTests(): void {
  shown = false;
  painted = false;
  waiting.clear();
}
