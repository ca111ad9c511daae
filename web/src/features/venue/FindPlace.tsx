import type { FacilityKind, VenueMap } from '@encore/model';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { findPlaces, type PositionOnPlan } from './find-place';
import { MarkerIcon, kindNames } from './map-icons';

/**
 * "Find a place": the facilities the map's filter shows (`kind`), by name, nearest first with
 * walking minutes once the person's position is known; picking one selects it and shows it on the plan.
 */
export function FindPlace({ map, names, kind, here, selectedId, onPick }: {
  map: VenueMap;
  /** Every place's name as the map shows it (placeNames). */
  names: ReadonlyMap<string, string>;
  kind: FacilityKind | null;
  here: PositionOnPlan | null;
  selectedId: string | null;
  onPick(markerId: string): void;
}) {
  const intl = useIntl();
  const id = useId();
  const [search, setSearch] = useState('');
  const places = useMemo(
    () =>
      findPlaces(map.markers, {
        kind,
        search,
        kindName: (k) => intl.formatMessage(kindNames[k]),
        name: (marker) => names.get(marker.id) ?? '',
        from: here?.onPlan ? here.point : null,
        georeference: map.georeference,
      }),
    [map, kind, search, here, intl, names],
  );
  return (
    <section className="panel find-place" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="venue.find.title" defaultMessage="Find a place" />
      </h2>
      <div className="field">
        <label htmlFor={`${id}-q`}>
          <FormattedMessage id="venue.find.search" defaultMessage="Search" />
        </label>
        <input id={`${id}-q`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
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
                <span className="find-place-name">{names.get(marker.id) ?? intl.formatMessage(kindNames[marker.kind])}</span>
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
