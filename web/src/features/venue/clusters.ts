import type { MapPoint } from '@encore/model';

/**
 * Markers that never hide a stage: clustering in screen space, recomputed for each zoom level.
 *
 * Markers keep their size at any zoom (they are controls, not part of the picture) while the
 * plan grows, so markers that collide on a phone's whole-plan view come apart as the person
 * zooms in. Stages are what people look for first, so a stage is always drawn on its own with
 * its name: only facilities cluster. A facility (or a cluster of them) that would cover a
 * stage's marker or its printed name is moved the few pixels that clear it; then, at each
 * zoom, the two closest facility groups whose boxes touch are merged into one cluster, again
 * and again, until no two touch. Pushing facilities far aside was tried and dropped: a pushed
 * group could land on another stage. Pure: sizes in, groups out.
 */
/** A marker to place: its position (fractions of the plan) and its box on screen (px, the same at any zoom). */
export interface PlacedMarker extends MapPoint {
  id: string;
  width: number;
  height: number;
  /** Set for a stage marker: the stage whose printed name is `labels`' entry. */
  stageId?: string;
}

/** A printed label on the plan (a stage's name): centre and size in fractions of the plan, so it grows with zoom. */
export interface PlanLabel extends MapPoint {
  stageId: string;
  width: number;
  height: number;
}

/** The plan on screen: its size at zoom 1 (px) and the zoom. */
export interface PlanView {
  width: number;
  height: number;
  scale: number;
}

/** What is drawn: one marker (`ids` of one) or a cluster of the markers it replaces; at a plan position, with its box in px. */
export interface MarkerGroup extends MapPoint {
  ids: string[];
  width: number;
  height: number;
}

/** Space kept between two drawn markers, in px. */
export const MARKER_GAP = 4;

/** The zooms the map offers (its zoom range, in the steps the clustering is recomputed at). */
export const ZOOM_STEP = 0.25;
export const MIN_ZOOM = 1;
export const MAX_ZOOM = 8;
export const OFFERED_ZOOMS: readonly number[] = Array.from({ length: (MAX_ZOOM - MIN_ZOOM) / ZOOM_STEP + 1 }, (_, i) => MIN_ZOOM + i * ZOOM_STEP);

/**
 * The zoom to cluster at for a live zoom: the offered step at or below it. Safe because
 * spacing only grows with zoom (markers keep their size, the plan and its labels grow around
 * them), so groups apart at the step are apart at any zoom above it.
 */
export function zoomStep(scale: number): number {
  return Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.floor(scale / ZOOM_STEP + 1e-9) * ZOOM_STEP));
}

/** The groups to draw at `view`: every marker in exactly one group; each stage alone; no two facility groups touching; facilities off the stages and their printed names wherever a small move clears them. */
export function clusterMarkers(markers: readonly PlacedMarker[], labels: readonly PlanLabel[], view: PlanView, clusterSize: { width: number; height: number }): MarkerGroup[] {
  const px = { x: view.width * view.scale, y: view.height * view.scale };
  const labelBoxes = labels.map((label) => labelBox(label, px));
  // Stages first, off the printed names (their own too), never merged: their boxes are what facilities keep clear of.
  const stages: MarkerGroup[] = markers.filter((marker) => marker.stageId).map((marker) => ({ ids: [marker.id], ...marker, ...besideObstacles(marker, labelBoxes, px) }));
  const obstacles = [...labelBoxes, ...stages];
  const facilities = markers.filter((marker) => !marker.stageId);
  const byId = new Map(facilities.map((marker) => [marker.id, marker]));
  let groups: MarkerGroup[] = facilities.map((marker) => ({ ids: [marker.id], width: marker.width, height: marker.height, ...besideObstacles(marker, obstacles, px) }));
  const distance = (a: MapPoint, b: MapPoint) => Math.hypot((a.x - b.x) * px.x, (a.y - b.y) * px.y);
  for (;;) {
    let best: { a: number; b: number; distance: number } | null = null;
    for (let a = 0; a < groups.length; a += 1) {
      for (let b = a + 1; b < groups.length; b += 1) {
        if (!touch(groups[a]!, groups[b]!, px, MARKER_GAP)) continue;
        const d = distance(groups[a]!, groups[b]!);
        if (!best || d < best.distance) best = { a, b, distance: d };
      }
    }
    if (!best) break;
    const { a, b } = best;
    groups = [...groups.filter((_, i) => i !== a && i !== b), merge(groups[a]!, groups[b]!, byId, clusterSize, obstacles, px)];
  }
  return [...stages.map(({ ids, x, y, width, height }) => ({ ids, x, y, width, height })), ...groups.map(({ ids, x, y, width, height }) => ({ ids, x, y, width, height }))];
}

/** A box on screen: centre as plan fractions, size in px. */
type ScreenBox = MapPoint & { width: number; height: number };

/**
 * Where a marker (or a cluster) is drawn so it covers none of `obstacles` (stages' printed names, stage markers): where it
 * is, or moved the few pixels up, down, left or right that clear them (the smallest move that clears all); if no small
 * move does, where it is (stages are drawn above facilities, so a stage's name still shows). Moves are in screen
 * pixels, so they shrink as the plan grows.
 */
function besideObstacles(marker: ScreenBox, obstacles: readonly ScreenBox[], px: MapPoint): MapPoint {
  const covered = (at: MapPoint) => obstacles.filter((box) => touch({ ...marker, ...at }, box, px, 0));
  const over = covered(marker);
  if (over.length === 0) return { x: marker.x, y: marker.y };
  const moves = over.flatMap((box) => {
    const dx = (box.width + marker.width) / 2 + LABEL_CLEARANCE;
    const dy = (box.height + marker.height) / 2 + LABEL_CLEARANCE;
    return [
      { x: box.x - dx / px.x, y: marker.y },
      { x: box.x + dx / px.x, y: marker.y },
      { x: marker.x, y: box.y - dy / px.y },
      { x: marker.x, y: box.y + dy / px.y },
    ];
  });
  const cost = (at: MapPoint) => Math.hypot((at.x - marker.x) * px.x, (at.y - marker.y) * px.y);
  const best = moves
    .filter((at) => at.x >= 0 && at.x <= 1 && at.y >= 0 && at.y <= 1 && cost(at) <= maxLabelMove(px.x) && covered(at).length === 0)
    .sort((a, b) => cost(a) - cost(b))[0];
  return best ?? { x: marker.x, y: marker.y };
}

/** A marker moved off a label keeps this much space from it (px). */
const LABEL_CLEARANCE = 2;
/** How far a marker may be moved off a stage or its name (px): 40 px (half a stage's name), or 3% of the plan's width on screen (some 25 m on a festival site) when zoomed in. */
export function maxLabelMove(planWidthOnScreen: number): number {
  return Math.max(40, 0.03 * planWidthOnScreen);
}

const labelBox = (label: PlanLabel, px: MapPoint) => ({ x: label.x, y: label.y, width: label.width * px.x, height: label.height * px.y });

/** A cluster of facilities sits at its markers' centre, moved off the stages and their names. */
function merge(a: MarkerGroup, b: MarkerGroup, byId: ReadonlyMap<string, PlacedMarker>, size: { width: number; height: number }, obstacles: readonly ScreenBox[], px: MapPoint): MarkerGroup {
  const ids = [...a.ids, ...b.ids];
  const members = ids.map((id) => byId.get(id)!);
  const centre = { x: members.reduce((sum, m) => sum + m.x, 0) / members.length, y: members.reduce((sum, m) => sum + m.y, 0) / members.length };
  return { ids, ...besideObstacles({ ...centre, ...size }, obstacles, px), width: size.width, height: size.height };
}

/** Whether two boxes (centres as plan fractions, sizes in px) come closer than `gap` px. */
export function touch(a: MapPoint & { width: number; height: number }, b: MapPoint & { width: number; height: number }, px: MapPoint, gap: number): boolean {
  return Math.abs(a.x - b.x) * px.x < (a.width + b.width) / 2 + gap && Math.abs(a.y - b.y) * px.y < (a.height + b.height) / 2 + gap;
}

/**
 * The lowest offered zoom above `from` at which a marker is drawn on its own, or a cluster's
 * markers are no longer all in one group (a place picked in "Find a place", or a cluster
 * tapped, zooms there); the highest zoom if there is none.
 */
export function zoomToReveal(ids: readonly string[], cluster: (scale: number) => MarkerGroup[], from = MIN_ZOOM): number {
  for (const scale of OFFERED_ZOOMS) {
    if (scale <= from) continue;
    const groups = cluster(scale);
    if (ids.every((id) => groups.some((group) => group.ids.length === 1 && group.ids[0] === id))) return scale;
    // For a cluster: zoom until it comes apart (not all its markers in one group any more).
    if (ids.length > 1 && !groups.some((group) => ids.every((id) => group.ids.includes(id)))) return scale;
  }
  return MAX_ZOOM;
}

/**
 * Where a stage's name is printed on the plan: centred under the stage's field, as the seed's
 * plan draws it (emulators/src/seed/site-plan.ts: 40 px bold type, its baseline 140 px below
 * the stage's centre on a 2400 × 1600 plan; the test keeps the two in step) and as printed
 * plans commonly do.
 */
export const STAGE_LABEL = { planWidth: 2400, planHeight: 1600, baselineBelow: 140, fontSize: 40 } as const;

export function stageLabel(stage: MapPoint & { stageId: string; name: string }, planAspect: number): PlanLabel {
  const { planWidth, baselineBelow, fontSize } = STAGE_LABEL;
  // Heights scale with the plan's width for other proportions (the type is the same size on a taller plan).
  const planHeight = planWidth / planAspect;
  // Bold sans-serif averages about 0.62 em a character; a little margin all round.
  const width = (stage.name.length * 0.62 * fontSize + fontSize * 0.5) / planWidth;
  const height = (fontSize * 1.3) / planHeight;
  const centreY = stage.y + (baselineBelow - fontSize * 0.35) / planHeight;
  return { stageId: stage.stageId, x: stage.x, y: centreY, width, height };
}

/** A marker's box on screen (px), as venue.css draws it: phones get the compact size. Generous, so estimates never undershoot. */
export function markerBox(marker: { kind: string; name?: string; live?: boolean }, compact: boolean): { width: number; height: number } {
  if (marker.kind !== 'stage') return compact ? { width: 34, height: 34 } : { width: 42, height: 42 };
  const characters = marker.name?.length ?? 8;
  const live = marker.live ? 12 : 0;
  return compact ? { width: Math.max(34, 22 + characters * 7.4 + live), height: 34 } : { width: Math.max(46, 28 + characters * 8.8 + live), height: 46 };
}

/** A cluster badge's box (px), as venue.css draws it. */
export function clusterBox(compact: boolean): { width: number; height: number } {
  return compact ? { width: 40, height: 40 } : { width: 46, height: 46 };
}
