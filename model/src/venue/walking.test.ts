import { describe, expect, it } from 'vitest';
import { planDistanceMetres, stageWalkFromPlan, walkingMinutes } from './walking.js';

const scale = { widthMetres: 600, heightMetres: 400 };

describe('walkingMinutes', () => {
  it('measures along both axes of the plan with their own lengths', () => {
    // 0.5 of 600 m across and 0.75 of 400 m down: a 300-300 right triangle.
    expect(planDistanceMetres({ x: 0.25, y: 0 }, { x: 0.75, y: 0.75 }, scale)).toBeCloseTo(Math.hypot(300, 300), 6);
  });

  it('walks 75 m a minute at 4.5 km/h and rounds up to whole minutes', () => {
    expect(walkingMinutes({ x: 0, y: 0 }, { x: 0.125, y: 0 }, scale)).toBe(1); // 75 m exactly
    expect(walkingMinutes({ x: 0, y: 0 }, { x: 0.13, y: 0 }, scale)).toBe(2); // 78 m
    expect(walkingMinutes({ x: 0, y: 0 }, { x: 0.5, y: 0 }, scale)).toBe(4); // 300 m
    expect(walkingMinutes({ x: 0.3, y: 0.3 }, { x: 0.3, y: 0.3 }, scale)).toBe(0);
  });

  it('takes another pace', () => {
    expect(walkingMinutes({ x: 0, y: 0 }, { x: 1, y: 0 }, scale, 3.6)).toBe(10); // 600 m at 60 m/min
  });

  it('refuses a scale or pace that is not positive', () => {
    expect(() => walkingMinutes({ x: 0, y: 0 }, { x: 1, y: 1 }, { widthMetres: 0, heightMetres: 400 })).toThrow(/positive width and height/);
    expect(() => walkingMinutes({ x: 0, y: 0 }, { x: 1, y: 1 }, scale, 0)).toThrow(/pace must be positive/);
  });
});

describe('stageWalkFromPlan', () => {
  const markers = [
    { kind: 'stage', stageId: 'main', x: 0.1, y: 0.1 },
    { kind: 'stage', stageId: 'tent', x: 0.6, y: 0.1 },
    { kind: 'toilets', x: 0.5, y: 0.5 },
  ];

  it('gives minutes between two stages on the plan once it has a scale', () => {
    const walk = stageWalkFromPlan(markers, scale);
    expect(walk('main', 'tent')).toBe(4);
    expect(walk('tent', 'main')).toBe(4);
    expect(walk('main', 'main')).toBe(0);
  });

  it('says it does not know without a scale, or for a stage with no marker', () => {
    expect(stageWalkFromPlan(markers, null)('main', 'tent')).toBeNull();
    expect(stageWalkFromPlan(markers, scale)('main', 'pier')).toBeNull();
    expect(stageWalkFromPlan(markers, null)('pier', 'pier')).toBe(0);
  });
});
