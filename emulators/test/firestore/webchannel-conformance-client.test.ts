/**
 * The Chromium conformance client end to end: each kind of call crosses the page boundary
 * and reaches the emulator through the browser SDK (WebChannel for listens and writes, REST
 * for transactions and aggregations). A's case files run the full suite over this client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../../src/firestore/index.js';
import type { ConformanceClient } from '../conformance/client.js';
import { webChromium } from '../conformance/clients/web-chromium.js';

const PROJECT = 'demo-webchannel-conformance-client';
let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let client: ConformanceClient;
let other: ConformanceClient;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: PROJECT });
  const config = { host: emulator.host, port: emulator.port, projectId: PROJECT, user: 'owner' as const };
  [client, other] = await Promise.all([webChromium.create(config), webChromium.create(config)]);
});

afterAll(async () => {
  await client?.close();
  await other?.close();
  await emulator?.close();
});

describe('web-chromium conformance client', () => {
  it('identifies itself with the web SDK limitations', async () => {
    expect(await client.info()).toMatchObject({ name: 'web-chromium', lacks: expect.arrayContaining(['select', 'writeTime']) });
  });

  it('writes tagged values and reads them back', async () => {
    const data = { title: 'Opening night', at: { $timestamp: '2026-07-01T18:30:00.123456000Z' }, seats: 40, tags: ['a'] };
    expect(await client.write({ op: 'set', path: 'shows/s1', data })).toEqual({ ok: true, value: expect.any(Object) });
    expect(await other.get('shows/s1')).toMatchObject({ ok: true, value: { path: 'shows/s1', exists: true, data } });
  });

  it('delivers a listener event written by another client', async () => {
    const listener = await client.listen({ doc: 'shows/s2' });
    expect(listener.ok).toBe(true);
    const id = (listener as { ok: true; value: string }).value;
    expect(await client.nextEvent(id, 10_000)).toMatchObject({ kind: 'snapshot', snapshot: { docs: [{ exists: false }] } });
    await other.write({ op: 'set', path: 'shows/s2', data: { seats: 12 } });
    let event = await client.nextEvent(id, 10_000);
    // Skip cache-only snapshots (and a late "missing" one from the server) until the write shows up.
    while (event.kind === 'snapshot' && (event.snapshot.fromCache || !event.snapshot.docs[0]?.exists)) {
      event = await client.nextEvent(id, 10_000);
    }
    expect(event).toMatchObject({ kind: 'snapshot', snapshot: { docs: [{ exists: true, data: { seats: 12 } }], fromCache: false } });
    await client.unlisten(id);
  });

  it('runs transactions and aggregations over REST', async () => {
    await client.write({ op: 'set', path: 'shows/s3', data: { seats: 5 } });
    const transaction = await client.transaction({
      reads: ['shows/s3'],
      writes: [{ op: 'update', path: 'shows/s3', data: { seats: { $fromRead: { path: 'shows/s3', field: 'seats', add: 1 } } } }],
    });
    expect(transaction).toMatchObject({ ok: true, value: { attempts: 1, reads: [{ data: { seats: 5 } }] } });
    expect(await client.aggregate({ collection: 'shows' }, { total: { count: true }, seats: { sum: 'seats' } })).toEqual({
      ok: true,
      value: { total: 3, seats: 40 + 12 + 6 },
    });
  });

  it('reports Firestore errors as outcomes with their codes', async () => {
    expect(await client.write({ op: 'update', path: 'shows/missing', data: { seats: 1 } })).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});
