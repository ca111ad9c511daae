import { FACILITY_KINDS, nowAndNext, type FacilityKind, type MapMarker, type MapPoint, type VenueMap } from '@encore/model';
import type { PerformanceDoc, Programme } from '../../festival/programme';

/**
 * The venue map's logic, apart from any view: what each stage marker says now, how a marker
 * moves under the arrow keys, and how the list and the legend are ordered.
 */

export interface StageOnMap {
  marker: MapMarker;
  name: string;
  color: string | undefined;
  now: PerformanceDoc | null;
  next: PerformanceDoc | null;
}

/** Every stage marker with its stage and what plays there at `at` and next (the model's now/next). */
export function stagesOnMap(map: Pick<VenueMap, 'markers'>, programme: Programme, at: Date): StageOnMap[] {
  const markers = map.markers.filter((marker) => marker.kind === 'stage' && marker.stageId);
  const playing = new Map(nowAndNext(programme.performances, markers.map((marker) => marker.stageId!), at).map((entry) => [entry.stageId, entry]));
  return markers.map((marker) => {
    const stage = programme.stages.find((candidate) => candidate.id === marker.stageId);
    const entry = playing.get(marker.stageId!);
    return { marker, name: stage?.name ?? marker.stageId!, color: stage?.color, now: entry?.now ?? null, next: entry?.next ?? null };
  });
}

/** Facilities by kind, in the legend's order, each kind only if the map has one. */
export function facilitiesByKind(map: Pick<VenueMap, 'markers'>): Array<{ kind: FacilityKind; markers: MapMarker[] }> {
  return FACILITY_KINDS.map((kind) => ({ kind, markers: map.markers.filter((marker) => marker.kind === kind) })).filter((group) => group.markers.length > 0);
}

/** One arrow press moves a marker 1% of the plan; with Shift, 5%. */
export const NUDGE = 0.01;
export const BIG_NUDGE = 0.05;

const ARROWS: Record<string, MapPoint> = { ArrowLeft: { x: -1, y: 0 }, ArrowRight: { x: 1, y: 0 }, ArrowUp: { x: 0, y: -1 }, ArrowDown: { x: 0, y: 1 } };

/** Where an arrow key moves a point (kept on the plan), or null for any other key. */
export function nudged(point: MapPoint, key: string, big: boolean): MapPoint | null {
  const direction = ARROWS[key];
  if (!direction) return null;
  const step = big ? BIG_NUDGE : NUDGE;
  return { x: clamp(point.x + direction.x * step), y: clamp(point.y + direction.y * step) };
}

/** A fraction kept within the plan, rounded to 4 decimals (a tenth of a pixel on a 4000 px plan). */
export function clamp(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
}

/** A position on the plan from a pointer over the plan's box. */
export function pointIn(box: { left: number; top: number; width: number; height: number }, clientX: number, clientY: number): MapPoint {
  return { x: clamp((clientX - box.left) / box.width), y: clamp((clientY - box.top) / box.height) };
}

/** A new marker or route id: its kind and the first number not taken. */
export function nextId(prefix: string, taken: ReadonlyArray<{ id: string }>): string {
  const ids = new Set(taken.map((item) => item.id));
  for (let n = 1; ; n += 1) if (!ids.has(`${prefix}-${n}`)) return `${prefix}-${n}`;
}
