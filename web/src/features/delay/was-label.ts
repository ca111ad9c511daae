import type { Festival, ScheduledTimes } from '@encore/model';
import type { IntlShape } from 'react-intl';
import { clockTime } from '../../time/format';

// Plain descriptors: react-intl's defineMessages types its entries as taking no values.
const messages = {
  was: { id: 'delay.wasTime.was', defaultMessage: 'was {time}' },
};

/**
 * "was 20:45": a delayed set's printed start (issue 36), for labels that replace the visible
 * text (a set card's aria-label). Apart from WasTime.tsx so the programme's first download
 * carries only this.
 */
export function wasLabel(intl: IntlShape, scheduled: ScheduledTimes | undefined, festival: Pick<Festival, 'timeZone'>): string | null {
  return scheduled ? intl.formatMessage(messages.was, { time: clockTime(intl, scheduled.startsAt, festival) }) : null;
}
