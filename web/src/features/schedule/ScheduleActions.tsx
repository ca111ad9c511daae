import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { LaterIcon } from '../../ui/icons-later';

/**
 * Export, print, share and subscribe behind one button beside the title, so the schedule
 * itself has the first screen: a disclosure (a button with `aria-expanded` that shows the
 * panel right below it, in reading order), not a menu, because the panel holds a form-like
 * part (the calendar link) that a menu could not.
 */
export function ScheduleActions({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button type="button" className="button button-secondary schedule-actions-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((was) => !was)}>
        <LaterIcon name="upload" width={18} height={18} />
        <FormattedMessage id="schedule.actions.button" defaultMessage="Export and share" />
      </button>
      <div id={panelId} className="panel schedule-actions-panel" hidden={!open}>
        {open ? children : null}
      </div>
    </>
  );
}
