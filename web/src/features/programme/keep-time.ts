/**
 * "List" and "Timeline" keep the time in view: the instant at the top of what shows (below
 * the sticky bar) is read before the switch and brought back to the same place after it.
 * From the page as drawn: the timeline's body carries its start (`data-starts-at`) and its
 * scale (`--px-per-minute`), each set its start (`<time dateTime>`). Loaded on the first
 * switch, so the programme's first page does not carry it.
 */

export interface ProgrammePage {
  root: HTMLElement;
  sticky: HTMLElement | null;
}

/** The bottom edge of the sticky bar, in the viewport. */
function stickyBottom(page: ProgrammePage): number {
  return page.sticky?.getBoundingClientRect().bottom ?? 0;
}

function timelineScale(page: ProgrammePage): { body: HTMLElement; startsAt: number; pxPerMinute: number } | null {
  const body = page.root.querySelector<HTMLElement>('[data-starts-at]');
  if (!body) return null;
  const pxPerMinute = Number.parseFloat(getComputedStyle(body).getPropertyValue('--px-per-minute'));
  const startsAt = Date.parse(body.dataset['startsAt'] ?? '');
  return Number.isFinite(pxPerMinute) && pxPerMinute > 0 && Number.isFinite(startsAt) ? { body, startsAt, pxPerMinute } : null;
}

const setStart = (card: Element) => Date.parse(card.querySelector('time')?.dateTime ?? '');

/** The instant at the top of what shows, or null when the page is not scrolled into the day (nothing to keep). */
export function timeAtTop(page: ProgrammePage): number | null {
  const top = stickyBottom(page);
  const timeline = timelineScale(page);
  if (timeline) {
    const offset = top - timeline.body.getBoundingClientRect().top;
    return offset <= 0 ? null : timeline.startsAt + (offset / timeline.pxPerMinute) * 60_000;
  }
  const cards = [...page.root.querySelectorAll('[data-set-id]')];
  if (cards.length === 0 || cards[0]!.getBoundingClientRect().top >= top) return null;
  const first = cards.find((card) => card.getBoundingClientRect().bottom > top);
  return first ? setStart(first) : null;
}

/** Scrolls the page so `instant` is at the top of what shows: the timeline at that minute, the list at the first set starting then (within a minute) or later. */
export function scrollToTime(page: ProgrammePage, instant: number): void {
  const top = stickyBottom(page);
  const timeline = timelineScale(page);
  let target: number | null = null;
  if (timeline) {
    target = timeline.body.getBoundingClientRect().top + ((instant - timeline.startsAt) / 60_000) * timeline.pxPerMinute;
  } else {
    const cards = [...page.root.querySelectorAll('[data-set-id]')];
    // Within a minute: the timeline's scale is about a pixel a minute, so it cannot say a time closer than that.
    const card = cards.find((candidate) => setStart(candidate) > instant - 60_000) ?? cards[cards.length - 1];
    // Half the list's gap above the card: a little air, and the set before it stays out of view.
    if (card) target = card.getBoundingClientRect().top - (Number.parseFloat(getComputedStyle(card.closest('ol') ?? card).rowGap) || 0) / 2;
  }
  if (target !== null) window.scrollTo({ top: Math.max(0, window.scrollY + target - top), behavior: 'instant' });
}
