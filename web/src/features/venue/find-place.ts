import { planGeoTransform, walkingMinutesForMetres, type FacilityKind, type GeoPosition, type Georeference, type MapMarker, type MapPoint } from '@encore/model';

/**
 * "Find a place" and "you are here": facilities of a kind, matching a search, nearest first
 * once the person's position is known (never stored or sent: it only ever lives in this
 * page's memory), with walking minutes from the plan's georeference.
 */

export interface PlaceFound {
  marker: MapMarker;
  /** Walking minutes from the person's position; null while it is not known (or the plan has no georeference). */
  minutes: number | null;
  metres: number | null;
}

/** Where the person is on the plan, from a Geolocation fix. */
export interface PositionOnPlan {
  point: MapPoint;
  onPlan: boolean;
  /** Metres from the plan's nearest edge when off it, else 0. */
  metresOff: number;
  /** Degrees clockwise from the plan's "up" the person is heading, when the device says. */
  heading: number | null;
}

export function positionOnPlan(georeference: Georeference, position: GeoPosition & { heading?: number | null }): PositionOnPlan {
  const transform = planGeoTransform(georeference);
  const point = transform.toPlan(position);
  const clamped = { x: Math.min(1, Math.max(0, point.x)), y: Math.min(1, Math.max(0, point.y)) };
  const onPlan = clamped.x === point.x && clamped.y === point.y;
  const heading = typeof position.heading === 'number' && Number.isFinite(position.heading) ? transform.planHeading(position, position.heading) : null;
  return { point, onPlan, metresOff: onPlan ? 0 : transform.metresBetween(point, clamped), heading };
}

const fold = (text: string) => text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();

/**
 * Facilities (not stages) of `kind` (or any), whose kind name or label matches `search`,
 * nearest first when `from` is known, each with its walking minutes; else in the map's order.
 */
export function findPlaces(
  markers: readonly MapMarker[],
  options: {
    kind: FacilityKind | null;
    search: string;
    kindName(kind: FacilityKind): string;
    /** The place's name as shown (placeNames: "Toilets by Main Stage"), searched too; else its label. */
    name?(marker: MapMarker): string;
    from: MapPoint | null;
    georeference: Georeference | undefined;
  },
): PlaceFound[] {
  const words = fold(options.search).split(/\s+/).filter(Boolean);
  const transform = options.georeference ? planGeoTransform(options.georeference) : null;
  const found = markers
    .filter((marker): marker is MapMarker & { kind: FacilityKind } => marker.kind !== 'stage')
    .filter((marker) => options.kind === null || marker.kind === options.kind)
    .filter((marker) => {
      const text = fold(`${options.kindName(marker.kind)} ${options.name?.(marker) ?? marker.label ?? ''}`);
      return words.every((word) => text.includes(word));
    })
    .map((marker) => {
      const metres = transform && options.from ? transform.metresBetween(options.from, marker) : null;
      return { marker, metres, minutes: metres === null ? null : walkingMinutesForMetres(metres) };
    });
  return options.from && transform ? found.sort((a, b) => a.metres! - b.metres!) : found;
}
