/**
 * The moment a page first shows its content: the festival's data has arrived (or is known
 * to be missing or failing) and React has committed the page with it (app/FirstContentMark.tsx).
 * What the first screen does not need (the Firestore SDK and its listeners, the Auth SDK,
 * messaging, the service worker) waits for this moment, so it competes
 * neither for the phone's network nor for its main thread while the programme's sets are on
 * their way (web/README.md, "The first page").
 *
 * A page that never gets there (no network and nothing cached, say) must not keep those
 * parts away for ever: `afterFirstContent` also gives up waiting after `FALLBACK_MS`.
 */
import { yieldToMain } from './yield-to-main';

export const FALLBACK_MS = 5000;

let shown = false;
let painted = false;
const waiting = new Set<() => void>();
/** Content committed after the page's first commit that the moment still waits for (`holdFirstContent`). */
let holds = 0;
let markedWhileHeld = false;

/**
 * How long after the commit's second frame to wait for the browser's report of its paint,
 * when the browser reports paints (the content may not be larger than what showed before,
 * and then no report comes).
 */
export const PAINT_REPORT_GRACE_MS = 100;

/**
 * Keeps the moment back until the returned release is called: for a page that commits its
 * content in two steps (the programme: its header, then its sets a frame later), so that the
 * deferred downloads wait for the second. Call it before the page's first commit ends (in a
 * layout effect), as FirstContentMark marks the moment in a passive effect of that commit.
 * Released more than once, or after the moment, it does nothing.
 */
export function holdFirstContent(): () => void {
  let held = !shown && ++holds > 0;
  return () => {
    if (held && !(held = false) && !--holds && markedWhileHeld) markFirstContentShown();
  };
}

/** Called once the content is committed; later calls do nothing. */
export function markFirstContentShown(): void {
  if (shown) return;
  markedWhileHeld = holds > 0;
  if (markedWhileHeld) return;
  shown = true;
  const release = () => {
    if (painted) return;
    painted = true;
    observer?.disconnect();
    const queue = [...waiting];
    waiting.clear();
    void releaseInTurn(queue);
  };
  // Released once the browser has put that commit on the screen. Where it reports the paint
  // of the page's largest content (the largest-contentful-paint entries, which carry the time
  // the frame was presented): at that report. A frame can reach the screen well after its
  // requestAnimationFrame callbacks ran (two frames later, measured in Chromium): the deferred
  // downloads then started while the content was still on its way, and Lighthouse counted
  // them into the largest contentful paint.
  const committedAt = performance.now();
  const observer = observePaintsFrom(committedAt, () => setTimeout(release, 0));
  // Otherwise (no such reports, or none for this content): the frame that paints it, then the
  // next one, then a task after it; with reports, a grace period more.
  const afterFrames = () => setTimeout(release, observer ? PAINT_REPORT_GRACE_MS : 0);
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => requestAnimationFrame(afterFrames));
  else afterFrames();
}

/**
 * Each waiter in a task of its own: what each starts (an import, and Vite's modulepreload
 * links for the chunks it needs) ran in one task of ~30 ms unthrottled when all were released
 * together (the service worker's installer, the error fallbacks, the display face, the stores).
 */
async function releaseInTurn(queue: Array<() => void>): Promise<void> {
  for (const resolve of queue) {
    resolve();
    await yieldToMain();
  }
}

/** Calls `painted` at the first largest-contentful-paint entry presented at or after `since`; undefined where the browser has none. */
function observePaintsFrom(since: number, painted: () => void): PerformanceObserver | undefined {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return undefined;
  const observer = new PerformanceObserver((list) => {
    if (list.getEntries().some((entry) => entry.startTime >= since)) {
      observer.disconnect();
      painted();
    }
  });
  observer.observe({ type: 'largest-contentful-paint', buffered: true });
  return observer;
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
  holds = 0;
  markedWhileHeld = false;
  waiting.clear();
}
