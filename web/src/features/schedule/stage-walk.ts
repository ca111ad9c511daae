import type { StageWalk } from '@encore/model';

/**
 * Walking minutes between stages, for clash advice and "next".
 *
 * Not known yet: the venue map's stage markers are fractions of the plan, and the plan has no
 * scale until it is georeferenced. Once it has one, this becomes
 * `stageWalkFromPlan(venueMap.markers, planScale)` (`@encore/model`, `venue/walking.ts`: the
 * straight-line minutes at 4.5 km/h), and the advice names the walk instead of saying it is
 * unknown. Staying at the same stage is no walk.
 */
export const stageWalk: StageWalk = (fromStageId, toStageId) => (fromStageId === toStageId ? 0 : null);
