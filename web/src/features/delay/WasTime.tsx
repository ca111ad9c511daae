import type { Festival, ScheduledTimes } from '@encore/model';
import { useIntl, type IntlShape } from 'react-intl';
import { clockTime } from '../../time/format';

// Plain descriptors: react-intl's defineMessages types its entries as taking no values.
const messages = {
  was: { id: 'delay.wasTime.was', defaultMessage: 'was {time}' },
};

/** "was 20:45": a delayed set's printed start, for labels that replace the visible text (a card's aria-label). */
export function wasLabel(intl: IntlShape, scheduled: ScheduledTimes | undefined, festival: Pick<Festival, 'timeZone'>): string | null {
  return scheduled ? intl.formatMessage(messages.was, { time: clockTime(intl, scheduled.startsAt, festival) }) : null;
}

/**
 * The start a stage delay moved a set from (issue 36), struck through beside its new time.
 * Screen readers do not announce `<del>`, so it carries the words too: "was 20:45", hidden
 * from sight, with the struck time hidden from speech. Nothing for a set on its printed time.
 */
export function WasTime({ scheduled, festival }: { scheduled: ScheduledTimes | undefined; festival: Pick<Festival, 'timeZone'> }) {
  const intl = useIntl();
  if (!scheduled) return null;
  return (
    <span className="was-time">
      {' '}
      <del aria-hidden="true">{clockTime(intl, scheduled.startsAt, festival)}</del>
      <span className="visually-hidden">({wasLabel(intl, scheduled, festival)})</span>
    </span>
  );
}
