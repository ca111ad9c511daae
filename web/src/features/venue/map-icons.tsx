import type { MapMarkerKind } from '@encore/model';
import { defineMessages } from 'react-intl';

/**
 * One icon per kind of marker (24 px line drawings in the text colour), always beside or
 * inside a labelled control: the icons are decorative, the names carry the meaning.
 */
const PATHS: Record<MapMarkerKind, string> = {
  stage: 'M9 18V5l10-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM19 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  toilets: 'M7 4.5a1.5 1.5 0 1 0 0 .01M17 4.5a1.5 1.5 0 1 0 0 .01M5 9h4l-.5 6H7.5v5M5.5 15H5M15 9h4l1.5 7h-2v4h-3v-4h-2z',
  water: 'M12 3s6 7 6 11a6 6 0 0 1-12 0c0-4 6-11 6-11z',
  'first-aid': 'M4 8h16v12H4zM9 4h6v4H9zM12 11v6M9 14h6',
  food: 'M7 3v8M5 3v5a2 2 0 0 0 4 0V3M7 11v10M16 3c-2 1-3 4-3 8h3v10',
  lockers: 'M5 3h14v18H5zM12 3v18M8.5 8h1M14.5 8h1',
  exit: 'M14 4h5v16h-5M10 8l-4 4 4 4M6 12h10',
  'accessible-viewing': 'M11 4.5a1.5 1.5 0 1 0 0 .01M10 8v6h6l2 5M10 11h5M8 11.5a5 5 0 1 0 6 7',
  charging: 'M13 2L5 14h6l-1 8 8-12h-6z',
};

export function MarkerIcon({ kind, size = 20 }: { kind: MapMarkerKind; size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={PATHS[kind]} />
    </svg>
  );
}

/** What each kind is called, in the legend, the list and every marker's name. */
export const kindNames = defineMessages({
  stage: { id: 'venue.kind.stage', defaultMessage: 'Stage' },
  toilets: { id: 'venue.kind.toilets', defaultMessage: 'Toilets' },
  water: { id: 'venue.kind.water', defaultMessage: 'Drinking water' },
  'first-aid': { id: 'venue.kind.firstAid', defaultMessage: 'First aid' },
  food: { id: 'venue.kind.food', defaultMessage: 'Food' },
  lockers: { id: 'venue.kind.lockers', defaultMessage: 'Lockers' },
  exit: { id: 'venue.kind.exit', defaultMessage: 'Exit' },
  'accessible-viewing': { id: 'venue.kind.accessibleViewing', defaultMessage: 'Accessible viewing area' },
  charging: { id: 'venue.kind.charging', defaultMessage: 'Phone charging' },
});
