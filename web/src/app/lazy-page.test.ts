import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../errors/chunk-load-error';
import { ChunkLoadError, importWithRetry } from './lazy-page';

const failingImport = (failures: number) => {
  const load = Object.assign(
    async () => {
      load.calls += 1;
      if (load.calls <= failures) throw new TypeError('Failed to fetch dynamically imported module: /assets/Page-abc.js');
      return { default: 'page' };
    },
    { calls: 0 },
  );
  return load;
};

describe('importWithRetry', () => {
  it('retries a failed import once, and succeeds when the retry does', async () => {
    const load = failingImport(1);
    await expect(importWithRetry(load, 1)).resolves.toEqual({ default: 'page' });
    expect(load.calls).toBe(2);
  });

  it('gives up after the retry with a ChunkLoadError that keeps the browser’s error', async () => {
    const load = failingImport(5);
    const error = await importWithRetry(load, 1).catch((caught: unknown) => caught);
    expect(load.calls).toBe(2);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBeInstanceOf(TypeError);
    expect(isChunkLoadError(error)).toBe(true);
  });
});

describe('isChunkLoadError', () => {
  it('recognises failed dynamic imports in Chromium, Firefox and Safari words, and nothing else', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(false);
    expect(isChunkLoadError(new Error('Failed to fetch dynamically imported module'))).toBe(false);
  });
});
