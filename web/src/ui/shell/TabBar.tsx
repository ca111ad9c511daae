import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { afterNextPaint } from '../../app/after-next-paint';
import { Icon } from '../icons';
import { NavLink } from '../NavLink';
import { PRIMARY, isCurrent, labels, type Badges, type Section } from './sections';

// The sheet (react-aria's modal dialog) loads on the first tap: the programme page's first
// download stays free of it.
const MoreSheet = lazy(() => import('./MoreSheet'));

type SheetState = 'closed' | 'open';

/**
 * Phones: a bottom tab bar within thumb reach. Four sections and "More" (Upload, Account,
 * Staff, language and theme); "More" is marked current while one of its pages is open.
 */
export function TabBar({ secondary, badges = {} }: { secondary: Section[]; badges?: Badges }) {
  const intl = useIntl();
  const [location] = useLocation();
  const [sheet, setSheet] = useState<SheetState>('closed');
  const moreButton = useRef<HTMLButtonElement>(null);
  const overlay = useRef<HTMLDivElement>(null);
  const inMore = secondary.some((section) => isCurrent(location, section));
  // What to do once the sheet is gone (a section's link: go there).
  const afterClose = useRef<(() => void) | undefined>(undefined);
  const closing = useRef(false);
  // A close is painted before the sheet unmounts. Unmounting it takes react-aria's `inert` off
  // the page behind (the whole programme's style recalculated: 22-98 ms traced at 4x CPU
  // slowdown on the loaded 2-core box, bench/inp.ts) and moves the focus (more style and a
  // frame's callback): in the tap's own frame that held its paint. So the tap only puts the
  // sheet out of sight and out of reach (its closing class, set on the element: no React
  // render in that frame either, 26 ms traced when it was state), and the sheet unmounts after
  // that paint. The page stays inert until then, a frame at most, under a sheet that takes no taps.
  // One function for the sheet's life: its contents re-render only when they change (MoreSheet).
  const closeSheet = useCallback((then?: () => void) => {
    if (then) afterClose.current = then;
    if (closing.current) return;
    closing.current = true;
    // Not rendered by React: its className prop stays as it was, so a render meanwhile keeps it.
    overlay.current?.classList.add('sheet-closing');
    void afterNextPaint().then(() => {
      // At once, not in a later render: the page must not stay inert while anything else renders.
      flushSync(() => setSheet('closed'));
      closing.current = false;
      moreButton.current?.focus();
      const next = afterClose.current;
      afterClose.current = undefined;
      next?.();
    });
  }, []);
  return (
    <nav aria-label={intl.formatMessage({ id: 'ui.nav.label', defaultMessage: 'Main' })} className="tab-bar">
      <ul>
        {PRIMARY.map((section) => (
          <li key={section.to}>
            <NavLink to={section.to} end={section.end} className="tab">
              <span className="tab-icon">
                <Icon name={section.icon} />
              </span>
              {intl.formatMessage(labels[section.key])}
              {badges[section.key]}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            ref={moreButton}
            type="button"
            className="tab"
            aria-haspopup="dialog"
            aria-expanded={sheet === 'open'}
            aria-current={inMore ? 'page' : undefined}
            onClick={() => setSheet('open')}
          >
            <span className="tab-icon">
              <Icon name="more" />
            </span>
            {intl.formatMessage(labels.more)}
          </button>
        </li>
      </ul>
      {sheet === 'closed' ? null : (
        <Suspense fallback={null}>
          <MoreSheet sections={secondary} overlayRef={overlay} onClose={closeSheet} />
        </Suspense>
      )}
    </nav>
  );
}
