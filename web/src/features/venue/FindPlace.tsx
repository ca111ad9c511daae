import { FACILITY_KINDS, type FacilityKind, type VenueMap } from '@encore/model';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { findPlaces, type PositionOnPlan } from './find-place';
import { MarkerIcon, kindNames } from './map-icons';

/**
 * "Find a place": facilities by kind and by name, nearest first with walking minutes once the
 * person's position is known; picking one selects it and centres the plan on it.
 */
export function FindPlace({ map, here, selectedId, onPick }: { map: VenueMap; here: PositionOnPlan | null; selectedId: string | null; onPick(markerId: string): void }) {
  const intl = useIntl();
  const id = useId();
  const [kind, setKind] = useState<FacilityKind | null>(null);
  const [search, setSearch] = useState('');
  const kinds = FACILITY_KINDS.filter((candidate) => map.markers.some((marker) => marker.kind === candidate));
  const places = useMemo(
    () => findPlaces(map.markers, { kind, search, kindName: (k) => intl.formatMessage(kindNames[k]), from: here?.onPlan ? here.point : null, georeference: map.georeference }),
    [map, kind, search, here, intl],
  );
  return (
    <section className="panel find-place" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="venue.find.title" defaultMessage="Find a place" />
      </h2>
      <div className="find-place-fields">
        <div className="field">
          <label htmlFor={`${id}-kind`}>
            <FormattedMessage id="venue.find.kind" defaultMessage="What" />
          </label>
          <select id={`${id}-kind`} value={kind ?? ''} onChange={(event) => setKind((event.target.value || null) as FacilityKind | null)}>
            <option value="">{intl.formatMessage({ id: 'venue.find.anyKind', defaultMessage: 'Everything' })}</option>
            {kinds.map((candidate) => (
              <option key={candidate} value={candidate}>
                {intl.formatMessage(kindNames[candidate])}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-q`}>
            <FormattedMessage id="venue.find.search" defaultMessage="Search" />
          </label>
          <input id={`${id}-q`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
      </div>
      <p className="field-hint">
        {here?.onPlan ? (
          <FormattedMessage id="venue.find.nearestFirst" defaultMessage="Nearest first, in walking minutes from where you are." />
        ) : (
          <FormattedMessage id="venue.find.showPosition" defaultMessage="Show your position to list the nearest first." />
        )}
      </p>
      {places.length === 0 ? (
        <p>
          <FormattedMessage id="venue.find.none" defaultMessage="Nothing on the map matches." />
        </p>
      ) : (
        <ol className="map-list find-place-list" aria-label={intl.formatMessage({ id: 'venue.find.results', defaultMessage: 'Places found' })}>
          {places.map(({ marker, minutes }) => (
            <li key={marker.id}>
              <button type="button" aria-current={marker.id === selectedId} onClick={() => onPick(marker.id)}>
                <MarkerIcon kind={marker.kind} />
                <span className="find-place-name">{marker.label ?? intl.formatMessage(kindNames[marker.kind])}</span>
                {minutes !== null ? (
                  <span className="find-place-minutes">{intl.formatMessage({ id: 'venue.find.minutes', defaultMessage: '{minutes, plural, one {# min walk} other {# min walk}}' }, { minutes })}</span>
                ) : null}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
