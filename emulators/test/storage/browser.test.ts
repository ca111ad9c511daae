/** The web SDK's browser build in headless Chromium, from another origin: CORS and exposed upload headers. */
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBrowserHarness, type BrowserHarness } from '../browser/index.js';
import { startStorageHarness, type StorageHarness } from './harness.js';

let storage: StorageHarness;
let browser: BrowserHarness;

beforeAll(async () => {
  storage = await startStorageHarness();
  browser = await startBrowserHarness({ entry: fileURLToPath(new URL('./browser-page.ts', import.meta.url)) });
  await browser.call('connect', storage.emulator.port);
});

afterAll(async () => {
  await browser?.close();
  await storage?.close();
});

describe('web SDK in a browser', () => {
  it('uploads resumably across origins and downloads the same bytes from the token URL', async () => {
    const result = await browser.call<{ size: number; contentType: string; progress: number[]; sentHash: string; downloadedHash: string }>(
      'resumableRoundTrip',
      'browser/clip.bin',
      900_000,
    );
    expect(result).toMatchObject({ size: 900_000, contentType: 'application/x-encore' });
    expect(result.progress.at(-1)).toBe(900_000);
    expect(result.downloadedHash).toBe(result.sentHash);
    expect(storage.events.filter((event) => event.object.name === 'browser/clip.bin').map((event) => event.kind)).toEqual(['finalized']);
  });

  it('updates metadata, lists and deletes', async () => {
    expect(await browser.call('metadataAndListing')).toEqual({
      custom: { seen: 'yes' },
      items: ['browser/list/a.txt'],
      prefixes: ['browser/list/sub'],
      afterDelete: 'storage/object-not-found',
    });
  });

  it('cancels an upload with storage/canceled', async () => {
    expect(await browser.call('cancelUpload', 'browser/canceled.bin')).toEqual({ upload: 'storage/canceled', afterwards: 'storage/object-not-found' });
  });

  it('logged no page errors', () => {
    // The SDK logs nothing on success; the expected 404 of the not-found checks shows as a failed resource load.
    expect(browser.errors.filter((line) => !line.includes('404'))).toEqual([]);
  });
});
