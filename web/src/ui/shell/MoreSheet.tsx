import { FormattedMessage, useIntl } from 'react-intl';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Icon } from '../icons';
import { NavLink } from '../NavLink';
import { Preferences } from '../Preferences';
import { labels, type Section } from './sections';

/** The "More" sheet on phones: the remaining sections, then language and theme. */
export default function MoreSheet({ sections, onClose }: { sections: Section[]; onClose(): void }) {
  const intl = useIntl();
  return (
    <ModalOverlay className="sheet-overlay" isOpen isDismissable onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      <Modal className="sheet">
        <Dialog aria-labelledby="more-title" style={{ outline: 'none' }}>
          <div className="sheet-grabber" aria-hidden="true" />
          <div className="sheet-head">
            <Heading slot="title" id="more-title">
              <FormattedMessage id="ui.moreSheet.title" defaultMessage="More" />
            </Heading>
            <Button className="button button-secondary button-small" slot="close" aria-label={intl.formatMessage({ id: 'ui.moreSheet.close', defaultMessage: 'Close' })}>
              <Icon name="close" width={18} height={18} />
            </Button>
          </div>
          {/* Navigating closes the sheet: the click reaches the link first, then the sheet goes. */}
          <ul className="sheet-links" onClick={(event) => (event.target as HTMLElement).closest('a') && onClose()}>
            {sections.map((section) => (
              <li key={section.to}>
                <NavLink to={section.to}>
                  <Icon name={section.icon} />
                  {intl.formatMessage(labels[section.key])}
                </NavLink>
              </li>
            ))}
          </ul>
          <Preferences />
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
