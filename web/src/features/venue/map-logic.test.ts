import { encore2026 } from '@encore/model/seed';
import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { clamp, facilitiesByKind, nextId, nudged, pointIn, stagesOnMap } from './map-logic';

const seed = encore2026();
const map = seed.venueMap;
const programme = seedProgramme();

describe('the venue map’s logic', () => {
  it('gives each stage marker what plays there now and next (the model’s now/next)', () => {
    const playing = programme.performances.find((set) => set.stageId === 'main-stage')!;
    const at = new Date(playing.startsAt.getTime() + 60_000);
    const main = stagesOnMap(map, programme, at).find((stage) => stage.marker.stageId === 'main-stage')!;
    expect(main.name).toBe('Main Stage');
    expect(main.now?.id).toBe(playing.id);
    expect(main.next?.stageId).toBe('main-stage');
    expect(main.next!.startsAt.getTime()).toBeGreaterThanOrEqual(playing.endsAt.getTime());
  });

  it('says nothing plays before the festival, and names the first set as next', () => {
    const before = new Date('2026-08-14T08:00:00Z');
    const stages = stagesOnMap(map, programme, before);
    expect(stages).toHaveLength(programme.stages.length);
    expect(stages.every((stage) => stage.now === null && stage.next !== null)).toBe(true);
  });

  it('groups facilities by kind in the legend’s order, leaving out kinds the map lacks', () => {
    expect(facilitiesByKind(map).map((group) => group.kind)).toEqual(['toilets', 'water', 'first-aid', 'food', 'lockers', 'exit', 'accessible-viewing', 'charging']);
    expect(facilitiesByKind({ markers: map.markers.filter((marker) => marker.kind !== 'water') }).map((group) => group.kind)).not.toContain('water');
  });

  it('moves a point 1% per arrow key, 5% with Shift, never off the plan, and ignores other keys', () => {
    expect(nudged({ x: 0.5, y: 0.5 }, 'ArrowRight', false)).toEqual({ x: 0.51, y: 0.5 });
    expect(nudged({ x: 0.5, y: 0.5 }, 'ArrowUp', true)).toEqual({ x: 0.5, y: 0.45 });
    expect(nudged({ x: 0.005, y: 0.99 }, 'ArrowLeft', false)).toEqual({ x: 0, y: 0.99 });
    expect(nudged({ x: 0.5, y: 0.98 }, 'ArrowDown', true)).toEqual({ x: 0.5, y: 1 });
    expect(nudged({ x: 0.5, y: 0.5 }, 'Enter', false)).toBeNull();
  });

  it('reads a pointer position as a fraction of the plan’s box, whatever its zoom', () => {
    expect(pointIn({ left: 100, top: 50, width: 2000, height: 1000 }, 600, 300)).toEqual({ x: 0.25, y: 0.25 });
    expect(pointIn({ left: 0, top: 0, width: 100, height: 100 }, -20, 250)).toEqual({ x: 0, y: 1 });
    expect(clamp(0.123456)).toBe(0.1235);
  });

  it('makes new ids from a kind and the first free number', () => {
    expect(nextId('water', [{ id: 'water-1' }, { id: 'water-3' }])).toBe('water-2');
    expect(nextId('route', [])).toBe('route-1');
  });
});
