import { lazy, Suspense, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { Icon } from '../icons';
import { NavLink } from '../NavLink';
import { PRIMARY, isCurrent, labels, type Badges, type Section } from './sections';

// The sheet (react-aria's modal dialog) loads on the first tap: the programme page's first
// download stays free of it.
const MoreSheet = lazy(() => import('./MoreSheet'));

/**
 * Phones: a bottom tab bar within thumb reach. Four sections and "More" (Upload, Account,
 * Staff, language and theme); "More" is marked current while one of its pages is open.
 */
export function TabBar({ secondary, badges = {} }: { secondary: Section[]; badges?: Badges }) {
  const intl = useIntl();
  const [location] = useLocation();
  const [open, setOpen] = useState(false);
  const moreButton = useRef<HTMLButtonElement>(null);
  const inMore = secondary.some((section) => isCurrent(location, section));
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
            aria-expanded={open}
            aria-current={inMore ? 'page' : undefined}
            onClick={() => setOpen(true)}
          >
            <span className="tab-icon">
              <Icon name="more" />
            </span>
            {intl.formatMessage(labels.more)}
          </button>
        </li>
      </ul>
      {open ? (
        <Suspense fallback={null}>
          <MoreSheet
            sections={secondary}
            onClose={() => {
              setOpen(false);
              moreButton.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}
