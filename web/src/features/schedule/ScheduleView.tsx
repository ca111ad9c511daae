import { clashingIds, festivalDayOf, findClashes } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { dayLabel } from '../../time/format';
import { EmptyState } from '../../ui/EmptyState';
import type { FavoriteProps } from '../programme/SetCard';
import { SetCard } from '../programme/SetCard';
import { ClashList } from './ClashList';

/**
 * A personal schedule by festival day, with clash warnings. `favorites` is absent on a
 * shared, read-only schedule.
 */
export function ScheduleView({
  programme,
  performanceIds,
  favorites,
  now,
}: {
  programme: Programme;
  performanceIds: ReadonlySet<string>;
  favorites?: FavoriteProps;
  now: Date;
}) {
  const intl = useIntl();
  const sets = programme.performances.filter((performance) => performanceIds.has(performance.id));
  if (sets.length === 0) {
    return favorites ? (
      <EmptyState
        icon="schedule"
        title={<FormattedMessage id="schedule.view.emptyTitle" defaultMessage="Your schedule is empty" />}
        action={
          <Link to="/" className="button">
            <FormattedMessage id="schedule.view.browse" defaultMessage="Browse the programme" />
          </Link>
        }
      >
        <FormattedMessage id="schedule.view.empty" defaultMessage="Tap ♡ on the sets you want to see and they gather here, day by day, with clash warnings." />
      </EmptyState>
    ) : (
      <EmptyState icon="schedule" title={<FormattedMessage id="schedule.view.emptyShared" defaultMessage="This schedule is empty." />} />
    );
  }
  const clashes = findClashes(sets);
  const overlapping = clashingIds(clashes, ['overlap']);
  const tight = clashingIds(clashes, ['tight']);
  const byDay = new Map<string, PerformanceDoc[]>();
  for (const set of sets) {
    const day = festivalDayOf(set.startsAt, programme.festival);
    byDay.set(day, [...(byDay.get(day) ?? []), set]);
  }
  return (
    <>
      <ClashList clashes={clashes} programme={programme} />
      {[...byDay].map(([day, daySets]) => (
        <section key={day} aria-labelledby={`day-${day}`}>
          <h2 id={`day-${day}`} className="schedule-day">
            {dayLabel(intl, day)}
          </h2>
          <ol className="set-list">
            {daySets.map((set) => (
              <li key={set.id} className={overlapping.has(set.id) ? 'schedule-item-clash' : tight.has(set.id) ? 'schedule-item-tight' : undefined}>
                <SetCard performance={set} programme={programme} favorites={favorites} now={now} showStage />
                {overlapping.has(set.id) || tight.has(set.id) ? <span className="visually-hidden">
                    <FormattedMessage id="schedule.view.clashes" defaultMessage="Clashes with another set in your schedule." />
                  </span> : null}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}
