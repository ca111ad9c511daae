import type { MapPoint } from '../schemas/venue.js';

/**
 * Walking time between two points of the site plan, as the crow flies at a festival pace.
 *
 * Plan positions are fractions of the plan's width and height (`MapPoint`), so they carry no
 * distance by themselves: the scale is the plan's real width and height in metres (what
 * georeferencing the plan gives). A straight line is shorter than the paths people take, and
 * a crowd is slower than a street, so the pace is a calm 4.5 km/h and the result is rounded
 * up to whole minutes: advice built on it errs towards leaving early.
 */

/** The plan's real size: metres from its left edge to its right (x 0 to 1), and from top to bottom (y 0 to 1). */
export interface PlanScale {
  widthMetres: number;
  heightMetres: number;
}

/** A calm walking pace through a festival site, in km/h. */
export const WALKING_PACE_KMH = 4.5;

/** Straight-line distance in metres between two plan positions. */
export function planDistanceMetres(from: MapPoint, to: MapPoint, scale: PlanScale): number {
  if (!(scale.widthMetres > 0) || !(scale.heightMetres > 0)) throw new RangeError(`a plan scale needs a positive width and height in metres, got ${scale.widthMetres} x ${scale.heightMetres}`);
  return Math.hypot((to.x - from.x) * scale.widthMetres, (to.y - from.y) * scale.heightMetres);
}

/** Whole minutes (rounded up) to walk between two plan positions at `paceKmh` (default 4.5 km/h). */
export function walkingMinutes(from: MapPoint, to: MapPoint, scale: PlanScale, paceKmh = WALKING_PACE_KMH): number {
  if (!(paceKmh > 0)) throw new RangeError(`a walking pace must be positive, got ${paceKmh} km/h`);
  const metresPerMinute = (paceKmh * 1000) / 60;
  // A hair under a whole minute is that minute, not the next one (floating point on exact distances).
  return Math.max(0, Math.ceil(planDistanceMetres(from, to, scale) / metresPerMinute - 1e-9));
}

/** Walking minutes between two stages, or null when unknown (no position, no scale yet). */
export type StageWalk = (fromStageId: string, toStageId: string) => number | null;

/**
 * The stage-to-stage walk from the venue map's stage markers and the plan's scale: null for a
 * stage without a marker, and for every pair while the plan has no scale. The same stage is 0.
 */
export function stageWalkFromPlan(markers: ReadonlyArray<{ kind: string; stageId?: string | undefined; x: number; y: number }>, scale: PlanScale | null): StageWalk {
  const positions = new Map(markers.filter((marker) => marker.kind === 'stage' && marker.stageId).map((marker) => [marker.stageId!, { x: marker.x, y: marker.y }]));
  return (fromStageId, toStageId) => {
    if (fromStageId === toStageId) return 0;
    const from = positions.get(fromStageId);
    const to = positions.get(toStageId);
    if (!scale || !from || !to) return null;
    return walkingMinutes(from, to, scale);
  };
}
