import { describe, expect, it } from 'vitest';
import { georeferenceProblem, isOnPlan, planGeoTransform, walkingMinutes, walkingMinutesForMetres, type Georeference } from './georeference.js';

/** A north-up plan 3:2, 600 m wide and 400 m tall, its top-left corner at 52.4000 N, 4.9000 E. */
const METRES_PER_DEGREE_LAT = (6_371_008.8 * Math.PI) / 180;
const lat0 = 52.4;
const lng0 = 4.9;
const metresPerDegreeLng = METRES_PER_DEGREE_LAT * Math.cos(((lat0 - 0.0018) * Math.PI) / 180);
/** The earth position of a plan fraction of that ideal plan (small-area approximation). */
const geoOf = (x: number, y: number) => ({ lat: lat0 - (y * 400) / METRES_PER_DEGREE_LAT, lng: lng0 + (x * 600) / metresPerDegreeLng });
/** The smallest turn in degrees between two angles. */
const turn = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);
const control = (x: number, y: number) => ({ x, y, ...geoOf(x, y) });

const twoPoints: Georeference = { planAspect: 1.5, points: [control(0.1, 0.2), control(0.9, 0.8)] };
const threePoints: Georeference = { planAspect: 1.5, points: [control(0.1, 0.2), control(0.9, 0.3), control(0.4, 0.9)] };

describe('planGeoTransform', () => {
  it.each([
    ['two control points (similarity)', twoPoints],
    ['three control points (affine)', threePoints],
  ])('puts each control point back on its plan position, with %s', (_, georeference) => {
    const transform = planGeoTransform(georeference);
    for (const point of georeference.points) {
      const onPlan = transform.toPlan(point);
      expect(onPlan.x).toBeCloseTo(point.x, 6);
      expect(onPlan.y).toBeCloseTo(point.y, 6);
    }
  });

  it('maps other positions between them to where the plan draws them, and back', () => {
    const transform = planGeoTransform(twoPoints);
    const centre = transform.toPlan(geoOf(0.5, 0.5));
    expect(centre.x).toBeCloseTo(0.5, 3);
    expect(centre.y).toBeCloseTo(0.5, 3);
    const back = transform.toGeo({ x: 0.25, y: 0.75 });
    expect(back.lat).toBeCloseTo(geoOf(0.25, 0.75).lat, 6);
    expect(back.lng).toBeCloseTo(geoOf(0.25, 0.75).lng, 6);
  });

  it('gives the plan its scale: 400 m per plan height, and distances in metres', () => {
    const transform = planGeoTransform(twoPoints);
    expect(transform.metresPerPlanUnit).toBeCloseTo(400, -1);
    // From the left edge to the right edge along the middle: 600 m.
    expect(transform.metresBetween({ x: 0, y: 0.5 }, { x: 1, y: 0.5 })).toBeCloseTo(600, -1);
    expect(planGeoTransform(threePoints).metresBetween({ x: 0.5, y: 0 }, { x: 0.5, y: 1 })).toBeCloseTo(400, -1);
  });

  it('says a position beyond the plan is off it', () => {
    const transform = planGeoTransform(twoPoints);
    expect(isOnPlan(transform.toPlan(geoOf(0.3, 0.6)))).toBe(true);
    expect(isOnPlan(transform.toPlan(geoOf(1.4, 0.6)))).toBe(false);
    expect(isOnPlan(transform.toPlan(geoOf(0.5, -0.2)))).toBe(false);
  });

  it('turns a compass heading into the plan\'s rotation: north is up on a north-up plan, east is right', () => {
    const transform = planGeoTransform(threePoints);
    const here = geoOf(0.5, 0.5);
    expect(turn(transform.planHeading(here, 0), 0)).toBeCloseTo(0, 1);
    expect(turn(transform.planHeading(here, 90), 90)).toBeCloseTo(0, 1);
    expect(turn(transform.planHeading(here, 225), 225)).toBeCloseTo(0, 1);
  });

  it('follows a plan drawn rotated: with east up, north points left', () => {
    // The same site drawn turned a quarter anticlockwise: plan (x, y) shows the site's (1 - y, x) (a 2:3 plan).
    const rotated: Georeference = { planAspect: 400 / 600, points: [{ x: 0.2, y: 0.1, ...geoOf(0.9, 0.2) }, { x: 0.8, y: 0.9, ...geoOf(0.1, 0.8) }] };
    expect(turn(planGeoTransform(rotated).planHeading(geoOf(0.5, 0.5), 0), 270)).toBeCloseTo(0, 1);
  });

  it('refuses control points that give no transform', () => {
    expect(() => planGeoTransform({ planAspect: 1.5, points: [control(0.2, 0.2), control(0.2, 0.2)] })).toThrow(/one place/);
    expect(georeferenceProblem({ planAspect: 1.5, points: [control(0.1, 0.1), control(0.5, 0.5), control(0.9, 0.9)] })).toMatch(/one line/);
    expect(georeferenceProblem({ planAspect: 1.5, points: [control(0.1, 0.1)] })).toMatch(/two or three/);
    expect(georeferenceProblem(threePoints)).toBeNull();
  });
});

describe('walkingMinutes', () => {
  it('is 0 for the same place and at least a minute for any distance', () => {
    expect(walkingMinutes(twoPoints, { x: 0.3, y: 0.3 }, { x: 0.3, y: 0.3 })).toBe(0);
    expect(walkingMinutesForMetres(5)).toBe(1);
  });

  it('walks the plan\'s 600 m width in 12 minutes (4 km/h with a quarter more for detours, rounded up)', () => {
    // 600 m x 1.25 = 750 m at 66.7 m a minute = 11.25, so 12.
    expect(walkingMinutes(twoPoints, { x: 0, y: 0.5 }, { x: 1, y: 0.5 })).toBe(12);
    expect(walkingMinutes(threePoints, { x: 0, y: 0.5 }, { x: 1, y: 0.5 })).toBe(12);
  });
});
