import { festivalDayOf } from '@encore/model';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { clockTime, dayLabel, timeRange } from '../../time/format';
import { EmptyState } from '../../ui/EmptyState';
import { priorityText } from '../favorites/PriorityToggle';
import { friendsDays, type PersonPlan } from './friends-hours';
import './friends.css';

/**
 * My schedule with friends: one festival day at a time (today's, when the festival is on),
 * hour by hour, the sets I or my friends plan, each with who will be there; a set where our
 * plans meet is marked "Together". Plain lists and headings, so it reads well on a phone and
 * with a screen reader; the day buttons are a toggle group.
 */
export function FriendsScheduleView({ programme, people, now }: { programme: Programme; people: readonly PersonPlan[]; now: Date }) {
  const intl = useIntl();
  const days = friendsDays(programme.performances, people, programme.festival);
  const today = festivalDayOf(now, programme.festival);
  const [chosen, setChosen] = useState<string | null>(null);
  if (days.length === 0) {
    return (
      <EmptyState icon="schedule" title={<FormattedMessage id="friends.schedule.emptyTitle" defaultMessage="No plans yet" />}>
        <FormattedMessage id="friends.schedule.empty" defaultMessage="Neither you nor your friends plan any sets yet. Tap ♡ on the sets you want to see." />
      </EmptyState>
    );
  }
  const day = days.find((candidate) => candidate.date === chosen) ?? days.find((candidate) => candidate.date === today) ?? days[0]!;
  const artistName = (artistId: string) => programme.artists.get(artistId)?.name ?? intl.formatMessage({ id: 'friends.schedule.unknownArtist', defaultMessage: 'Unknown artist' });
  const stageName = (stageId: string) => programme.stages.find((stage) => stage.id === stageId)?.name ?? '';
  return (
    <>
      <div className="button-row friends-days" role="group" aria-label={intl.formatMessage({ id: 'friends.schedule.days', defaultMessage: 'Festival day' })}>
        {days.map((candidate) => (
          <button key={candidate.date} type="button" className="button button-secondary button-small" aria-pressed={candidate.date === day.date} onClick={() => setChosen(candidate.date)}>
            {dayLabel(intl, candidate.date)}
          </button>
        ))}
      </div>
      <h2 className="friends-day-title">{dayLabel(intl, day.date)}</h2>
      {day.hours.map((hour) => {
        const headingId = `friends-hour-${hour.startsAt.getTime()}`;
        return (
          <section key={hour.startsAt.getTime()} aria-labelledby={headingId} className="friends-hour">
            <h3 id={headingId} className="friends-hour-title">
              <time dateTime={hour.startsAt.toISOString()}>{clockTime(intl, hour.startsAt, programme.festival)}</time>
            </h3>
            <ul className="friends-hour-sets">
              {hour.sets.map(({ set, people: who, together }) => (
                <li key={set.id} className={`friends-set${together ? ' friends-together' : ''}`} data-testid="friends-hour-set">
                  <p className="friends-set-name">
                    <Link to={`/performances/${set.id}`}>{artistName(set.artistId)}</Link>
                    {together ? (
                      <span className="friends-together-flag">
                        <FormattedMessage id="friends.schedule.together" defaultMessage="Together" />
                      </span>
                    ) : null}
                  </p>
                  <p className="muted friends-set-where">
                    {timeRange(intl, set.startsAt, set.endsAt, programme.festival)} · {stageName(set.stageId)}
                  </p>
                  <ul className="friends-people" aria-label={intl.formatMessage({ id: 'friends.schedule.who', defaultMessage: 'Who plans it' })}>
                    {who.map((person) => (
                      <li key={person.key} className={person.me ? 'friends-person friends-person-me' : 'friends-person'}>
                        {person.me ? <FormattedMessage id="friends.schedule.you" defaultMessage="You" /> : person.name}
                        {person.priority ? <span className="muted"> · {priorityText(intl, person.priority)}</span> : null}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
