import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAnnouncedBundle, forgetProgrammeBundleForTests, programmeBundleBytes } from './fetch-bundle';

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

  it('downloads an announced bundle past every cache (?v=), asking again while what comes is older than announced', async () => {
    const answers = ['built at 900', 'built at 1000'];
    const fetchBundle = vi.fn(async () => new Response(answers.shift()));
    const sleep = vi.fn(async () => {});
    const builtAtOf = (bytes: ArrayBuffer) => Number(new TextDecoder().decode(bytes).split(' ').pop());
    const bytes = await fetchAnnouncedBundle('encore-2026', 1000, builtAtOf, { fetchBundle: fetchBundle as unknown as typeof fetch, sleep });
    expect(new TextDecoder().decode(bytes!)).toBe('built at 1000');
    expect(fetchBundle).toHaveBeenCalledTimes(2);
    expect(fetchBundle).toHaveBeenCalledWith('/bundles/encore-2026/programme.bundle?v=1000');
    expect(sleep).toHaveBeenCalledTimes(1);
  });

  it('gives null for an announced bundle that never comes (offline, errors, always older), after a few attempts', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await fetchAnnouncedBundle('encore-2026', 1000, () => 0, { fetchBundle: offline as unknown as typeof fetch, sleep: async () => {}, attempts: 3 })).toBeNull();
    expect(offline).toHaveBeenCalledTimes(3);
    const older = vi.fn(async () => new Response('old'));
    expect(await fetchAnnouncedBundle('encore-2026', 1000, () => 999, { fetchBundle: older as unknown as typeof fetch, sleep: async () => {}, attempts: 2 })).toBeNull();
  });
});
