import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from './index.js';

let harness: BrowserHarness;

beforeAll(async () => {
  harness = await startBrowserHarness({ entry: fileURLToPath(new URL('./pages/harness-self-test.ts', import.meta.url)) });
});

afterAll(async () => {
  await harness?.close();
});

describe('browser harness', () => {
  it('calls functions the page exposed, with JSON arguments and results', async () => {
    expect(await harness.call('add', 2, 3)).toBe(5);
    expect(await harness.call('origin')).toBe(harness.origin);
    expect(harness.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('rejects with the page error when a function throws, and for unknown functions', async () => {
    await expect(harness.call('throwError', 'stage collapsed')).rejects.toThrow('stage collapsed');
    await expect(harness.call('missing')).rejects.toThrow('The page exposes no function missing');
  });

  it('collects console errors', async () => {
    await harness.call('logError', 'feedback loop');
    await expect.poll(() => harness.errors).toContain('feedback loop');
  });
});
