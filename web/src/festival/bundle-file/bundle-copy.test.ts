import { describe, expect, it, vi } from 'vitest';
import { bundleCopy, builtAt, keepBundleCopy, newerBundle } from './bundle-copy';

/** A bundle of no documents built at `seconds` (the metadata element alone). */
function bundleBuiltAt(seconds: number): ArrayBuffer {
  const json = JSON.stringify({ metadata: { id: 'b', createTime: { seconds: String(seconds), nanos: 0 }, version: 1, totalDocuments: 0, totalBytes: '0' } });
  return new TextEncoder().encode(`${new TextEncoder().encode(json).length}${json}`).buffer as ArrayBuffer;
}

/** Cache Storage in memory, as jsdom has none. */
function memoryCaches() {
  const entries = new Map<string, ArrayBuffer>();
  const cache = {
    put: async (url: string, response: Response) => void entries.set(url, await response.arrayBuffer()),
    match: async (url: string) => (entries.has(url) ? new Response(entries.get(url)!) : undefined),
  };
  return { entries, storage: { open: async () => cache as unknown as Cache } };
}

describe("the device's copy of the programme bundle", () => {
  it('reads a bundle\'s build time from its metadata alone', () => {
    expect(builtAt(bundleBuiltAt(1_000))).toBe(1_000_000);
    expect(() => builtAt(new TextEncoder().encode('<html>').buffer as ArrayBuffer)).toThrow();
  });

  it('keeps the newest bundle it is given, under the bundle\'s path, and gives it back', async () => {
    const { entries, storage } = memoryCaches();
    await keepBundleCopy('encore-2026', bundleBuiltAt(2_000), storage);
    await keepBundleCopy('encore-2026', bundleBuiltAt(1_000), storage);
    expect([...entries.keys()]).toEqual(['/bundles/encore-2026/programme.bundle']);
    expect(builtAt((await bundleCopy('encore-2026', storage))!)).toBe(2_000_000);
    await keepBundleCopy('encore-2026', bundleBuiltAt(3_000), storage);
    expect(builtAt((await bundleCopy('encore-2026', storage))!)).toBe(3_000_000);
  });

  it('does not write the same build again (a return visit showing the bundle it kept)', async () => {
    const { storage } = memoryCaches();
    const put = vi.fn();
    const cache = await storage.open();
    const counting = { open: async () => ({ match: cache.match, put: async (url: string, response: Response) => (put(), cache.put(url, response)) }) as unknown as Cache };
    await keepBundleCopy('encore-2026', bundleBuiltAt(2_000), counting);
    await keepBundleCopy('encore-2026', bundleBuiltAt(2_000), counting);
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('has no copy without Cache Storage or for another festival, and never throws when storing fails', async () => {
    expect(await bundleCopy('encore-2026', null)).toBeNull();
    await expect(keepBundleCopy('encore-2026', bundleBuiltAt(1), null)).resolves.toBeUndefined();
    expect(await bundleCopy('other', memoryCaches().storage)).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const full = { open: async () => ({ match: async () => undefined, put: async () => Promise.reject(new DOMException('full', 'QuotaExceededError')) }) as unknown as Cache };
    await expect(keepBundleCopy('encore-2026', bundleBuiltAt(1), full)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it('picks the newer of a download and the copy, either of which may be missing', () => {
    const older = bundleBuiltAt(1_000);
    const newer = bundleBuiltAt(2_000);
    expect(newerBundle(older, newer)).toBe(newer);
    expect(newerBundle(newer, older)).toBe(newer);
    expect(newerBundle(null, older)).toBe(older);
    expect(newerBundle(older, null)).toBe(older);
    expect(newerBundle(null, null)).toBeNull();
  });
});
