import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetProgrammeBundleForTests, programmeBundleBytes } from './fetch-bundle';

afterEach(forgetProgrammeBundleForTests);

describe('the programme bundle download', () => {
  it('fetches the same-origin bundle URL once per page load and gives every caller the same bytes', async () => {
    const body = new TextEncoder().encode('the bytes');
    const fetchBundle = vi.fn(async () => new Response(body));
    const first = programmeBundleBytes('encore-2026', fetchBundle as unknown as typeof fetch);
    const second = programmeBundleBytes('encore-2026', fetchBundle as unknown as typeof fetch);
    expect(fetchBundle).toHaveBeenCalledTimes(1);
    expect(fetchBundle).toHaveBeenCalledWith('/bundles/encore-2026/programme.bundle');
    expect(new TextDecoder().decode((await first)!)).toBe('the bytes');
    expect(await second).toBe(await first);
  });

  it('gives null for a 404 and for a network failure, never an error', async () => {
    expect(await programmeBundleBytes('encore-2026', (async () => new Response('No such festival.\n', { status: 404 })) as unknown as typeof fetch)).toBeNull();
    forgetProgrammeBundleForTests();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await programmeBundleBytes('encore-2026', offline)).toBeNull();
  });
});
