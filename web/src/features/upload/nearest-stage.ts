import { planGeoTransform, type GeoPosition, type VenueMap } from '@encore/model';
import { positionOnPlan } from '../venue/find-place';

/**
 * The stage nearest to the person, from a Geolocation fix and the plan's georeference (the
 * map's "you are here"), measured to each stage's marker on the plan. None when the plan has
 * no georeference or no stage markers, or when the person is not on the plan at all (at home,
 * say: then no stage is "nearest" in any useful sense).
 */
export function nearestStageId(map: Pick<VenueMap, 'markers' | 'georeference'> | null, position: GeoPosition | null): string | null {
  if (!map?.georeference || !position) return null;
  const here = positionOnPlan(map.georeference, position);
  if (!here.onPlan) return null;
  const transform = planGeoTransform(map.georeference);
  let nearest: { stageId: string; metres: number } | null = null;
  for (const marker of map.markers) {
    if (marker.kind !== 'stage' || !marker.stageId) continue;
    const metres = transform.metresBetween(here.point, marker);
    if (!nearest || metres < nearest.metres) nearest = { stageId: marker.stageId, metres };
  }
  return nearest?.stageId ?? null;
}
