import { describe, expect, it } from 'vitest';
import { MAX_MAP_MARKERS, MAX_STAGE_WALKS, mapMarkerSchema, mapRouteSchema, venueMapInputSchema, venueMapSchema } from './venue.js';

const updatedAt = new Date('2026-08-01T10:00:00Z');
const stage = { id: 'main-stage', kind: 'stage', stageId: 'main-stage', x: 0.4, y: 0.3 } as const;
const water = { id: 'water-1', kind: 'water', x: 0.5, y: 0.5, label: 'Water by the pier' } as const;
const route = { id: 'gate-to-main', stepFree: true, points: [{ x: 0.1, y: 0.9 }, { x: 0.4, y: 0.3 }] };
const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('the venue map schema', () => {
  it('accepts stages, facilities and a step-free route, with or without the plan image', () => {
    const map = { markers: [stage, water], routes: [route], updatedAt };
    expect(venueMapSchema.parse(map)).toEqual(map);
    expect(venueMapInputSchema.parse(map)).toEqual(map);
    expect(venueMapSchema.safeParse({ ...map, image: null }).success).toBe(true);
  });

  it('keeps positions on the plan: x and y are fractions from 0 to 1', () => {
    expect(messages(mapMarkerSchema.safeParse({ ...water, x: 1.2 }))).toEqual(['x: Too big: expected number to be <=1']);
    expect(mapMarkerSchema.safeParse({ ...water, y: -0.01 }).success).toBe(false);
    expect(mapRouteSchema.safeParse({ ...route, points: [{ x: 0, y: 0 }, { x: 1, y: 2 }] }).success).toBe(false);
  });

  it('requires a stage marker to name its stage, and refuses a stage on a facility', () => {
    const { stageId: _stageId, ...nameless } = stage;
    expect(messages(mapMarkerSchema.safeParse(nameless))).toEqual(['stageId: a stage marker names its stage (stageId), and only a stage marker does']);
    expect(mapMarkerSchema.safeParse({ ...water, stageId: 'main-stage' }).success).toBe(false);
  });

  it('refuses facilities it has no icon for, and routes of fewer than two points', () => {
    expect(mapMarkerSchema.safeParse({ ...water, kind: 'bar' }).success).toBe(false);
    expect(mapRouteSchema.safeParse({ ...route, points: [{ x: 0.1, y: 0.1 }] }).success).toBe(false);
  });

  it('refuses two markers with one id, more markers than the limit, and fields the contract does not know', () => {
    expect(messages(venueMapSchema.safeParse({ markers: [water, water], routes: [], updatedAt }))).toEqual(['markers: two markers have the same id']);
    const many = Array.from({ length: MAX_MAP_MARKERS + 1 }, (_, index) => ({ ...water, id: `water-${index}` }));
    expect(venueMapSchema.safeParse({ markers: many, routes: [], updatedAt }).success).toBe(false);
    expect(venueMapSchema.safeParse({ markers: [], routes: [], updatedAt, zoom: 2 }).success).toBe(false);
  });

  it("keeps staff's walking minutes per pair of stages: whole minutes from 1 to 120, two different stages, each pair once", () => {
    const map = { markers: [stage], routes: [], updatedAt };
    const walk = { from: 'main-stage', to: 'harbour-tent', minutes: 7 };
    expect(venueMapInputSchema.parse({ ...map, walks: [walk] }).walks).toEqual([walk]);
    expect(messages(venueMapInputSchema.safeParse({ ...map, walks: [{ ...walk, minutes: 0 }] }))).toEqual(['walks.0.minutes: Too small: expected number to be >=1']);
    expect(venueMapInputSchema.safeParse({ ...map, walks: [{ ...walk, minutes: 7.5 }] }).success).toBe(false);
    expect(venueMapInputSchema.safeParse({ ...map, walks: [{ ...walk, minutes: 121 }] }).success).toBe(false);
    expect(messages(venueMapInputSchema.safeParse({ ...map, walks: [{ ...walk, to: 'main-stage' }] }))).toEqual(['walks.0.to: a walk joins two different stages']);
    expect(messages(venueMapInputSchema.safeParse({ ...map, walks: [walk, { from: 'harbour-tent', to: 'main-stage', minutes: 9 }] }))).toEqual(['walks: two walks join the same two stages']);
    const tooMany = Array.from({ length: MAX_STAGE_WALKS + 1 }, (_, i) => ({ from: `stage-${i}`, to: `stage-${i + 1000}`, minutes: 5 }));
    expect(venueMapInputSchema.safeParse({ ...map, walks: tooMany }).success).toBe(false);
  });
});
