import { FormattedMessage, useIntl } from 'react-intl';
import type { Programme } from '../../festival/programme';
import { clockTime, dayLabel } from '../../time/format';
import { minuteOf } from '../programme/timeline-layout';
import { printTimetable } from './print-layout';
import './print.css';

/**
 * One's schedule as a one-page timetable for the printer (issue #13), Clashfinder style:
 * per festival day a band with every stage as a column and time flowing down, every set of
 * the day drawn and the person's own filled in their stage's colour, their clashes marked,
 * in festival time. Only the print stylesheet shows it (the screen has the schedule itself);
 * "Print" on My schedule prints it.
 */
export function PrintTimetable({ programme, performanceIds }: { programme: Programme; performanceIds: ReadonlySet<string> }) {
  const intl = useIntl();
  const model = printTimetable(programme, performanceIds);
  if (model.days.length === 0) return null;
  const artist = (artistId: string) => programme.artists.get(artistId)?.name ?? intl.formatMessage({ id: 'schedule.print.unknownArtist', defaultMessage: 'Unknown artist' });
  return (
    <section className="print-timetable" style={{ ['--mm-per-minute' as string]: model.mmPerMinute }}>
      <header className="print-header">
        <h1>
          <FormattedMessage id="schedule.print.title" defaultMessage="{festival}: my schedule" values={{ festival: programme.festival.name }} />
        </h1>
        <p>
          <FormattedMessage
            id="schedule.print.summary"
            defaultMessage="{venue} · times are festival time ({zone}) · {sets, plural, one {# set} other {# sets}} in my schedule{clashes, plural, =0 {} one {, # clash} other {, # clashes}}"
            values={{ venue: programme.festival.venue, zone: programme.festival.timeZone.replace('_', ' '), sets: model.mine.size, clashes: model.clashCount }}
          />
        </p>
        <p className="print-legend">
          <span className="print-key print-key-mine" />
          <FormattedMessage id="schedule.print.legendMine" defaultMessage="in my schedule" />
          <span className="print-key print-key-overlap">×</span>
          <FormattedMessage id="schedule.print.legendOverlap" defaultMessage="overlaps another of my sets" />
          <span className="print-key print-key-tight">»</span>
          <FormattedMessage id="schedule.print.legendTight" defaultMessage="tight change-over to another stage" />
        </p>
      </header>
      {model.days.map((day) => (
        <section key={day.date} className="print-day">
          <h2>{dayLabel(intl, day.date)}</h2>
          <div className="print-grid" style={{ ['--stages' as string]: day.stages.length }}>
            <span />
            {day.stages.map((stage) => (
              <span key={stage.id} className="print-stage" style={{ ['--stage-color' as string]: stage.color ?? '#6b6b80' }}>
                {stage.name}
              </span>
            ))}
            <div className="print-axis" style={{ ['--minutes' as string]: day.layout.minutes }}>
              {day.layout.hours.map((hour) => (
                <span key={hour.minute} style={{ ['--at' as string]: hour.minute }}>
                  {hour.label}
                </span>
              ))}
            </div>
            {day.stages.map((stage) => (
              <div key={stage.id} className="print-column" style={{ ['--minutes' as string]: day.layout.minutes, ['--stage-color' as string]: stage.color ?? '#6b6b80' }}>
                {day.sets
                  .filter((set) => set.stageId === stage.id)
                  .map((set) => {
                    const mine = model.mine.has(set.id);
                    const mark = model.overlapping.has(set.id) ? 'overlap' : model.tight.has(set.id) ? 'tight' : null;
                    return (
                      <p
                        key={set.id}
                        className={`print-set${mine ? ' print-set-mine' : ''}${mark ? ` print-set-${mark}` : ''}${set.status === 'cancelled' ? ' print-set-cancelled' : ''}`}
                        style={{ ['--at' as string]: minuteOf(day.layout, set.startsAt), ['--length' as string]: minuteOf(day.layout, set.endsAt) - minuteOf(day.layout, set.startsAt) }}
                      >
                        {mark === 'overlap' ? <span className="print-mark">× </span> : mark === 'tight' ? <span className="print-mark">» </span> : null}
                        {mine ? <span className="print-time">{clockTime(intl, set.startsAt, programme.festival)} </span> : null}
                        {artist(set.artistId)}
                      </p>
                    );
                  })}
              </div>
            ))}
          </div>
        </section>
      ))}
    </section>
  );
}
