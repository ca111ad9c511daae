import { festivalDays } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { dayLabel, shortDayLabel } from '../../time/format';
import { FilterBar } from './FilterBar';
import { NowNext } from './NowNext';
import { filterPerformances, type ProgrammeFilter } from './programme-filter';
import type { FavoriteProps } from './SetCard';
import { SetList } from './SetList';
import { StageColumns } from './StageColumns';

export interface ProgrammeViewProps {
  programme: Programme;
  filter: ProgrammeFilter;
  favorites: FavoriteProps;
  now: Date;
  layout: 'columns' | 'list';
  onFilterChange(next: Partial<ProgrammeFilter>): void;
  /** The URL for a day tab (keeps the other filters). */
  dayHref(day: string): string;
}

/** The programme by day: stages as columns on wide screens, a list on phones. */
export function ProgrammeView({ programme, filter, favorites, now, layout, onFilterChange, dayHref }: ProgrammeViewProps) {
  const intl = useIntl();
  const days = festivalDays(programme.festival);
  const sets = filterPerformances(programme, filter, favorites.ids);
  const festivalIsOn = now >= new Date(days[0]!.startsAt.getTime() - 12 * 3_600_000) && now < days[days.length - 1]!.endsAt;
  return (
    <div className="programme">
      <header className="page-header">
        <h1>
          <FormattedMessage id="programme.view.title" defaultMessage="Programme" />
        </h1>
        <p className="muted">
          <FormattedMessage
            id="programme.view.intro"
            defaultMessage="{venue}. Times are festival time ({zone})."
            values={{ venue: programme.festival.venue, zone: programme.festival.timeZone.replace('_', ' ') }}
          />
        </p>
      </header>
      {festivalIsOn ? <NowNext programme={programme} now={now} /> : null}
      <nav className="day-tabs" aria-label={intl.formatMessage({ id: 'programme.view.days', defaultMessage: 'Festival days' })}>
        {days.map((day) => (
          <Link key={day.date} to={dayHref(day.date)} className="day-tab" aria-current={day.date === filter.day ? 'page' : undefined}>
            <span className="day-tab-short" aria-hidden="true">
              {shortDayLabel(intl, day.date)}
            </span>
            <span className="visually-hidden">{dayLabel(intl, day.date)}</span>
          </Link>
        ))}
      </nav>
      <FilterBar programme={programme} filter={filter} onChange={onFilterChange} />
      <h2 className="day-heading">
        {dayLabel(intl, filter.day)}{' '}
        <span className="muted">
          · <FormattedMessage id="programme.view.setCount" defaultMessage="{count, plural, one {# set} other {# sets}}" values={{ count: sets.length }} />
        </span>
      </h2>
      {sets.length === 0 ? (
        <p className="empty">
          {filter.onlyMine ? (
            <FormattedMessage id="programme.view.emptyMine" defaultMessage="Nothing in your schedule on this day yet: tap ♡ on a set to add it." />
          ) : (
            <FormattedMessage id="programme.view.emptyFiltered" defaultMessage="No sets match these filters." />
          )}
        </p>
      ) : layout === 'columns' ? (
        <StageColumns programme={programme} performances={sets} favorites={favorites} now={now} />
      ) : (
        <SetList programme={programme} performances={sets} favorites={favorites} now={now} />
      )}
    </div>
  );
}
