/**
 * Malformed WebChannel traffic against the running emulator: every request gets a prompt,
 * documented answer (a 400 the client classifies, or a 200 stream error the SDK maps to a
 * code), never a crash or a request left hanging.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFirestoreEmulator } from '../../src/firestore/index.js';

const PROJECT = 'demo-webchannel-malformed';
const DATABASE = `projects/${PROJECT}/databases/(default)`;
const ORIGIN = 'http://127.0.0.1:5173';
let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;

beforeAll(async () => {
  emulator = await startFirestoreEmulator({ host: '127.0.0.1', port: 0, projectId: PROJECT });
});

afterAll(async () => {
  await emulator?.close();
});

function channelUrl(stream: 'Listen' | 'Write', params: Record<string, string>): string {
  const query = new URLSearchParams({ VER: '8', database: DATABASE, zx: 'z', t: '1', ...params });
  return `http://${emulator.host}:${emulator.port}/google.firestore.v1.Firestore/${stream}/channel?${query}`;
}

/** A request that must be answered promptly: a hung one fails the test through the abort signal. */
async function send(method: 'GET' | 'POST', url: string, body?: string) {
  const response = await fetch(url, {
    method,
    headers: { Origin: ORIGIN, ...(body === undefined ? {} : { 'Content-Type': 'application/x-www-form-urlencoded' }) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const map = (message: unknown) => encodeURIComponent(JSON.stringify(message));

async function handshake(stream: 'Listen' | 'Write', first: unknown): Promise<string> {
  const response = await send('POST', channelUrl(stream, { RID: '1', CVER: '22' }), `count=1&ofs=0&req0___data__=${map(first)}`);
  expect(response.status).toBe(200);
  const sid = /\["c","([^"]+)"/.exec(response.text)?.[1];
  expect(sid).toBeDefined();
  return sid!;
}

/** The first chunk of a long-poll back channel, parsed: the arrays the server had pending. */
async function firstArrays(stream: 'Listen' | 'Write', sid: string): Promise<[number, unknown[]][]> {
  const response = await send('GET', channelUrl(stream, { RID: 'rpc', SID: sid, AID: '0', CI: '1', TYPE: 'xmlhttp' }));
  expect(response.status).toBe(200);
  const newline = response.text.indexOf('\n');
  return JSON.parse(response.text.slice(newline + 1, newline + 1 + Number(response.text.slice(0, newline)))) as [number, unknown[]][];
}

describe('malformed WebChannel input', () => {
  it.each([
    ['a body that is not a form', 'garbage'],
    ['a map count with no maps', 'count=2&ofs=0'],
    ['bad JSON in a map', 'count=1&ofs=0&req0___data__=%7B%22addTarget%22%3A'],
  ])('answers a handshake with %s with 400, keeping CORS', async (_label, body) => {
    const response = await send('POST', channelUrl('Listen', { RID: '1', CVER: '22' }), body);
    expect(response.status).toBe(400);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('answers an unknown SID with a 400 the client classifies as "Unknown SID"', async () => {
    for (const response of [
      await send('POST', channelUrl('Listen', { SID: 'no-such-session', RID: '2', AID: '0' }), `count=1&ofs=1&req0___data__=${map({})}`),
      await send('GET', channelUrl('Write', { RID: 'rpc', SID: 'no-such-session', AID: '0', CI: '0', TYPE: 'xmlhttp' })),
    ]) {
      expect(response.status).toBe(400);
      expect(response.text.indexOf('Unknown SID')).toBeGreaterThan(0);
    }
  });

  it('answers bad JSON in a forward map with 400 and leaves the session usable', async () => {
    const sid = await handshake('Write', { database: DATABASE });
    const bad = await send('POST', channelUrl('Write', { SID: sid, RID: '2', AID: '0' }), 'count=1&ofs=1&req0___data__=%7Bnope');
    expect(bad.status).toBe(400);
    expect(await firstArrays('Write', sid)).toEqual([[1, [{ streamId: expect.any(String), streamToken: expect.any(String) }]]]);
  });

  it('reports a request the engine rejects as a 200 stream error with its canonical status', async () => {
    const listenSid = await handshake('Listen', ['not', 'a', 'ListenRequest']);
    expect(await firstArrays('Listen', listenSid)).toEqual([
      [1, [{ error: { code: 3, message: expect.any(String), status: 'INVALID_ARGUMENT' } }]],
    ]);
    const writeSid = await handshake('Write', { database: DATABASE, writes: [{ delete: `${DATABASE}/documents/a/b` }] });
    expect(await firstArrays('Write', writeSid)).toEqual([
      [1, [{ error: { code: 3, message: expect.any(String), status: 'INVALID_ARGUMENT' } }]],
    ]);
  });

  it('still opens healthy sessions afterwards', async () => {
    const sid = await handshake('Write', { database: DATABASE });
    expect(await firstArrays('Write', sid)).toEqual([[1, [{ streamId: expect.any(String), streamToken: expect.any(String) }]]]);
  });
});
