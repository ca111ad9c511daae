import type { FacilityKind } from '@encore/model';
import { useIntl } from 'react-intl';
import { MarkerIcon, kindNames } from './map-icons';

/**
 * Chips by kind ("only water points"): one kind or everything, for the plan and the lists
 * below it alike. Stages are always shown (they are how people find their way). Plain
 * toggle buttons, so react-aria stays out of the visitor's map chunk.
 */
export function FacilityFilter({ kinds, kind, onChange }: { kinds: readonly FacilityKind[]; kind: FacilityKind | null; onChange(kind: FacilityKind | null): void }) {
  const intl = useIntl();
  if (kinds.length === 0) return null;
  return (
    <div className="map-filter" role="group" aria-label={intl.formatMessage({ id: 'venue.filter.label', defaultMessage: 'Show on the map' })}>
      <button type="button" className="map-chip" aria-pressed={kind === null} onClick={() => onChange(null)}>
        {intl.formatMessage({ id: 'venue.filter.all', defaultMessage: 'All places' })}
      </button>
      {kinds.map((candidate) => (
        <button key={candidate} type="button" className="map-chip" aria-pressed={kind === candidate} onClick={() => onChange(kind === candidate ? null : candidate)}>
          <MarkerIcon kind={candidate} size={18} />
          {intl.formatMessage(kindNames[candidate])}
        </button>
      ))}
    </div>
  );
}
