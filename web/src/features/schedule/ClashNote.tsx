import { clashAdvice, type Clash, type ClashGroup, type ClashStep, type StageWalk } from '@encore/model';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { clockTime, timeRange } from '../../time/format';

const bold = (text: ReactNode[]) => <strong>{text}</strong>;

function names(intl: IntlShape, programme: Programme) {
  return {
    artist: (set: PerformanceDoc) => programme.artists.get(set.artistId)?.name ?? intl.formatMessage({ id: 'schedule.clashNote.unknownArtist', defaultMessage: 'Unknown artist' }),
    stage: (set: PerformanceDoc) => programme.stages.find((stage) => stage.id === set.stageId)?.name ?? intl.formatMessage({ id: 'schedule.clashNote.aStage', defaultMessage: 'a stage' }),
  };
}

/** One step through a clash in words: when to leave, what is left of the next set, and the walk (or that it is not known). */
function Step({ step, programme }: { step: ClashStep<PerformanceDoc>; programme: Programme }) {
  const intl = useIntl();
  const { artist, stage } = names(intl, programme);
  const values = {
    leaveStage: stage(step.leave),
    leaveArtist: artist(step.leave),
    leaveAt: clockTime(intl, step.leaveAt, programme.festival),
    artist: artist(step.catch),
    stage: stage(step.catch),
    minutes: step.caughtMinutes,
    walk: step.walkMinutes ?? 0,
  };
  if (step.caughtMinutes === 0) {
    return step.walkMinutes === null ? (
      <FormattedMessage id="schedule.clashNote.nothingLeft" defaultMessage="Stay for {leaveArtist} and you miss {artist} at {stage}: it ends by {leaveAt}." values={values} />
    ) : (
      <FormattedMessage
        id="schedule.clashNote.nothingLeftWalk"
        defaultMessage="Stay for {leaveArtist} and you miss {artist} at {stage}: it is over by the time you get there ({walk} min walk)."
        values={values}
      />
    );
  }
  if (step.whole) {
    return step.walkMinutes === null ? (
      <FormattedMessage
        id="schedule.clashNote.wholeUnknown"
        defaultMessage="Leave {leaveStage} at {leaveAt}, after {leaveArtist}, for all of {artist} at {stage} if you can walk there in time (walking time unknown)."
        values={values}
      />
    ) : (
      <FormattedMessage
        id="schedule.clashNote.whole"
        defaultMessage="Leave {leaveStage} at {leaveAt}, after {leaveArtist}, for all of {artist} at {stage}{walk, plural, =0 {} other {, # min walk}}."
        values={values}
      />
    );
  }
  return step.walkMinutes === null ? (
    <FormattedMessage
      id="schedule.clashNote.lastUnknown"
      defaultMessage="Leave {leaveStage} at {leaveAt}, after {leaveArtist}, to catch at most the last {minutes} min of {artist} at {stage} (walking time unknown)."
      values={values}
    />
  ) : (
    <FormattedMessage
      id="schedule.clashNote.last"
      defaultMessage="Leave {leaveStage} at {leaveAt}, after {leaveArtist}, to catch the last {minutes} min of {artist} at {stage}{walk, plural, =0 {} other {, # min walk}}."
      values={values}
    />
  );
}

/** The one note of a clash group: how many sets overlap, when, and (unless it is over) a way through it. */
export function ClashNote({ group, programme, walk, advise }: { group: ClashGroup<PerformanceDoc>; programme: Programme; walk: StageWalk; advise: boolean }) {
  const intl = useIntl();
  const steps = advise ? clashAdvice(group, walk) : [];
  return (
    <div className="clash-note">
      <p>
        <FormattedMessage
          id="schedule.clashNote.title"
          defaultMessage="<b>Clash, {range}:</b> {count, plural, one {# set overlaps} other {these # sets overlap}}."
          values={{ b: bold, count: group.sets.length, range: timeRange(intl, group.startsAt, group.endsAt, programme.festival) }}
        />
      </p>
      {steps.length > 0 ? (
        <ul>
          {steps.map((step) => (
            <li key={`${step.leave.id}|${step.catch.id}`}>
              <Step step={step} programme={programme} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A change-over too short to walk, on the set it leads to. */
export function TightNote({ clash, programme }: { clash: Clash<PerformanceDoc>; programme: Programme }) {
  const intl = useIntl();
  const { artist, stage } = names(intl, programme);
  return (
    <p className="clash-note clash-note-tight">
      <FormattedMessage
        id="schedule.clashNote.tight"
        defaultMessage="<b>Tight change-over:</b> {minutes, plural, =0 {no time} other {only # min}} from {first} at {firstStage} to {second} at {secondStage}."
        values={{ b: bold, minutes: clash.minutes, first: artist(clash.first), firstStage: stage(clash.first), second: artist(clash.second), secondStage: stage(clash.second) }}
      />
    </p>
  );
}
