import { calendarDaysBetween, festivalDays } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { shortInstantLabel, untilLabel } from '../../time/format';

const DAY = 86_400_000;

/** When the music starts: the first set that is not cancelled, else the first festival day. */
function firstSetAt(programme: Programme): Date {
  return programme.performances.find((set) => set.status !== 'cancelled')?.startsAt ?? festivalDays(programme.festival)[0]!.startsAt;
}

/**
 * Before the festival: how long until it starts ("Encore 2026 starts in 12 days: Fri 14 Aug,
 * 12:00"), and the way to the line-up, which is what people browse while they wait (issue 20:
 * "before the festival a countdown and the line-up"). The link sits outside the status line so
 * a screen reader announcing the countdown does not read a link into it. Days are calendar days
 * in the festival's zone, as people count them: on 2 August a festival whose first set is on 14
 * August "starts in 12 days", at any hour (the first page's HTML counts the same way,
 * functions/src/domain/first-page.ts).
 */
export function FestivalCountdown({ programme, now }: { programme: Programme; now: Date }) {
  const intl = useIntl();
  const startsAt = firstSetAt(programme);
  const left = startsAt.getTime() - now.getTime();
  const values = { festival: programme.festival.name, when: shortInstantLabel(intl, startsAt, programme.festival), days: calendarDaysBetween(now, startsAt, programme.festival.timeZone), until: untilLabel(intl, now, startsAt) };
  return (
    <>
      <p className="festival-state" role="status">
        {left >= DAY ? (
          <FormattedMessage id="programme.festivalState.countdownDays" defaultMessage="{festival} starts in {days, plural, one {# day} other {# days}}: {when}." values={values} />
        ) : (
          <FormattedMessage id="programme.festivalState.countdownSoon" defaultMessage="{festival} starts {until}: {when}." values={values} />
        )}
      </p>
      <p className="festival-state-lineup">
        <Link to="/lineup">
          <FormattedMessage id="programme.festivalState.lineup" defaultMessage="See who plays: the line-up A–Z" />
        </Link>
      </p>
    </>
  );
}

/** After the festival: it is over, and the page stays to look back on. */
export function FestivalEnded({ programme }: { programme: Programme }) {
  return (
    <p className="festival-state">
      <FormattedMessage id="programme.festivalState.ended" defaultMessage="{festival} has ended. The programme stays here to look back on." values={{ festival: programme.festival.name }} />
    </p>
  );
}

/** The programme's line before or after the festival: one lazy chunk for both (ProgrammeView). */
export default function FestivalState({ programme, now, ended }: { programme: Programme; now: Date; ended: boolean }) {
  return ended ? <FestivalEnded programme={programme} /> : <FestivalCountdown programme={programme} now={now} />;
}
