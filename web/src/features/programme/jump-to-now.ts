/**
 * "Now": brings the current time into view and moves focus to what plays now. Found in the
 * page as drawn (the timeline's "now" line, the sets' times), so the programme's own code
 * needs nothing of this until the festival is on and someone asks: it is loaded then.
 * The page scrolls (not an inner box), so the sticky bar and stage names stay put above.
 */

/** How far below the sticky bar the "now" line lands: a bit of what just began stays in view above it. */
const CONTEXT_SHARE = 0.2;

/** The bottom edge of the sticky bar once it sticks (its `top` plus its height). */
function stickyBottom(sticky: HTMLElement | null): number {
  if (!sticky) return 0;
  const top = Number.parseFloat(getComputedStyle(sticky).top);
  return (Number.isFinite(top) ? top : 0) + sticky.offsetHeight;
}

/**
 * The set to show and focus: the first one playing in the page's order (the leftmost stage
 * on the timeline, the earliest in the list), else the next to start. Cancelled sets never
 * play (they carry no `set-playing`) and are skipped as the next one.
 */
function setAtNow(root: HTMLElement, now: Date): HTMLElement | null {
  const playing = root.querySelector<HTMLElement>('.set-playing');
  if (playing) return playing;
  let next: { element: HTMLElement; at: number } | null = null;
  for (const element of root.querySelectorAll<HTMLElement>('[data-set-id]:not(.set-cancelled)')) {
    const at = Date.parse(element.querySelector('time')?.dateTime ?? '');
    if (at > now.getTime() && (!next || at < next.at)) next = { element, at };
  }
  return next?.element ?? null;
}

export function jumpToNow(page: { root: HTMLElement; sticky: HTMLElement | null; scroller: HTMLElement | null }, now: Date, options: { focus: boolean }): void {
  const below = stickyBottom(page.sticky);
  const nowLine = page.root.querySelector<HTMLElement>('[data-now-line]');
  const set = setAtNow(page.root, now);
  const anchor = nowLine ?? set;
  if (anchor) {
    const wanted = nowLine ? below + (window.innerHeight - below) * CONTEXT_SHARE : below + 8;
    window.scrollTo({ top: Math.max(0, window.scrollY + anchor.getBoundingClientRect().top - wanted), behavior: 'instant' });
  }
  if (set && page.scroller) {
    // Sideways, bring the set's column into view if it is not (keeping the hour axis visible).
    const box = set.getBoundingClientRect();
    const view = page.scroller.getBoundingClientRect();
    const axis = page.scroller.querySelector<HTMLElement>('.timeline-axis')?.offsetWidth ?? 0;
    if (box.left < view.left + axis || box.right > view.right) page.scroller.scrollLeft += box.left - view.left - axis;
  }
  if (options.focus) set?.querySelector<HTMLElement>('.set-name a')?.focus({ preventScroll: true });
}
