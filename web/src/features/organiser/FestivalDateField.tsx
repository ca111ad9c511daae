import { parseDate, type CalendarDate } from '@internationalized/date';
import { useMemo } from 'react';
import {
  Button,
  DateInput,
  DatePicker,
  DateSegment,
  FieldError,
  Group,
  I18nProvider,
  Label,
} from 'react-aria-components';
import { useIntl } from 'react-intl';
import { CalendarPopover } from '../../ui/CalendarPopover';

function toDate(value: string): CalendarDate | null {
  try {
    return value ? parseDate(value) : null;
  } catch {
    return null;
  }
}

/**
 * A day (`YYYY-MM-DD`): segments typed with the keyboard in the app's language's order, or a
 * calendar. The console's date-time picker's look (staff-tools.css), without the time.
 */
export function FestivalDateField({ label, value, onChange, error }: { label: string; value: string; onChange(value: string): void; error: string | undefined }) {
  const intl = useIntl();
  const date = useMemo(() => toDate(value), [value]);
  return (
    <I18nProvider locale={intl.locale}>
      <DatePicker className="field field-datetime" value={date} onChange={(picked) => onChange(picked ? picked.toString() : '')} granularity="day" isRequired isInvalid={Boolean(error)}>
        <Label>{label}</Label>
        <Group className="datetime-group">
          <DateInput className="datetime-input">{(segment) => <DateSegment segment={segment} className="datetime-segment" />}</DateInput>
          <Button className="button button-secondary button-small datetime-button" aria-label={intl.formatMessage({ id: 'organiser.dateField.calendar', defaultMessage: 'Pick the day from a calendar' })}>
            ▾
          </Button>
        </Group>
        <FieldError className="field-error">{error}</FieldError>
        <CalendarPopover />
      </DatePicker>
    </I18nProvider>
  );
}
