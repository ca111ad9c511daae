import { describe, expect, it } from 'vitest';
import { SHARD_COUNT, clampCount, isCurrentRollup, shardIndex, shardPaths, sumField, sumMaps } from './counters.js';

describe('sharded counters', () => {
  it('let a roll-up replace only one of an earlier or the same read of the shards', () => {
    expect(isCurrentRollup(undefined, 0)).toBe(true);
    expect(isCurrentRollup({ ops: 7 }, 8)).toBe(true);
    expect(isCurrentRollup({ ops: 7 }, 7)).toBe(true);
    expect(isCurrentRollup({ ops: 7 }, 6)).toBe(false);
  });

  it('spread over every shard and sum back, treating missing shards as zero', () => {
    expect(new Set(Array.from({ length: 200 }, (_, i) => shardIndex(() => i / 200))).size).toBe(SHARD_COUNT);
    expect(shardIndex(() => 0.99999999)).toBe(SHARD_COUNT - 1);
    expect(shardPaths('x')).toHaveLength(SHARD_COUNT);
    expect(sumField([{ count: 3 }, undefined, { count: -1 }, { other: 5 }], 'count')).toBe(2);
    expect(sumMaps([{ stages: { main: { favorites: 2 } } }, { stages: { main: { favorites: 1, photos: 4 }, tent: { favorites: 1 } } }], 'stages')).toEqual({
      main: { favorites: 3, photos: 4 },
      tent: { favorites: 1 },
    });
    expect(clampCount(-2)).toBe(0);
  });
});
