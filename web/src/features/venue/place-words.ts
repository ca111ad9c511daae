import { placeNames, type MapMarker, type PlaceWords } from '@encore/model';
import { useMemo } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Programme } from '../../festival/programme';
import { kindNames } from './map-icons';

/** placeNames' words from this app's catalogue: stages by the programme's names, kinds by the map's legend. */
export function placeWords(intl: IntlShape, programme: Pick<Programme, 'stages'>): PlaceWords {
  const stages = new Map(programme.stages.map((stage) => [stage.id, stage.name]));
  return {
    language: intl.locale,
    stageName: (stageId) => stages.get(stageId),
    kindName: (kind) => intl.formatMessage(kindNames[kind]),
    // The words placeNames tells alike places apart with ("Toilets by Main Stage", "Toilets by Main Stage (2)").
    near: (place, stage) => intl.formatMessage({ id: 'venue.place.near', defaultMessage: '{place} by {stage}' }, { place, stage }),
    numbered: (place, n) => intl.formatMessage({ id: 'venue.place.numbered', defaultMessage: '{place} ({n})' }, { place, n }),
  };
}

/** Every marker's name as the map and its lists show it (unique on the map), by marker id. */
export function usePlaceNames(markers: readonly MapMarker[], programme: Pick<Programme, 'stages'>): ReadonlyMap<string, string> {
  const intl = useIntl();
  return useMemo(() => placeNames(markers, placeWords(intl, programme)), [markers, programme, intl]);
}
