import type { Festival, ScheduledTimes } from '@encore/model';
import { useIntl } from 'react-intl';
import { clockTime } from '../../time/format';
import { wasLabel } from './was-label';

export { wasLabel };

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
