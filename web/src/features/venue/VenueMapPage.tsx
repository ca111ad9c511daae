import { FormattedMessage } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { useNow } from '../../time/ClockContext';
import { EmptyState } from '../../ui/EmptyState';
import { FestivalGate } from '../../ui/FestivalGate';
import { LiveGate } from '../../ui/LiveGate';
import { useVenueMap } from './use-venue-map';
import { GroupsOnMap } from '../groups/GroupsOnMap';
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
        {/* Issue 36: from the map, one tap to the emergency number, the nearest first aid and staff. */}
        <Link to="/help" className="button button-secondary map-help-link">
          <FormattedMessage id="venue.page.help" defaultMessage="Need help? Emergency number, first aid, staff" />
        </Link>
      </header>
      <FestivalGate state={festival}>
        {(programme) => (
          <LiveGate
            state={map}
            loading={{ label: <FormattedMessage id="venue.page.loading" defaultMessage="Loading the map…" />, shape: 'tiles', count: 1 }}
            notSaved={{
              title: <FormattedMessage id="venue.page.notSavedTitle" defaultMessage="The map is not saved on this device yet" />,
              body: <FormattedMessage id="venue.page.notSaved" defaultMessage="It will appear when you are back online." />,
            }}
            none={
              <EmptyState
                title={<FormattedMessage id="venue.page.none" defaultMessage="There is no map of this festival yet" />}
                action={
                  <Link to="/" className="button">
                    <FormattedMessage id="venue.page.back" defaultMessage="Back to the programme" />
                  </Link>
                }
              />
            }
          >
            {(venueMap) => <VenueMapView map={venueMap} programme={programme} now={now} overlay={<GroupsOnMap programme={programme} georeference={venueMap.georeference ?? undefined} />} />}
          </LiveGate>
        )}
      </FestivalGate>
    </article>
  );
}
