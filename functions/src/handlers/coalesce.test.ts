import { describe, expect, it } from 'vitest';
import { Coalescer } from './coalesce.js';

describe('Coalescer', () => {
  it('shares one waiting run among a burst, and each caller gets a run that started after its call', async () => {
    const coalescer = new Coalescer();
    let value = 0;
    const starts: number[] = [];
    const recompute = async () => {
      starts.push(value);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return value;
    };
    const results = await Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i % 4));
        value++;
        const mine = value;
        const seen = await coalescer.run('perf', recompute);
        return { mine, seen };
      }),
    );
    for (const { mine, seen } of results) expect(seen).toBeGreaterThanOrEqual(mine);
    expect(starts.length).toBeLessThan(10);
    expect(results.at(-1)!.seen).toBe(40);
  });

  it('keeps keys apart and recovers after a failed run', async () => {
    const coalescer = new Coalescer();
    await expect(coalescer.run('a', () => Promise.reject(new Error('contention')))).rejects.toThrow('contention');
    expect(await coalescer.run('a', async () => 'again')).toBe('again');
    expect(await Promise.all([coalescer.run('a', async () => 1), coalescer.run('b', async () => 2)])).toEqual([1, 2]);
  });
});
