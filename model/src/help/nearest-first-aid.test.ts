import { describe, expect, it } from 'vitest';
import type { MapMarker } from '../schemas/venue.js';
import { nearestFirstAid } from './nearest-first-aid.js';

const markers: MapMarker[] = [
  { id: 'main', kind: 'stage', stageId: 'main-stage', x: 0.5, y: 0.5 },
  { id: 'aid-north', kind: 'first-aid', x: 0.2, y: 0.1, label: 'First aid north' },
  { id: 'aid-south', kind: 'first-aid', x: 0.8, y: 0.9 },
];
// A plan 1 km tall and 1 km wide, north up (two control points at its corners).
const georeference = {
  planAspect: 1,
  points: [
    { x: 0, y: 0, lat: 52.4, lng: 4.9 },
    { x: 1, y: 1, lat: 52.4 - 1000 / 111_195, lng: 4.9 + 1000 / (111_195 * Math.cos((52.395 * Math.PI) / 180)) },
  ],
};

describe('nearestFirstAid', () => {
  it('is null when the plan has no first-aid post', () => {
    expect(nearestFirstAid(markers.slice(0, 1), { x: 0.1, y: 0.1 }, georeference)).toBeNull();
  });

  it('without a position, offers the plan’s first post and no distance', () => {
    expect(nearestFirstAid(markers, null, georeference)).toEqual({ marker: markers[1] });
  });

  it('with a position but no georeference, picks the nearest on the plan, without a distance', () => {
    expect(nearestFirstAid(markers, { x: 0.7, y: 0.8 }, null)).toEqual({ marker: markers[2] });
  });

  it('with a position and a georeference, gives the nearest post’s metres and walking minutes', () => {
    const post = nearestFirstAid(markers, { x: 0.8, y: 0.6 }, georeference);
    expect(post?.marker.id).toBe('aid-south');
    // 0.3 of a 1 km plan: about 300 m, 6 minutes at a festival pace with the detour.
    expect(post?.metres).toBeGreaterThanOrEqual(290);
    expect(post?.metres).toBeLessThanOrEqual(310);
    expect(post?.minutes).toBe(6);
  });
});
