import { describe, expect, it } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { groupByDayAndStage, playingAt, preselectSet } from './preselect-set';

const programme = seedProgramme();
const sets = programme.performances;
// A moment when more than one stage plays, from the seed itself.
const busy = sets.map((set) => new Date(set.startsAt.getTime() + 60_000)).find((at) => playingAt(sets, at).length >= 2)!;
const playing = playingAt(sets, busy);

describe('the set the upload page proposes', () => {
  it('is the one on the nearest stage when the position is known, even if another one is in my schedule', () => {
    const [near, other] = playing;
    expect(preselectSet(sets, busy, { nearestStageId: near!.stageId, favouriteIds: new Set([other!.id]) })).toBe(near!.id);
  });

  it('without a position: the set in my schedule playing now', () => {
    const mine = playing[1]!;
    expect(preselectSet(sets, busy, { favouriteIds: new Set([mine.id]) })).toBe(mine.id);
  });

  it('without a position, with several of mine playing: the one that started last', () => {
    const latest = [...playing].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime())[0]!;
    expect(preselectSet(sets, busy, { favouriteIds: new Set(playing.map((set) => set.id)) })).toBe(latest.id);
  });

  it('without a position, with several of mine playing: the one I hearted last, whatever started last', () => {
    const [first, second] = [...playing].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
    const heartedAt = new Map([
      [first!.id, new Date('2026-08-01T10:00:00Z')],
      [second!.id, new Date('2026-08-02T10:00:00Z')],
    ]);
    expect(preselectSet(sets, busy, { favouriteIds: new Set([first!.id, second!.id]), heartedAt })).toBe(second!.id);
  });

  it('counts a heart still waiting on the device (no time yet) as the last one given', () => {
    const [first, second] = [...playing].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
    const heartedAt = new Map([[first!.id, new Date('2026-08-02T10:00:00Z')]]);
    expect(preselectSet(sets, busy, { favouriteIds: new Set([first!.id, second!.id]), heartedAt })).toBe(second!.id);
  });

  it('prefers the nearest stage’s set to the set I hearted last, and falls back to that one when nothing plays on the nearest stage', () => {
    const [near, mine] = playing;
    const heartedAt = new Map([[mine!.id, new Date('2026-08-02T10:00:00Z')]]);
    expect(preselectSet(sets, busy, { nearestStageId: near!.stageId, favouriteIds: new Set([mine!.id]), heartedAt })).toBe(near!.id);
    const quietStage = sets.find((set) => !playing.some((other) => other.stageId === set.stageId))?.stageId ?? 'no-such-stage';
    expect(preselectSet(sets, busy, { nearestStageId: quietStage, favouriteIds: new Set([mine!.id]), heartedAt })).toBe(mine!.id);
  });

  it('is none when nothing of mine is playing, or nothing plays at all', () => {
    expect(preselectSet(sets, busy, { favouriteIds: new Set() })).toBeNull();
    expect(preselectSet(sets, new Date('2020-01-01T12:00:00Z'), { nearestStageId: playing[0]!.stageId, favouriteIds: new Set(playing.map((set) => set.id)) })).toBeNull();
  });

  it('never proposes a cancelled set', () => {
    const cancelled = { ...playing[0]!, status: 'cancelled' as const };
    expect(preselectSet([cancelled], busy, { nearestStageId: cancelled.stageId, favouriteIds: new Set([cancelled.id]) })).toBeNull();
  });
});

describe('the picker’s groups', () => {
  it('hold every set once, by day then stage in programme order, each by start time', () => {
    const order = programme.stages.map((stage) => stage.id);
    const groups = groupByDayAndStage(sets, programme.festival, order);
    expect(groups.flatMap((group) => group.sets).length).toBe(sets.length);
    expect(new Set(groups.map((group) => group.key)).size).toBe(groups.length);
    for (let index = 1; index < groups.length; index++) {
      const [previous, current] = [groups[index - 1]!, groups[index]!];
      expect(previous.day < current.day || (previous.day === current.day && order.indexOf(previous.stageId) < order.indexOf(current.stageId))).toBe(true);
    }
    for (const group of groups) {
      expect(group.sets.every((set) => set.stageId === group.stageId)).toBe(true);
      expect(group.sets.map((set) => set.startsAt.getTime())).toEqual([...group.sets.map((set) => set.startsAt.getTime())].sort((a, b) => a - b));
    }
  });
});
