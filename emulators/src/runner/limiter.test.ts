import { expect, it } from 'vitest';
import { Limiter } from './limiter.js';

it('never runs more than its limit at once, and runs everything', async () => {
  const limiter = new Limiter(2);
  let running = 0;
  let peak = 0;
  const results = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      limiter.run(async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        return i;
      }),
    ),
  );
  expect(results).toEqual([0, 1, 2, 3, 4, 5]);
  expect(peak).toBe(2);
});

it('frees its slot when the work throws', async () => {
  const limiter = new Limiter(1);
  await expect(limiter.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  expect(await limiter.run(async () => 'next')).toBe('next');
});
