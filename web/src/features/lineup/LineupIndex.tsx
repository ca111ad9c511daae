import type { MouseEvent, ReactNode } from 'react';
import { defineMessages } from 'react-intl';

/**
 * The line-up's index: a sticky strip of links, one per letter (A-Z) or per day (by day), each
 * taking the reader to its section. A link moves the page and the focus (to the section's
 * heading), so a keyboard or screen reader user lands where a sighted one looks; the heading
 * lands just under the strip, not hidden by it.
 */
export interface IndexTarget {
  /** The id of the section heading the link goes to. */
  id: string;
  /** What the link says, and so its name ("B", "Fri 14"). */
  label: ReactNode;
}

/** Room between the strip and the heading it brings into view. */
const GAP_PX = 8;

/** The strip's bottom edge once it sticks (its `top` plus its height), wherever it is now. */
function stuckBottom(strip: HTMLElement | null): number {
  if (!strip) return 0;
  const top = Number.parseFloat(getComputedStyle(strip).top);
  return (Number.isFinite(top) ? top : 0) + strip.offsetHeight;
}

export function LineupIndex({ label, targets }: { label: string; targets: readonly IndexTarget[] }) {
  const jump = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const heading = document.getElementById(id);
    if (!heading) return;
    event.preventDefault();
    const below = stuckBottom(event.currentTarget.closest<HTMLElement>('.lineup-index'));
    window.scrollTo({ top: Math.max(0, window.scrollY + heading.getBoundingClientRect().top - below - GAP_PX), behavior: 'instant' });
    heading.focus({ preventScroll: true });
  };
  return (
    <nav className="lineup-index" aria-label={label}>
      <ul>
        {targets.map((target) => (
          <li key={target.id}>
            <a href={`#${target.id}`} onClick={(event) => jump(event, target.id)}>
              {target.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export const indexMessages = defineMessages({
  letters: { id: 'lineup.index.letters', defaultMessage: 'Jump to a letter' },
  days: { id: 'lineup.index.days', defaultMessage: 'Jump to a day' },
});
