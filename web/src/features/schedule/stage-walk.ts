import { stageWalkFromPlan, unknownStageWalk, type StageWalk } from '@encore/model';
import { useMemo } from 'react';
import { useVenueMap } from '../venue/use-venue-map';

/**
 * Walking minutes between stages, for clash advice and "next": staff's own minutes for a pair
 * where they entered some, otherwise from the venue map's stage markers and the plan's
 * georeference (the same rule as the map's "find a place"), and unknown while the festival has
 * no map or the plan is not georeferenced, so the advice says the walk is unknown rather than
 * guessing. The map document comes with the programme's bundle, so this
 * works offline too.
 */
export function useStageWalk(): StageWalk {
  const map = useVenueMap();
  const data = map.data;
  return useMemo(() => (data ? stageWalkFromPlan(data.markers, data.georeference, data.walks) : unknownStageWalk), [data]);
}
