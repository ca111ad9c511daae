import type { StageWalk } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { clockTime, nextLabel } from '../../time/format';
import { nextUp } from './next-up';

/**
 * The top of My schedule during (and before) the festival: what of mine plays now, and what
 * is next, when and where ("Next: X at Harbour Tent in 25 min"), with the walk from the stage
 * of what plays now when that is known.
 */
export function NextUp({ programme, sets, now, walk }: { programme: Programme; sets: readonly PerformanceDoc[]; now: Date; walk: StageWalk }) {
  const intl = useIntl();
  const { playing, next } = nextUp(sets, now);
  const artist = (set: PerformanceDoc) => programme.artists.get(set.artistId)?.name ?? intl.formatMessage({ id: 'schedule.nextUp.unknownArtist', defaultMessage: 'Unknown artist' });
  const stage = (set: PerformanceDoc) => programme.stages.find((candidate) => candidate.id === set.stageId);
  const link = (set: PerformanceDoc) => <Link to={`/performances/${set.id}`}>{artist(set)}</Link>;
  const current = playing[0];
  const walkMinutes = current && next ? walk(current.stageId, next.stageId) : null;
  const focus = next ?? current;
  return (
    <section className="schedule-next" aria-label={intl.formatMessage({ id: 'schedule.nextUp.label', defaultMessage: 'Now and next for me' })} style={focus ? { ['--stage-color' as string]: stage(focus)?.color } : undefined}>
      {current ? (
        <p>
          <FormattedMessage
            id="schedule.nextUp.now"
            defaultMessage="<b>Now:</b> {artist} at {stage}, until {end}"
            values={{ b: (text) => <strong>{text}</strong>, artist: link(current), stage: stage(current)?.name ?? '', end: clockTime(intl, current.endsAt, programme.festival) }}
          />
        </p>
      ) : null}
      {next ? (
        <p>
          {walkMinutes !== null && walkMinutes > 0 ? (
            <FormattedMessage
              id="schedule.nextUp.nextWalk"
              defaultMessage="<b>Next:</b> {artist} at {stage} {when}, {walk} min walk from {from}"
              values={{ b: (text) => <strong>{text}</strong>, artist: link(next), stage: stage(next)?.name ?? '', when: nextLabel(intl, now, next.startsAt, programme.festival), walk: walkMinutes, from: stage(current!)?.name ?? '' }}
            />
          ) : (
            <FormattedMessage
              id="schedule.nextUp.next"
              defaultMessage="<b>Next:</b> {artist} at {stage} {when}"
              values={{ b: (text) => <strong>{text}</strong>, artist: link(next), stage: stage(next)?.name ?? '', when: nextLabel(intl, now, next.startsAt, programme.festival) }}
            />
          )}
        </p>
      ) : current ? null : (
        <p>
          <FormattedMessage id="schedule.nextUp.nothingLeft" defaultMessage="Nothing more in your schedule: add sets from the programme." />
        </p>
      )}
    </section>
  );
}
