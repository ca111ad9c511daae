import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { useNow } from '../../time/ClockContext';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { FestivalGate } from '../../ui/FestivalGate';
import { Skeleton } from '../../ui/Skeleton';
import { useVenueMap } from './use-venue-map';
import { VenueMapView } from './VenueMapView';

/** `/map`: the venue map, with what plays on each stage now and next. Opens offline after a first visit. */
export default function VenueMapPage() {
  const festival = useFestival();
  const map = useVenueMap();
  const now = useNow();
  return (
    <article>
      <header className="page-header">
        <h1>
          <FormattedMessage id="venue.page.title" defaultMessage="Map" />
        </h1>
        <p className="muted">
          <FormattedMessage id="venue.page.intro" defaultMessage="Stages, toilets, water, first aid, exits and accessible viewing areas. Step-free routes are marked green." />
        </p>
      </header>
      <FestivalGate state={festival}>
        {(programme) =>
          map.status === 'error' ? (
            <ErrorNotice error={map.error} variant="state" />
          ) : map.status === 'loading' ? (
            <Skeleton label={<FormattedMessage id="venue.page.loading" defaultMessage="Loading the map…" />} shape="tiles" count={1} />
          ) : !map.data && map.fromCache ? (
            // Only this device's cache answered, and it has no map: that says nothing about the festival.
            <EmptyState
              icon="offline"
              title={<FormattedMessage id="venue.page.notSavedTitle" defaultMessage="The map is not saved on this device yet" />}
            >
              <FormattedMessage id="venue.page.notSaved" defaultMessage="It will appear when you are back online." />
            </EmptyState>
          ) : !map.data ? (
            <EmptyState
              title={<FormattedMessage id="venue.page.none" defaultMessage="There is no map of this festival yet" />}
              action={
                <Link to="/" className="button">
                  <FormattedMessage id="venue.page.back" defaultMessage="Back to the programme" />
                </Link>
              }
            />
          ) : (
            <VenueMapView map={map.data} programme={programme} now={now} />
          )
        }
      </FestivalGate>
    </article>
  );
}
