import { planGeoTransform, walkingMinutesForMetres, type Georeference } from './georeference.js';
import { stagePairKey, type StageWalkInput } from '../schemas/venue.js';

/**
 * Walking minutes between stages, for clash advice and "next" on My schedule.
 *
 * Plan positions are fractions of the plan's width and height, so they carry no distance by
 * themselves: the scale comes from the plan's georeference (staff place two or three points of
 * the plan on the earth, `georeference.ts`), and the minutes from the one walking rule the
 * map's "find a place" uses too (`walkingMinutesForMetres`: the straight distance with a
 * detour factor, at a festival pace, rounded up), so the schedule and the map never disagree.
 * Where staff entered the minutes for a pair of stages themselves (`walks` on the venue map),
 * those win: they know the bridge that is closed and the field in between.
 */

/** Walking minutes between two stages, or null when unknown (no position, no scale yet). */
export type StageWalk = (fromStageId: string, toStageId: string) => number | null;

/**
 * The stage-to-stage walk: staff's own minutes for the pair when they entered some (`walks`,
 * either way round), otherwise from the venue map's stage markers and the plan's georeference:
 * null for a stage without a marker, and for every pair while the plan is not georeferenced.
 * The same stage is 0.
 */
export function stageWalkFromPlan(
  markers: ReadonlyArray<{ kind: string; stageId?: string | undefined; x: number; y: number }>,
  georeference: Georeference | null | undefined,
  walks: ReadonlyArray<StageWalkInput> = [],
): StageWalk {
  const positions = new Map(markers.filter((marker) => marker.kind === 'stage' && marker.stageId).map((marker) => [marker.stageId!, { x: marker.x, y: marker.y }]));
  const entered = new Map(walks.map((walk) => [stagePairKey(walk.from, walk.to), walk.minutes]));
  const transform = georeference ? planGeoTransform(georeference) : null;
  return (fromStageId, toStageId) => {
    if (fromStageId === toStageId) return 0;
    const minutes = entered.get(stagePairKey(fromStageId, toStageId));
    if (minutes !== undefined) return minutes;
    const from = positions.get(fromStageId);
    const to = positions.get(toStageId);
    if (!transform || !from || !to) return null;
    return walkingMinutesForMetres(transform.metresBetween(from, to));
  };
}

/** The walk while nothing is known of the plan: staying at the same stage is no walk, any other pair unknown. */
export const unknownStageWalk: StageWalk = (fromStageId, toStageId) => (fromStageId === toStageId ? 0 : null);
