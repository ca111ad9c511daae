import type { MapMarker } from '../schemas/venue.js';
import { planGeoTransform, walkingMinutesForMetres, type Georeference } from '../venue/georeference.js';

type PlanPoint = { x: number; y: number };

/** A first-aid post of the site plan, with how far it is when the person's position is known. */
export interface FirstAidPost {
  marker: MapMarker;
  /** Straight-line metres from the person, rounded to 10; absent without a position or a georeference. */
  metres?: number;
  /** Walking minutes (with the usual detour), as the map's other walks; absent with `metres`. */
  minutes?: number;
}

/**
 * The first-aid post the Help page shows first (issue 36): the nearest to the person when their
 * position on the plan is known, else the plan's first one (staff place the main post first,
 * as they list it). Distances need the plan's georeference (metres per plan unit); without it
 * the nearest on the plan is still the nearest, just without a number. Null when the plan has
 * no first-aid post.
 */
export function nearestFirstAid(markers: readonly MapMarker[], from: PlanPoint | null, georeference: Georeference | null): FirstAidPost | null {
  const posts = markers.filter((marker) => marker.kind === 'first-aid');
  if (posts.length === 0) return null;
  if (!from) return { marker: posts[0]! };
  const transform = georeference ? planGeoTransform(georeference) : null;
  // Without a georeference, plan units still order the posts (a plan is drawn to one scale).
  const aspect = georeference?.planAspect ?? 1;
  const planDistance = (marker: MapMarker) => Math.hypot((marker.x - from.x) * aspect, marker.y - from.y);
  const nearest = posts.reduce((best, marker) => (planDistance(marker) < planDistance(best) ? marker : best));
  if (!transform) return { marker: nearest };
  const metres = transform.metresBetween(from, nearest);
  return { marker: nearest, metres: Math.round(metres / 10) * 10, minutes: walkingMinutesForMetres(metres) };
}
