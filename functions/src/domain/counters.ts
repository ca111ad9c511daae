/**
 * Sharded counters. A Firestore document sustains about one write per second, so a
 * popular set's favourites go to one of SHARD_COUNT shard documents at random, and the
 * visible `favoriteCount` is their sum, rolled up after each change. Festival-wide
 * figures (stats) are sharded the same way.
 */
export const SHARD_COUNT = 10;

export function shardIndex(random: () => number = Math.random): number {
  return Math.min(SHARD_COUNT - 1, Math.floor(random() * SHARD_COUNT));
}

export function shardPaths(collectionPath: string): string[] {
  return Array.from({ length: SHARD_COUNT }, (_, index) => `${collectionPath}/${index}`);
}

export const favoriteShards = (festivalId: string, performanceId: string) => `festivals/${festivalId}/performances/${performanceId}/favoriteShards`;
export const statShards = (festivalId: string) => `festivals/${festivalId}/statShards`;

/**
 * Roll-ups without contention. Every change to a shard also adds 1 to its `ops`, which
 * therefore only grows; the sum of `ops` over one consistent read of the shards orders
 * those reads in time. So a roll-up reads the shards outside any transaction (a
 * transaction that read them would conflict with every concurrent increment, which is
 * exactly the load sharding exists for) and writes its result only if no roll-up of a
 * later read has been written: `{collection}/rollup` keeps the `ops` of the last one.
 */
export const rollupPath = (shardCollection: string) => `${shardCollection}/rollup`;

/** Whether a roll-up of a read with `ops` may replace the one recorded (equal: the same shard state, written again). */
export function isCurrentRollup(recorded: Record<string, unknown> | undefined, ops: number): boolean {
  return typeof recorded?.ops !== 'number' || ops >= recorded.ops;
}

/** The sum of one numeric field over shards (missing shards and fields count 0). */
export function sumField(shards: ReadonlyArray<Record<string, unknown> | undefined>, field: string): number {
  return shards.reduce((total, shard) => total + (typeof shard?.[field] === 'number' ? (shard[field] as number) : 0), 0);
}

/** Sums nested `{ key: { field: n } }` maps over shards, e.g. per-stage figures. */
export function sumMaps(shards: ReadonlyArray<Record<string, unknown> | undefined>, field: string): Record<string, Record<string, number>> {
  const total: Record<string, Record<string, number>> = {};
  for (const shard of shards) {
    const map = shard?.[field];
    if (!map || typeof map !== 'object') continue;
    for (const [key, inner] of Object.entries(map as Record<string, Record<string, unknown>>)) {
      const into = (total[key] ??= {});
      for (const [name, value] of Object.entries(inner)) if (typeof value === 'number') into[name] = (into[name] ?? 0) + value;
    }
  }
  return total;
}

/** A counter never shows below zero, even while a removal overtakes its addition. */
export const clampCount = (value: number) => Math.max(0, Math.round(value));
