/**
 * "You are here" on the site plan: staff place two or three points of the plan on their
 * latitude and longitude once (`Georeference`), and from those this module maps a position
 * from the phone's Geolocation API onto the plan, a device heading onto the plan's rotation,
 * and any two points of the plan to metres and walking minutes. Pure math: no SDKs.
 *
 * Positions on the plan are fractions of its width and height (`MapPoint`), which are not the
 * same length unless the plan is square, so the math works in "plan units" of one plan height:
 * (x · aspect, y). The earth near a festival site is flat enough for a local tangent plane
 * (east and north metres from the control points' centroid; the error over a few kilometres is
 * far below a GPS fix's). Two control points give a similarity transform (scale, rotation,
 * translation: the plan is a true-to-scale drawing, seen from above, possibly mirrored in y);
 * three give the affine transform that passes through all of them (a plan drawn a little
 * out of proportion, or skewed).
 */

export interface GeoPosition {
  lat: number;
  lng: number;
}

/** A point of the plan (fractions of its width and height) placed on the earth. */
export interface GeoControlPoint extends GeoPosition {
  x: number;
  y: number;
}

export interface Georeference {
  /** Two or three control points, spread over the plan. */
  points: readonly GeoControlPoint[];
  /** The plan's width over its height when it was georeferenced (plan units need it). */
  planAspect: number;
}

interface PlanPoint {
  x: number;
  y: number;
}

/** Mean earth radius (IUGG), in metres. */
const EARTH_RADIUS_M = 6_371_008.8;
const RADIANS = Math.PI / 180;

/** Walking pace at a festival (crowds, grass, detours round fences): 4 km/h, in metres a minute. */
export const FESTIVAL_WALKING_METRES_PER_MINUTE = 4000 / 60;
/** Paths are not straight lines: a walk is about this much longer than the straight distance. */
export const WALKING_DETOUR_FACTOR = 1.25;

/** An affine map: [x', y'] = [a·x + b·y + c, d·x + e·y + f]. */
interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

const apply = (m: Affine, p: PlanPoint): PlanPoint => ({ x: m.a * p.x + m.b * p.y + m.c, y: m.d * p.x + m.e * p.y + m.f });

function invert(m: Affine): Affine {
  const det = m.a * m.e - m.b * m.d;
  if (Math.abs(det) < 1e-18) throw new Error('the control points do not span the plan (they are on one line or at one place)');
  const a = m.e / det;
  const b = -m.b / det;
  const d = -m.d / det;
  const e = m.a / det;
  return { a, b, c: -(a * m.c + b * m.f), d, e, f: -(d * m.c + e * m.f) };
}

/** A plan position in plan units (plan heights), east to the right, y down. */
const toUnits = (point: PlanPoint, aspect: number): PlanPoint => ({ x: point.x * aspect, y: point.y });
const fromUnits = (units: PlanPoint, aspect: number): PlanPoint => ({ x: units.x / aspect, y: units.y });

export interface PlanGeoTransform {
  /** Where a position on the earth is on the plan, as fractions; outside 0-1 when off the plan. */
  toPlan(position: GeoPosition): PlanPoint;
  /** Where a plan position is on the earth. */
  toGeo(point: PlanPoint): GeoPosition;
  /** The straight distance in metres between two plan positions. */
  metresBetween(from: PlanPoint, to: PlanPoint): number;
  /** Metres per plan unit (one plan height), the mean over directions for a skewed plan. */
  metresPerPlanUnit: number;
  /**
   * Where a heading (degrees clockwise from true north, as `GeolocationCoordinates.heading`)
   * points on the plan as drawn on screen: degrees clockwise from the plan's "up".
   */
  planHeading(at: GeoPosition, headingDegrees: number): number;
}

/** Builds the transform between the plan and the earth from its control points; throws for degenerate ones. */
export function planGeoTransform(georeference: Georeference): PlanGeoTransform {
  const { points, planAspect } = georeference;
  if (points.length < 2 || points.length > 3) throw new Error('a georeference has two or three control points');
  if (!(planAspect > 0)) throw new Error('the plan aspect must be positive');
  const origin: GeoPosition = { lat: mean(points.map((p) => p.lat)), lng: mean(points.map((p) => p.lng)) };
  const cosLat = Math.cos(origin.lat * RADIANS);
  const toMetres = (position: GeoPosition): PlanPoint => ({
    x: (position.lng - origin.lng) * RADIANS * EARTH_RADIUS_M * cosLat,
    // y grows southwards, like the plan's, so a plan drawn north-up needs no mirror.
    y: -(position.lat - origin.lat) * RADIANS * EARTH_RADIUS_M,
  });
  const fromMetres = (metres: PlanPoint): GeoPosition => ({
    lat: origin.lat - metres.y / (RADIANS * EARTH_RADIUS_M),
    lng: origin.lng + metres.x / (RADIANS * EARTH_RADIUS_M * cosLat),
  });

  const units = points.map((p) => toUnits(p, planAspect));
  const metres = points.map(toMetres);
  const unitsToMetres = points.length === 2 ? similarity(units[0]!, units[1]!, metres[0]!, metres[1]!) : affineThrough(units, metres);
  const metresToUnits = invert(unitsToMetres);

  // Scale: how long a unit step is in metres, averaged over x and y (equal for a similarity).
  const metresPerPlanUnit = (Math.hypot(unitsToMetres.a, unitsToMetres.d) + Math.hypot(unitsToMetres.b, unitsToMetres.e)) / 2;

  const toPlan = (position: GeoPosition) => fromUnits(apply(metresToUnits, toMetres(position)), planAspect);
  const metresOf = (point: PlanPoint) => apply(unitsToMetres, toUnits(point, planAspect));
  return {
    toPlan,
    toGeo: (point) => fromMetres(metresOf(point)),
    metresBetween(from, to) {
      const a = metresOf(from);
      const b = metresOf(to);
      return Math.hypot(b.x - a.x, b.y - a.y);
    },
    metresPerPlanUnit,
    planHeading(at, headingDegrees) {
      // Ten metres along the heading, in plan units (which are square on screen), as an angle from "up".
      const here = toMetres(at);
      const ahead = { x: here.x + 10 * Math.sin(headingDegrees * RADIANS), y: here.y - 10 * Math.cos(headingDegrees * RADIANS) };
      const a = apply(metresToUnits, here);
      const b = apply(metresToUnits, ahead);
      const degrees = Math.atan2(b.x - a.x, -(b.y - a.y)) / RADIANS;
      return (degrees + 360) % 360;
    },
  };
}

/** Whether a plan position (fractions) is on the plan. */
export const isOnPlan = (point: PlanPoint): boolean => point.x >= 0 && point.x <= 1 && point.y >= 0 && point.y <= 1;

/** Walking minutes for a straight distance in metres: with the detour factor, rounded up, at least one for any distance. */
export function walkingMinutesForMetres(metres: number): number {
  if (!(metres > 0)) return 0;
  return Math.max(1, Math.ceil((metres * WALKING_DETOUR_FACTOR) / FESTIVAL_WALKING_METRES_PER_MINUTE));
}

/**
 * Walking minutes between two positions on the site plan (fractions of the plan), from the
 * plan's georeference: the straight distance at the plan's scale, with the detour factor,
 * at a festival walking pace, rounded up (0 for the same place, else at least 1).
 */
export function walkingMinutes(georeference: Georeference, from: PlanPoint, to: PlanPoint): number {
  return walkingMinutesForMetres(planGeoTransform(georeference).metresBetween(from, to));
}

/** A reason the control points cannot georeference the plan, or null when they can. */
export function georeferenceProblem(georeference: Georeference): string | null {
  try {
    const transform = planGeoTransform(georeference);
    if (!Number.isFinite(transform.metresPerPlanUnit) || transform.metresPerPlanUnit <= 0) return 'the control points give no scale';
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * The similarity transform taking p1 to q1 and p2 to q2, as complex numbers: q = s·p + t.
 * Plan y grows down like the metres' y here, so no mirror is needed for a plan drawn from
 * above; s carries the scale and the rotation.
 */
function similarity(p1: PlanPoint, p2: PlanPoint, q1: PlanPoint, q2: PlanPoint): Affine {
  const dpx = p2.x - p1.x;
  const dpy = p2.y - p1.y;
  const dqx = q2.x - q1.x;
  const dqy = q2.y - q1.y;
  const norm = dpx * dpx + dpy * dpy;
  if (norm < 1e-18 || dqx * dqx + dqy * dqy < 1e-6) throw new Error('the two control points are at one place');
  // s = dq / dp (complex division).
  const sr = (dqx * dpx + dqy * dpy) / norm;
  const si = (dqy * dpx - dqx * dpy) / norm;
  const c = q1.x - (sr * p1.x - si * p1.y);
  const f = q1.y - (si * p1.x + sr * p1.y);
  return { a: sr, b: -si, c, d: si, e: sr, f };
}

/** The affine transform through three point pairs (Cramer's rule); throws when the points are on one line. */
function affineThrough(from: readonly PlanPoint[], to: readonly PlanPoint[]): Affine {
  const [p1, p2, p3] = from as [PlanPoint, PlanPoint, PlanPoint];
  const det = p1.x * (p2.y - p3.y) - p1.y * (p2.x - p3.x) + (p2.x * p3.y - p3.x * p2.y);
  if (Math.abs(det) < 1e-9) throw new Error('the control points do not span the plan (they are on one line or at one place)');
  const solve = (v1: number, v2: number, v3: number) => ({
    a: (v1 * (p2.y - p3.y) - p1.y * (v2 - v3) + (v2 * p3.y - v3 * p2.y)) / det,
    b: (p1.x * (v2 - v3) - v1 * (p2.x - p3.x) + (p2.x * v3 - p3.x * v2)) / det,
    c: (p1.x * (p2.y * v3 - p3.y * v2) - p1.y * (p2.x * v3 - p3.x * v2) + v1 * (p2.x * p3.y - p3.x * p2.y)) / det,
  });
  const xRow = solve(to[0]!.x, to[1]!.x, to[2]!.x);
  const yRow = solve(to[0]!.y, to[1]!.y, to[2]!.y);
  return { a: xRow.a, b: xRow.b, c: xRow.c, d: yRow.a, e: yRow.b, f: yRow.c };
}
