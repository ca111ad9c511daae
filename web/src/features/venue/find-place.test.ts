import { planGeoTransform } from '@encore/model';
import { encore2026 } from '@encore/model/seed';
import { describe, expect, it } from 'vitest';
import { findPlaces, positionOnPlan } from './find-place';

const { venueMap } = encore2026();
const transform = planGeoTransform(venueMap.georeference);
const kindName = (kind: string) => ({ water: 'Drinking water', toilets: 'Toilets' })[kind] ?? kind;
const options = { kind: null, search: '', kindName, from: null, georeference: venueMap.georeference };

describe('find a place', () => {
  it('lists the water points nearest first, with walking minutes, once the position is known', () => {
    const from = { x: 0.75, y: 0.4 }; // beside the Harbour water point
    const water = findPlaces(venueMap.markers, { ...options, kind: 'water', from });
    expect(water.map((place) => place.marker.id)).toEqual(['water-harbour', 'water-centre', 'water-main']);
    expect(water[0]!.minutes).toBe(1);
    expect(water.every((place, index) => index === 0 || place.metres! >= water[index - 1]!.metres!)).toBe(true);
  });

  it('keeps the map’s order and gives no minutes while the position is unknown', () => {
    const water = findPlaces(venueMap.markers, { ...options, kind: 'water' });
    expect(water.map((place) => place.marker.id)).toEqual(['water-main', 'water-centre', 'water-harbour']);
    expect(water.every((place) => place.minutes === null)).toBe(true);
  });

  it('searches kind names and labels, and never lists stages', () => {
    expect(findPlaces(venueMap.markers, { ...options, search: 'gate' }).map((place) => place.marker.id)).toEqual(['toilets-gate', 'first-aid-gate', 'lockers-gate', 'exit-main-gate']);
    expect(findPlaces(venueMap.markers, { ...options, search: 'drinking' }).every((place) => place.marker.kind === 'water')).toBe(true);
    expect(findPlaces(venueMap.markers, options).some((place) => place.marker.kind === 'stage')).toBe(false);
  });

  it('puts a position on the plan, or says how far off it is', () => {
    const here = positionOnPlan(venueMap.georeference, { ...transform.toGeo({ x: 0.4, y: 0.6 }), heading: 0 });
    expect(here.onPlan).toBe(true);
    expect(here.point.x).toBeCloseTo(0.4, 5);
    expect(here.point.y).toBeCloseTo(0.6, 5);
    expect(Math.min(here.heading!, 360 - here.heading!)).toBeLessThan(1);
    const away = positionOnPlan(venueMap.georeference, transform.toGeo({ x: 1.5, y: 0.5 }));
    expect(away.onPlan).toBe(false);
    // Half a plan width east of the edge: about 450 m.
    expect(away.metresOff).toBeGreaterThan(400);
    expect(away.metresOff).toBeLessThan(500);
    expect(away.heading).toBeNull();
  });
});
