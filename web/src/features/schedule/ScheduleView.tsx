import { unknownStageWalk, type FavoritePriority, type StageWalk } from '@encore/model';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { dayLabel } from '../../time/format';
import { EmptyState } from '../../ui/EmptyState';
import type { FavoriteProps } from '../programme/SetCard';
import { SetCard } from '../programme/SetCard';
import { ClashNote, TightNote } from './ClashNote';
import { barOf, scheduleDays } from './schedule-days';
import './schedule.css';

/**
 * A personal schedule by festival day, as a compact timeline: one row per set in time order;
 * sets that overlap share one box, their bars drawn side by side in time over their cards,
 * with one note for the clash and a way through it. `favorites` is absent on a shared,
 * read-only schedule; `advise` is off once the festival is over (nothing left to catch).
 */
export function ScheduleView({
  programme,
  performanceIds,
  favorites,
  now,
  walk = unknownStageWalk,
  advise = true,
  priorities,
  below,
}: {
  programme: Programme;
  performanceIds: ReadonlySet<string>;
  favorites?: FavoriteProps;
  now: Date;
  walk?: StageWalk;
  advise?: boolean;
  /** Must-see and maybe on a read-only schedule (a share link's); an editable one reads them from `favorites`. */
  priorities?: ReadonlyMap<string, FavoritePriority>;
  /** What goes under a set's card (What I saw: one's photos of it). */
  below?: (set: Programme['performances'][number]) => ReactNode;
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
  const card = (set: (typeof sets)[number]) => (
    <>
      <SetCard performance={set} programme={programme} favorites={favorites} now={now} showStage priority={priorities?.get(set.id)} />
      {below?.(set)}
    </>
  );
  return (
    <>
      {scheduleDays(sets, programme.festival).map((day) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`} className="schedule-day-section">
          <h2 id={`day-${day.date}`} className="schedule-day">
            {dayLabel(intl, day.date)}
          </h2>
          <ol className="schedule-timeline">
            {day.slots.map((slot) =>
              slot.kind === 'set' ? (
                <li key={slot.set.id} className="schedule-slot">
                  {card(slot.set)}
                  {slot.tight.map((clash) => (
                    <TightNote key={clash.first.id} clash={clash} programme={programme} />
                  ))}
                </li>
              ) : (
                <li key={slot.group.sets[0]!.id} className="schedule-slot schedule-clash" data-clash-group={slot.group.sets.length}>
                  <ol className="schedule-clash-sets">
                    {slot.group.sets.map((set) => {
                      const bar = barOf(slot.group, set);
                      return (
                        <li key={set.id} style={{ ['--stage-color' as string]: programme.stages.find((stage) => stage.id === set.stageId)?.color ?? 'var(--color-stage-fallback)' }}>
                          <span className="schedule-bar" aria-hidden="true">
                            <span style={{ left: `${bar.from * 100}%`, width: `${(bar.to - bar.from) * 100}%` }} />
                          </span>
                          {card(set)}
                        </li>
                      );
                    })}
                  </ol>
                  <ClashNote group={slot.group} programme={programme} walk={walk} advise={advise && slot.group.endsAt > now} />
                  {slot.tight.map((clash) => (
                    <TightNote key={clash.first.id} clash={clash} programme={programme} />
                  ))}
                </li>
              ),
            )}
          </ol>
        </section>
      ))}
    </>
  );
}
