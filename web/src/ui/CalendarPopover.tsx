import { Button, Calendar, CalendarCell, CalendarGrid, Dialog, Heading, Popover } from 'react-aria-components';
import { useIntl } from 'react-intl';

/** The month calendar a DatePicker or DateRangePicker opens from its ▾ button (staff's set times, a new festival's days). */
export function CalendarPopover() {
  const intl = useIntl();
  return (
    <Popover className="popover">
      <Dialog className="calendar-dialog">
        <Calendar className="calendar">
          <header className="calendar-header">
            <Button slot="previous" className="button button-secondary button-small" aria-label={intl.formatMessage({ id: 'ui.calendar.previousMonth', defaultMessage: 'Previous month' })}>
              ‹
            </Button>
            <Heading />
            <Button slot="next" className="button button-secondary button-small" aria-label={intl.formatMessage({ id: 'ui.calendar.nextMonth', defaultMessage: 'Next month' })}>
              ›
            </Button>
          </header>
          <CalendarGrid>{(date) => <CalendarCell date={date} className="calendar-cell" />}</CalendarGrid>
        </Calendar>
      </Dialog>
    </Popover>
  );
}
