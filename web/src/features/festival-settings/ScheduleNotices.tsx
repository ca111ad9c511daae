import type { Festival } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import type { FestivalFormValues } from '../organiser/festival-form';
import { setsOutsideDays } from './schedule-warnings';

interface NoticeProps {
  /** The festival's sets: each keeps its moment in time whatever the festival's zone and dates. */
  sets: ReadonlyArray<{ startsAt: Date }>;
  /** The festival as saved. */
  saved: Festival;
  /** What the form holds now. */
  values: FestivalFormValues;
}

/**
 * Under the dates (and the hour a day starts): once the festival has sets, that they keep their
 * moment; once changed, how many would fall outside the new days and so out of the programme's
 * day tabs.
 */
export function DatesNotice({ sets, saved, values }: NoticeProps) {
  if (sets.length === 0) return null;
  const changed = values.startsOn !== saved.startsOn || values.endsOn !== saved.endsOn || values.dayStartsAtHour !== (saved.dayStartsAtHour ?? values.dayStartsAtHour);
  const outside = changed ? setsOutsideDays(sets, { timeZone: values.timeZone, dayStartsAtHour: values.dayStartsAtHour, startsOn: values.startsOn, endsOn: values.endsOn }) : null;
  if (outside) {
    return (
      <p className="notice notice-warn">
        <FormattedMessage
          id="festival-settings.notice.outsideDays"
          defaultMessage="{count, plural, one {One set falls} other {# sets fall}} outside these days: sets keep their date and time, so {count, plural, one {it would drop} other {they would drop}} out of the programme until moved in the programme editor or imported again."
          values={{ count: outside }}
        />
      </p>
    );
  }
  return (
    <p className="field-hint">
      <FormattedMessage
        id="festival-settings.notice.datesHint"
        defaultMessage="The festival has {count, plural, one {one set} other {# sets}}: changing the dates does not move {count, plural, one {it} other {them}}."
        values={{ count: sets.length }}
      />
    </p>
  );
}

/**
 * Under the time zone: once the festival has sets, that they keep their moment, so another zone
 * shows them at other clock times; once changed, the first set's time before and after.
 */
export function TimeZoneNotice({ sets, saved, values }: NoticeProps) {
  const intl = useIntl();
  const first = sets[0];
  if (!first) return null;
  if (values.timeZone !== saved.timeZone) {
    const clock = (timeZone: string) => intl.formatDate(first.startsAt, { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit' });
    let after: string;
    try {
      after = clock(values.timeZone);
    } catch {
      return null; // not a zone (yet): the field's own error says so
    }
    return (
      <p className="notice notice-warn">
        <FormattedMessage
          id="festival-settings.notice.zoneChanged"
          defaultMessage="Sets keep their moment in time, not their clock time: in this zone the first set, now at {before}, would show at {after}, and every other set moves the same way. Move them in the programme editor or import the programme again if their clock times were right."
          values={{ before: clock(saved.timeZone), after }}
        />
      </p>
    );
  }
  return (
    <p className="field-hint">
      <FormattedMessage
        id="festival-settings.notice.zoneHint"
        defaultMessage="The festival has {count, plural, one {one set} other {# sets}}: in another zone {count, plural, one {it shows} other {they show}} at other clock times."
        values={{ count: sets.length }}
      />
    </p>
  );
}
