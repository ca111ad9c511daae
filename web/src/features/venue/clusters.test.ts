import { encore2026, SITE_PLAN_SIZE } from '@encore/model/seed';
import { describe, expect, it } from 'vitest';
import { maxLabelMove, clusterBox, clusterMarkers, MARKER_GAP, markerBox, OFFERED_ZOOMS, STAGE_LABEL, stageLabel, touch, zoomStep, zoomToReveal, type PlacedMarker } from './clusters';

const seed = encore2026();
const names = new Map(seed.stages.map((stage) => [stage.id, stage.data.name]));
const aspect = SITE_PLAN_SIZE.width / SITE_PLAN_SIZE.height;
const placed = (compact: boolean): PlacedMarker[] =>
  seed.venueMap.markers.map((marker) => ({
    id: marker.id,
    x: marker.x,
    y: marker.y,
    ...(marker.stageId ? { stageId: marker.stageId } : {}),
    ...markerBox({ kind: marker.kind, name: names.get(marker.stageId ?? ''), live: true }, compact),
  }));
const labels = seed.venueMap.markers.filter((marker) => marker.stageId).map((marker) => stageLabel({ ...marker, stageId: marker.stageId!, name: names.get(marker.stageId!)! }, aspect));
const stageIds = new Set(seed.venueMap.markers.filter((marker) => marker.stageId).map((marker) => marker.id));
// A phone's whole plan (390 px wide) and a laptop's. `clearFrom`: the zoom from which no facility touches a stage (on a
// phone, the plan as tall as the screen's ~720 px map box; below that a facility may sit under a stage, drawn beneath it).
const SCREENS = [
  { name: 'phone', width: 390, compact: true, clearFrom: 2.5 },
  { name: 'laptop', width: 820, compact: false, clearFrom: 1 },
];

describe('markers clustered in screen space', () => {
  for (const screen of SCREENS) {
    const view = (scale: number) => ({ width: screen.width, height: screen.width / aspect, scale });
    const at = (scale: number) => clusterMarkers(placed(screen.compact), labels, view(scale), clusterBox(screen.compact));

    it(`on a ${screen.name}, every stage is drawn on its own and no two facility markers or clusters come closer than their size, at any zoom the map offers`, () => {
      for (const scale of OFFERED_ZOOMS) {
        const groups = at(scale);
        const px = { x: screen.width * scale, y: (screen.width / aspect) * scale };
        for (const group of groups) if (group.ids.some((id) => stageIds.has(id))) expect(group.ids, `at ${scale}`).toHaveLength(1);
        const facilities = groups.filter((group) => !stageIds.has(group.ids[0]!));
        for (const [i, a] of facilities.entries()) for (const b of facilities.slice(i + 1)) expect(touch(a, b, px, MARKER_GAP), `${a.ids} and ${b.ids} at ${scale}`).toBe(false);
      }
    });

    it(`on a ${screen.name}, every cluster holds exactly the markers it replaces: each marker drawn once, alone or in one cluster`, () => {
      for (const scale of OFFERED_ZOOMS) {
        const ids = at(scale).flatMap((group) => group.ids);
        expect(ids.toSorted()).toEqual(seed.venueMap.markers.map((marker) => marker.id).toSorted());
        // A marker drawn alone is where it is, or moved off a stage's printed name by a little at most.
        const px = { x: screen.width * scale, y: (screen.width / aspect) * scale };
        for (const group of at(scale).filter((candidate) => candidate.ids.length === 1)) {
          const marker = seed.venueMap.markers.find((candidate) => candidate.id === group.ids[0])!;
          expect(Math.hypot((group.x - marker.x) * px.x, (group.y - marker.y) * px.y)).toBeLessThanOrEqual(maxLabelMove(px.x));
        }
      }
    });

    it(`on a ${screen.name}, from ${screen.clearFrom}× on, no marker or cluster touches a stage's marker or its name printed on the plan`, () => {
      for (const scale of OFFERED_ZOOMS.filter((offered) => offered >= screen.clearFrom)) {
        const px = { x: screen.width * scale, y: (screen.width / aspect) * scale };
        for (const group of at(scale))
          for (const label of labels) expect(touch(group, { ...label, width: label.width * px.x, height: label.height * px.y }, px, 0), `${group.ids} over ${label.stageId} at ${scale}`).toBe(false);
        const groups = at(scale);
        const stages = groups.filter((group) => stageIds.has(group.ids[0]!));
        for (const group of groups) for (const stage of stages) if (group !== stage) expect(touch(group, stage, px, 0), `${group.ids} over ${stage.ids} at ${scale}`).toBe(false);
      }
    });

    it(`on a ${screen.name}, zooming in takes clusters apart: every marker is drawn on its own at the closest zoom`, () => {
      expect(at(8).filter((group) => group.ids.length > 1)).toEqual([]);
      const cluster = at(1).find((group) => group.ids.length > 1);
      if (!cluster) return;
      const reveal = zoomToReveal(cluster.ids, at);
      expect(reveal).toBeGreaterThan(1);
      expect(at(reveal).some((group) => cluster.ids.every((id) => group.ids.includes(id)))).toBe(false);
      expect(at(reveal - 0.25).some((group) => cluster.ids.every((id) => group.ids.includes(id)))).toBe(true);
      // A place in that cluster, picked from a list: the lowest zoom drawing it on its own.
      const place = cluster.ids.at(-1)!;
      const alone = zoomToReveal([place], at, 0);
      expect(at(alone).some((group) => group.ids.length === 1 && group.ids[0] === place)).toBe(true);
      if (alone > 1) expect(at(alone - 0.25).some((group) => group.ids.length === 1 && group.ids[0] === place)).toBe(false);
    });
  }

  it('clusters the crowded Main Stage corner on a phone’s whole-plan view, but never with the stage: the stage keeps its own marker', () => {
    const groups = clusterMarkers(placed(true), labels, { width: 390, height: 260, scale: 1 }, clusterBox(true));
    expect(groups.length).toBeLessThan(seed.venueMap.markers.length);
    expect(groups.find((group) => group.ids.includes('stage-main-stage'))!.ids).toEqual(['stage-main-stage']);
    expect(groups.find((group) => group.ids.includes('viewing-main'))!.ids.length).toBeGreaterThan(1);
  });

  it('rounds a live zoom down to an offered step, within the map’s range', () => {
    expect(zoomStep(1)).toBe(1);
    expect(zoomStep(1.49)).toBe(1.25);
    expect(zoomStep(0.8)).toBe(1);
    expect(zoomStep(11)).toBe(8);
  });

  it('knows where the seed’s plan prints a stage’s name (emulators/src/seed/site-plan.ts draws it there)', async () => {
    const { SITE_PLAN_STAGE_LABEL } = await import('@encore/model/seed');
    expect({ baselineBelow: STAGE_LABEL.baselineBelow, fontSize: STAGE_LABEL.fontSize }).toEqual(SITE_PLAN_STAGE_LABEL);
    expect({ width: STAGE_LABEL.planWidth, height: STAGE_LABEL.planHeight }).toEqual(SITE_PLAN_SIZE);
  });
});
