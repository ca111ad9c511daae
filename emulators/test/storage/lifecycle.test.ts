/** The emulator object's own API: clear, setRules, close, and a taken port. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStorageEmulator } from '../../src/storage/index.js';
import { BUCKET, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;

beforeAll(async () => {
  harness = await startStorageHarness();
});

afterAll(async () => {
  await harness.close();
});

describe('storage emulator lifecycle', () => {
  it('answers a health check on / and reports where it listens', async () => {
    expect(harness.emulator.host).toBe('127.0.0.1');
    expect(await (await fetch(`${harness.origin}/`)).json()).toEqual({ emulator: 'storage' });
  });

  it('clear() drops every object and open upload without publishing events', async () => {
    await harness.adminBucket().file('c/one.txt').save('1');
    const start = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=c%2Fopen.txt`, { method: 'POST' });
    const session = start.headers.get('location')!;
    const eventsBefore = harness.events.length;
    harness.emulator.clear();
    expect(harness.events.length).toBe(eventsBefore);
    expect(await harness.adminBucket().file('c/one.txt').exists()).toEqual([false]);
    expect((await fetch(session, { method: 'PUT', body: 'x' })).status).toBe(404);
  });

  it('a second emulator on a taken port fails to start; close() frees the port', async () => {
    const first = await startStorageEmulator({ port: 0 });
    await expect(startStorageEmulator({ port: first.port })).rejects.toMatchObject({ code: 'EADDRINUSE' });
    await first.close();
    const second = await startStorageEmulator({ port: first.port });
    expect(second.port).toBe(first.port);
    await second.close();
  });
});
