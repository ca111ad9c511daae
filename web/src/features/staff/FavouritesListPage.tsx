import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { useLiveCounts } from '../../festival/LiveCountsContext';
import { shortDayLabel, timeRange } from '../../time/format';
import { festivalDayOf } from '@encore/model';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { favouritesPerSet } from './figure-lists';

/**
 * `/staff/figures/favourites`: what the dashboard's Favourites tile counts, set by set (the
 * published `live/sets` counts, at most ~30 s behind), most first, with artist, stage and time.
 */
export default function FavouritesListPage() {
  const intl = useIntl();
  const festival = useFestival();
  const live = useLiveCounts();
  return (
    <section aria-labelledby="favourites-list-title">
      <Link to="/" className="back-link">
        ← <FormattedMessage id="staff.figures.back" defaultMessage="Dashboard" />
      </Link>
      <h2 id="favourites-list-title">
        <FormattedMessage id="staff.figures.favouritesTitle" defaultMessage="Favourites per set" />
      </h2>
      {live.status === 'error' ? <ErrorNotice error={live.error} /> : null}
      <FestivalGate state={festival}>
        {(programme) => {
          const rows = favouritesPerSet(programme.performances, live.favorites);
          const stageName = (stageId: string) => programme.stages.find((stage) => stage.id === stageId)?.name ?? stageId;
          return (
            <table className="data-table responsive-table">
              <caption className="visually-hidden">
                <FormattedMessage id="staff.figures.favouritesCaption" defaultMessage="Favourites per set, most first" />
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <FormattedMessage id="staff.figures.set" defaultMessage="Set" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="staff.figures.stage" defaultMessage="Stage" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="staff.figures.time" defaultMessage="Time" />
                  </th>
                  <th scope="col">
                    <FormattedMessage id="staff.figures.favourites" defaultMessage="Favourites" />
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ set, favourites }) => (
                  <tr key={set.id}>
                    <td>
                      <Link to={`~/performances/${set.id}`}>{programme.artists.get(set.artistId)?.name ?? set.artistId}</Link>
                      {set.title ? <span className="muted"> · {set.title}</span> : null}
                    </td>
                    <td data-label={intl.formatMessage({ id: 'staff.figures.stage', defaultMessage: 'Stage' })}>{stageName(set.stageId)}</td>
                    <td data-label={intl.formatMessage({ id: 'staff.figures.time', defaultMessage: 'Time' })}>
                      {shortDayLabel(intl, festivalDayOf(set.startsAt, programme.festival))} {timeRange(intl, set.startsAt, set.endsAt, programme.festival)}
                    </td>
                    <td data-label={intl.formatMessage({ id: 'staff.figures.favourites', defaultMessage: 'Favourites' })}>{intl.formatNumber(favourites)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        }}
      </FestivalGate>
    </section>
  );
}
