import { describe, expect, it } from 'vitest';
import type { Georeference } from './georeference.js';
import { stageWalkFromPlan } from './walking.js';

/** A north-up plan 3:2, 600 m wide and 400 m tall (as in georeference.test.ts). */
const METRES_PER_DEGREE_LAT = (6_371_008.8 * Math.PI) / 180;
const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos((52.4 * Math.PI) / 180);
const control = (x: number, y: number) => ({ x, y, lat: 52.4 - (y * 400) / METRES_PER_DEGREE_LAT, lng: 4.9 + (x * 600) / metresPerDegreeLng });
const georeference: Georeference = { planAspect: 1.5, points: [control(0.1, 0.2), control(0.9, 0.8)] };

describe('stageWalkFromPlan', () => {
  const markers = [
    { kind: 'stage', stageId: 'main', x: 0.1, y: 0.1 },
    { kind: 'stage', stageId: 'tent', x: 0.6, y: 0.1 },
    { kind: 'toilets', x: 0.5, y: 0.5 },
  ];

  it('gives the map\'s walking minutes between two stages once the plan is georeferenced, both ways', () => {
    // 0.5 of 600 m = 300 m, x 1.25 for detours = 375 m at 66.7 m a minute = 5.6, so 6.
    const walk = stageWalkFromPlan(markers, georeference);
    expect(walk('main', 'tent')).toBe(6);
    expect(walk('tent', 'main')).toBe(6);
    expect(walk('main', 'main')).toBe(0);
  });

  it('says it does not know without a georeference, or for a stage with no marker', () => {
    expect(stageWalkFromPlan(markers, undefined)('main', 'tent')).toBeNull();
    expect(stageWalkFromPlan(markers, georeference)('main', 'pier')).toBeNull();
    expect(stageWalkFromPlan(markers, null)('pier', 'pier')).toBe(0);
  });

  it("takes staff's own minutes for a pair before the plan's, whichever way they were entered", () => {
    const walk = stageWalkFromPlan(markers, georeference, [{ from: 'tent', to: 'main', minutes: 12 }]);
    expect(walk('main', 'tent')).toBe(12);
    expect(walk('tent', 'main')).toBe(12);
    expect(walk('main', 'main')).toBe(0);
  });

  it("walks staff's pairs even where the plan has no scale or a stage no marker, and leaves other pairs unknown", () => {
    const walk = stageWalkFromPlan(markers, undefined, [{ from: 'main', to: 'pier', minutes: 9 }]);
    expect(walk('pier', 'main')).toBe(9);
    expect(walk('main', 'tent')).toBeNull();
  });
});
