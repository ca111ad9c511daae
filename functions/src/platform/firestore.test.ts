import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { increment } from './docs.js';
import { firestoreDocs, firestoreSettings } from './firestore.js';

/**
 * `preferRest: true` against an emulator host, offline: a throw-away HTTP server stands in
 * for the emulator's REST surface and records what the unmodified SDK sends.
 */
const requests: Array<{ method: string; url: string; authorization: string | undefined; body: string }> = [];
let server: Server;
let app: App;
const previousHost = process.env.FIRESTORE_EMULATOR_HOST;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, authorization: req.headers.authorization, body });
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.url!.includes(':batchGet')) {
        // festivals/f1 as stored; festivals/bad with a field of the wrong type.
        const startsOn = body.includes('festivals/bad') ? { stringValue: 'soon' } : { timestampValue: '2026-08-14T00:00:00Z' };
        const name = body.includes('festivals/bad') ? 'festivals/bad' : 'festivals/f1';
        res.end(JSON.stringify([{ found: { name: `projects/demo-encore/databases/(default)/documents/${name}`, fields: { startsOn }, createTime: '2026-01-01T00:00:00Z', updateTime: '2026-01-01T00:00:00Z' }, readTime: '2026-01-01T00:00:00Z' }]));
      } else {
        res.end(JSON.stringify({ writeResults: [{}], commitTime: '2026-01-01T00:00:00Z' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  app = initializeApp({ projectId: 'demo-encore' }, 'firestore-rest-test');
});

afterAll(async () => {
  if (previousHost === undefined) delete process.env.FIRESTORE_EMULATOR_HOST;
  else process.env.FIRESTORE_EMULATOR_HOST = previousHost;
  await deleteApp(app);
  await new Promise((resolve) => server.close(resolve));
});

describe('Firestore over REST', () => {
  it('uses no credentials in production settings and a pass-through client with an emulator host', () => {
    expect(firestoreSettings({})).toEqual({ preferRest: true });
    expect(firestoreSettings({ FIRESTORE_EMULATOR_HOST: 'localhost:8080' })).toMatchObject({ preferRest: true, authClient: expect.any(Object) });
  });

  it('talks REST to the emulator host offline, as owner, and converts Timestamps, Dates and increments', async () => {
    const db = getFirestore(app);
    db.settings(firestoreSettings());
    const docs = firestoreDocs(db);
    expect(await docs.get('festivals/f1', z.object({ startsOn: z.date() }))).toEqual({ startsOn: new Date('2026-08-14T00:00:00Z') });
    await docs.batch((batch) => batch.set('festivals/f1/stats/totals', { favorites: increment(2), updatedAt: new Date('2026-08-14T20:00:00Z') }, { merge: true }));

    expect(requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)).toEqual([
      'POST /v1/projects/demo-encore/databases/(default)/documents:batchGet',
      'POST /v1/projects/demo-encore/databases/(default)/documents:commit',
    ]);
    expect(requests.every((r) => r.authorization === 'Bearer owner')).toBe(true);
    await expect(docs.get('festivals/bad', z.object({ startsOn: z.date() }))).rejects.toThrow('Invalid document festivals/bad: startsOn: Invalid input: expected date, received string');
    const commit = JSON.parse(requests[1]!.body) as { writes: Array<{ update: { fields: unknown }; updateTransforms: unknown }> };
    expect(commit.writes[0]!.update.fields).toEqual({ updatedAt: { timestampValue: '2026-08-14T20:00:00.000Z' } });
    expect(JSON.stringify(commit.writes[0]!.updateTransforms)).toContain('"fieldPath":"favorites","increment":{"integerValue":"2"}');
  });
});
