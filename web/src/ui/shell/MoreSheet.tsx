import { memo, type Ref } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { Link, useLocation } from 'wouter';
import { Icon, type IconName } from '../icons';
import { LaterIcon, isLaterIcon, type LaterIconName } from '../icons-later';
import { Preferences } from '../Preferences';
import { SheetHead } from '../SheetHead';
import { isCurrent, labels, type Section } from './sections';

/** A section's icon, from whichever set holds it. */
function SectionIcon({ name }: { name: IconName | LaterIconName }) {
  return isLaterIcon(name) ? <LaterIcon name={name} /> : <Icon name={name} />;
}

/** The same sections, though perhaps a new list (the shell makes one each render). */
function sameSections(a: Section[], b: Section[]): boolean {
  return a.length === b.length && a.every((section, index) => section.to === b[index]!.to && section.key === b[index]!.key && section.icon === b[index]!.icon);
}

interface SheetProps {
  sections: Section[];
  /** Closes the sheet; `then` runs once the close is painted and the sheet is gone. */
  onClose(then?: () => void): void;
}

/**
 * A section's link in the sheet, marked current as NavLink marks it. A tap closes the sheet
 * and moves to the section once that close is painted: moving at once (the address, every
 * link of the shell rendered again, the tab marked) held the tap's paint past 100 ms at 4x CPU
 * slowdown (bench/inp.ts). The page itself is drawn after that too (ShownPage), as for any link.
 * A click with a modifier key is the browser's (a new tab), as for any link.
 */
function SheetLink({ section, onClose }: { section: Section; onClose: SheetProps['onClose'] }) {
  const intl = useIntl();
  const [location, navigate] = useLocation();
  return (
    <Link
      to={section.to}
      aria-current={isCurrent(location, section) ? 'page' : undefined}
      onClick={(event) => {
        event.preventDefault();
        onClose(() => navigate(section.to));
      }}
    >
      <SectionIcon name={section.icon} />
      {intl.formatMessage(labels[section.key])}
    </Link>
  );
}

/**
 * What the sheet holds. Memoised: the tap that closes the sheet (a link, Escape) re-renders the
 * overlay, and its radio groups re-rendered with it in that tap's frame for nothing (bench/inp.ts).
 */
const SheetBody = memo(
  function SheetBody({ sections, onClose }: SheetProps) {
    const intl = useIntl();
    return (
      <>
        <SheetHead
          titleId="more-title"
          title={<FormattedMessage id="ui.moreSheet.title" defaultMessage="More" />}
          closeLabel={intl.formatMessage({ id: 'ui.moreSheet.close', defaultMessage: 'Close' })}
        />
        <ul className="sheet-links">
          {sections.map((section) => (
            <li key={section.to}>
              <SheetLink section={section} onClose={onClose} />
            </li>
          ))}
        </ul>
        <Preferences />
      </>
    );
  },
  (before, after) => before.onClose === after.onClose && sameSections(before.sections, after.sections),
);

/**
 * The "More" sheet on phones: the remaining sections, then language and theme. Its owner
 * closes it in two steps (TabBar): out of sight and out of reach first (the `sheet-closing`
 * class on `overlayRef`, shell.css), still mounted, its modal still holding the page behind;
 * unmounted once that close is painted. A second close meanwhile (Escape, a tap outside) is
 * the owner's to ignore.
 */
export default function MoreSheet({ sections, overlayRef, onClose }: SheetProps & { overlayRef?: Ref<HTMLDivElement> }) {
  return (
    <ModalOverlay ref={overlayRef} className="sheet-overlay" isOpen isDismissable onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      <Modal className="sheet">
        <Dialog aria-labelledby="more-title" style={{ outline: 'none' }}>
          <SheetBody sections={sections} onClose={onClose} />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
