import { planGeoTransform } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { describe, expect, it } from 'vitest';
import { nearestStageId } from './nearest-stage';

const { venueMap } = encore2026();
const transform = planGeoTransform(venueMap.georeference);
const stageAt = (stageId: string) => venueMap.markers.find((marker) => marker.kind === 'stage' && marker.stageId === stageId)!;

describe('the stage nearest to the person', () => {
  it('is the stage whose marker is nearest on the georeferenced plan', () => {
    const pier = stageAt('the-pier');
    expect(nearestStageId(venueMap, transform.toGeo({ x: pier.x - 0.03, y: pier.y + 0.02 }))).toBe('the-pier');
    // Between the Main Stage (0.3, 0.33) and the Harbour Tent (0.62, 0.27), a little nearer the tent.
    expect(nearestStageId(venueMap, transform.toGeo({ x: 0.5, y: 0.3 }))).toBe('harbour-tent');
    expect(nearestStageId(venueMap, transform.toGeo({ x: 0.4, y: 0.3 }))).toBe('main-stage');
  });

  it('is none off the festival site, without a georeference, without stage markers, or without a position', () => {
    expect(nearestStageId(venueMap, transform.toGeo({ x: 1.4, y: 0.5 }))).toBeNull();
    expect(nearestStageId(venueMap, { lat: 52.0894, lng: 5.1101 })).toBeNull();
    const here = transform.toGeo({ x: 0.5, y: 0.5 });
    expect(nearestStageId({ markers: venueMap.markers }, here)).toBeNull();
    expect(nearestStageId({ ...venueMap, markers: venueMap.markers.filter((marker) => marker.kind !== 'stage') }, here)).toBeNull();
    expect(nearestStageId(venueMap, null)).toBeNull();
    expect(nearestStageId(null, here)).toBeNull();
  });
});
