/**
 * "Now": brings the current time into view and moves focus to what plays now. The page
 * scrolls (not an inner box), so the sticky toolbar and stage names stay put above it.
 */

/** How far below the sticky bar the "now" line lands: a bit of what just began stays in view above it. */
const CONTEXT_SHARE = 0.2;

/** The bottom edge of the sticky toolbar once it sticks (its `top` plus its height). */
function stickyBottom(sticky: HTMLElement | null): number {
  if (!sticky) return 0;
  const top = Number.parseFloat(getComputedStyle(sticky).top);
  return (Number.isFinite(top) ? top : 0) + sticky.offsetHeight;
}

export interface JumpTargets {
  /** The sticky toolbar (and stage names) the content scrolls under. */
  sticky: HTMLElement | null;
  /** The timeline's sideways scroller, when the timeline is shown. */
  scroller: HTMLElement | null;
  /** The "now" line on the timeline; absent in the list view. */
  nowLine: HTMLElement | null;
  /** The set to show and focus: the first one playing, else the next to start. */
  set: HTMLElement | null;
}

export function jumpToNow({ sticky, scroller, nowLine, set }: JumpTargets, options: { focus: boolean }): void {
  const below = stickyBottom(sticky);
  const anchor = nowLine ?? set;
  if (anchor) {
    const room = window.innerHeight - below;
    const wanted = nowLine ? below + room * CONTEXT_SHARE : below + 8;
    window.scrollTo({ top: Math.max(0, window.scrollY + anchor.getBoundingClientRect().top - wanted), behavior: 'instant' });
  }
  if (set && scroller) {
    // Sideways, bring the set's column into view if it is not (keeping the hour axis visible).
    const box = set.getBoundingClientRect();
    const view = scroller.getBoundingClientRect();
    const axis = scroller.querySelector<HTMLElement>('.timeline-axis')?.offsetWidth ?? 0;
    if (box.left < view.left + axis || box.right > view.right) scroller.scrollLeft += box.left - view.left - axis;
  }
  if (options.focus) set?.querySelector<HTMLElement>('.set-name a')?.focus({ preventScroll: true });
}
