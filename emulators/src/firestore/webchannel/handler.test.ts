import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OpenStream, StreamKind, StreamOpenContext, StreamSink } from '../streams.js';
import { createWebChannelServerSide, DEFAULT_WEBCHANNEL_OPTIONS, type WebChannelServerSide } from './handler.js';

/** A scripted engine: records what each stream receives and lets the test answer through its sink. */
interface FakeStream {
  kind: StreamKind;
  context: StreamOpenContext;
  sink: StreamSink;
  received: unknown[];
  closed: boolean;
}

const streams: FakeStream[] = [];
let throwOnReceive = false;
const openStream: OpenStream = (kind, context, sink) => {
  const stream: FakeStream = { kind, context, sink, received: [], closed: false };
  streams.push(stream);
  return {
    receive(message) {
      if (throwOnReceive) throw new Error('engine bug');
      stream.received.push(message);
      if ((message as { echo?: unknown }).echo !== undefined) sink.send({ echoed: (message as { echo: unknown }).echo });
    },
    close() {
      stream.closed = true;
    },
  };
};

let server: Server;
let base: string;
let side: WebChannelServerSide;
const ORIGIN = 'http://127.0.0.1:5173';
const DATABASE = 'projects/p/databases/(default)';
const LISTEN = '/google.firestore.v1.Firestore/Listen/channel';
const RECYCLE_AFTER = 10_000;

beforeAll(async () => {
  side = createWebChannelServerSide(openStream, {
    ...DEFAULT_WEBCHANNEL_OPTIONS,
    longPollWaitMs: 200,
    noopIntervalMs: 200,
    recycleStreamAfterLength: RECYCLE_AFTER,
  });
  server = createServer(side.handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

afterEach(() => {
  streams.length = 0;
  throwOnReceive = false;
});

const query = (params: Record<string, string | number>) =>
  new URLSearchParams({ VER: '8', database: DATABASE, zx: 'x', ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) }).toString();

const form = (messages: unknown[], ofs: number, headers?: string) =>
  (headers === undefined ? '' : `headers=${encodeURIComponent(headers)}&`) +
  `count=${messages.length}&ofs=${ofs}` +
  messages.map((message, index) => `&req${index}___data__=${encodeURIComponent(JSON.stringify(message))}`).join('');

async function post(path: string, params: Record<string, string | number>, body: string) {
  const response = await fetch(`${base}${path}?${query(params)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: ORIGIN },
    body,
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** Parses `<length>\n<payload>` chunks, checking each length in UTF-16 units. */
function chunks(text: string): unknown[] {
  const result: unknown[] = [];
  let rest = text;
  while (rest.length > 0) {
    const newline = rest.indexOf('\n');
    const length = Number(rest.slice(0, newline));
    result.push(JSON.parse(rest.slice(newline + 1, newline + 1 + length)));
    rest = rest.slice(newline + 1 + length);
  }
  return result;
}

async function handshake(first: unknown = { database: DATABASE }, headers?: string): Promise<string> {
  const response = await post(LISTEN, { RID: 100, CVER: 22, 'X-HTTP-Session-Id': 'gsessionid', t: 1 }, form([first], 0, headers));
  expect(response.status).toBe(200);
  const [[[id, hello]]] = chunks(response.text) as [[[number, unknown[]]]];
  expect(id).toBe(0);
  return hello[1] as string;
}

/** Opens a back-channel GET and resolves with its chunks once `count` arrived (or the response ended). */
function backChannel(sid: string, aid: number, options: { longPoll?: boolean; count?: number; timeout?: number } = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; text: string; arrays: [number, unknown[]][]; ended: boolean }>((resolve, reject) => {
    const params: Record<string, string | number> = { RID: 'rpc', SID: sid, AID: aid, CI: options.longPoll ? 1 : 0, TYPE: 'xmlhttp', t: 1 };
    if (options.timeout !== undefined) params.TO = options.timeout;
    const req = httpRequest(`${base}${LISTEN}?${query(params)}`, { headers: { Origin: ORIGIN } }, (response) => {
      let text = '';
      const arrays = () => (response.statusCode === 200 ? (chunks(text).flat() as [number, unknown[]][]) : []);
      response.setEncoding('utf8');
      response.on('data', (data: string) => {
        text += data;
        if (options.count !== undefined && arrays().length >= options.count) {
          resolve({ status: response.statusCode!, headers: response.headers, text, arrays: arrays(), ended: false });
          req.destroy();
        }
      });
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text, arrays: arrays(), ended: true }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('WebChannel handshake', () => {
  it('opens a stream with the database, the init headers and the first message, and answers "c"', async () => {
    const response = await post(
      LISTEN,
      { RID: 1, CVER: 22 },
      form([{ database: DATABASE }], 0, 'X-Goog-Api-Client:gl-js/ fire/12.19.0\r\nAuthorization:Bearer owner\r\n'),
    );
    expect(response.status).toBe(200);
    const [[[id, hello]]] = chunks(response.text) as [[[number, unknown[]]]];
    expect(id).toBe(0);
    expect(hello).toEqual(['c', expect.any(String), '', 8, 14, 30000]);
    expect(response.headers.get('x-http-session-id')).toBeTruthy();
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-expose-headers')).toBe('X-HTTP-Session-Id, X-Client-Wire-Protocol');
    expect(streams).toHaveLength(1);
    expect(streams[0]!.kind).toBe('Listen');
    expect(streams[0]!.context).toEqual({
      database: DATABASE,
      headers: { 'x-goog-api-client': 'gl-js/ fire/12.19.0', authorization: 'Bearer owner' },
    });
    expect(streams[0]!.received).toEqual([{ database: DATABASE }]);
  });
});

describe('WebChannel forward channel', () => {
  it('applies maps once each and in map-id order, whatever order the POSTs come in', async () => {
    const sid = await handshake({ n: 0 });
    const ack = await post(LISTEN, { SID: sid, RID: 102, AID: 0 }, form([{ n: 2 }, { n: 3 }], 2));
    expect(ack.text).toBe('7\n[0,0,0]');
    expect(streams[0]!.received).toEqual([{ n: 0 }]);
    await post(LISTEN, { SID: sid, RID: 101, AID: 0 }, form([{ n: 1 }], 1));
    await post(LISTEN, { SID: sid, RID: 101, AID: 0 }, form([{ n: 1 }], 1));
    await post(LISTEN, { SID: sid, RID: 102, AID: 0 }, form([{ n: 2 }, { n: 3 }], 2));
    expect(streams[0]!.received).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }, { n: 3 }]);
  });

  it('acknowledges with the back-channel state and the last array id', async () => {
    const sid = await handshake();
    const open = backChannel(sid, 0, { count: 2 });
    await expect.poll(() => side.sessions.find(sid, 'Listen')?.forwardAck(undefined).hasBackChannel).toBe(true);
    const ack = await post(LISTEN, { SID: sid, RID: 101, AID: 0 }, form([{ echo: 'hi' }], 1));
    expect(chunks(ack.text)).toEqual([[1, 2, expect.any(Number)]]);
    const { arrays } = await open;
    expect(arrays).toEqual([
      [1, ['noop']],
      [2, [{ echoed: 'hi' }]],
    ]);
  });
});

describe('WebChannel back channel', () => {
  it('streams: writes a noop at once, then every array as it is produced, then keepalive noops', async () => {
    const sid = await handshake();
    const opened = backChannel(sid, 0, { count: 3 });
    await expect.poll(() => side.sessions.find(sid, 'Listen')?.forwardAck(undefined).lastArrayId).toBe(1);
    streams[0]!.sink.send({ targetChange: { targetChangeType: 'ADD', targetIds: [2] } });
    const { status, headers, arrays } = await opened;
    expect(status).toBe(200);
    expect(headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(arrays).toEqual([
      [1, ['noop']],
      [2, [{ targetChange: { targetChangeType: 'ADD', targetIds: [2] } }]],
      [3, ['noop']],
    ]);
  });

  it('ends a streaming GET that carried enough data, so the next GET acknowledges it', async () => {
    const sid = await handshake();
    const first = backChannel(sid, 0);
    await expect.poll(() => side.sessions.find(sid, 'Listen')?.forwardAck(undefined).lastArrayId).toBe(1);
    streams[0]!.sink.send({ blob: 'x'.repeat(RECYCLE_AFTER) });
    expect(await first).toMatchObject({ ended: true, arrays: [[1, ['noop']], [2, [{ blob: expect.any(String) }]]] });
    expect(side.sessions.find(sid, 'Listen')?.forwardAck(2).outstandingLength).toBe(0);
  });

  it('resends every array above AID on a new GET, with the same ids', async () => {
    const sid = await handshake({ echo: 'a' });
    streams[0]!.sink.send({ n: 2 });
    expect((await backChannel(sid, 0, { count: 2 })).arrays).toEqual([
      [1, [{ echoed: 'a' }]],
      [2, [{ n: 2 }]],
    ]);
    expect((await backChannel(sid, 1, { count: 1 })).arrays).toEqual([[2, [{ n: 2 }]]]);
  });

  it('long-polls: answers pending arrays and ends, or waits and ends with a noop', async () => {
    const sid = await handshake({ echo: 'a' });
    expect(await backChannel(sid, 0, { longPoll: true })).toMatchObject({ arrays: [[1, [{ echoed: 'a' }]]], ended: true });
    const waiting = backChannel(sid, 1, { longPoll: true });
    await expect.poll(() => side.sessions.find(sid, 'Listen')?.forwardAck(undefined).hasBackChannel).toBe(true);
    streams[0]!.sink.send({ n: 2 });
    expect(await waiting).toMatchObject({ arrays: [[2, [{ n: 2 }]]], ended: true });
    expect(await backChannel(sid, 2, { longPoll: true, timeout: 100 })).toMatchObject({ arrays: [[3, ['noop']]], ended: true });
  });
});

describe('WebChannel errors', () => {
  it('sends an engine failure as a 200 error message with the canonical status, then ignores the stream', async () => {
    const sid = await handshake();
    streams[0]!.sink.fail(7, 'Missing or insufficient permissions.');
    streams[0]!.sink.send({ late: true });
    expect(streams[0]!.closed).toBe(true);
    expect((await backChannel(sid, 0, { count: 1 })).arrays).toEqual([
      [1, [{ error: { code: 7, message: 'Missing or insufficient permissions.', status: 'PERMISSION_DENIED' } }]],
    ]);
    await post(LISTEN, { SID: sid, RID: 101, AID: 1 }, form([{ n: 1 }], 1));
    expect(streams[0]!.received).toEqual([{ database: DATABASE }]);
  });

  it('turns an engine that throws into an INTERNAL stream error, not a crash', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    throwOnReceive = true;
    const sid = await handshake();
    expect((await backChannel(sid, 0, { count: 1 })).arrays).toEqual([
      [1, [{ error: { code: 13, message: 'Internal error while handling the request', status: 'INTERNAL' } }]],
    ]);
    expect(logged).toHaveBeenCalledWith('[webchannel] stream handler threw', expect.any(Error));
    logged.mockRestore();
  });

  it('turns a response JSON cannot encode into an INTERNAL stream error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const sid = await handshake();
    streams[0]!.sink.send({ count: 1n });
    expect((await backChannel(sid, 0, { count: 1 })).arrays).toEqual([
      [1, [{ error: { code: 13, message: 'Internal error while encoding a response', status: 'INTERNAL' } }]],
    ]);
    expect(logged).toHaveBeenCalledWith('[webchannel] could not encode a stream message', expect.any(TypeError));
    logged.mockRestore();
  });

  it('answers an unknown SID with 400 "Unknown SID" on POST and GET', async () => {
    const forward = await post(LISTEN, { SID: 'nope', RID: 5, AID: 0 }, form([{}], 1));
    expect(forward.status).toBe(400);
    expect(forward.text.indexOf('Unknown SID')).toBeGreaterThan(0);
    expect(forward.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    const get = await backChannel('nope', 0);
    expect(get.status).toBe(400);
    expect(get.text.indexOf('Unknown SID')).toBeGreaterThan(0);
  });

  it('does not let a Listen session be used on the Write channel', async () => {
    const sid = await handshake();
    const response = await post('/google.firestore.v1.Firestore/Write/channel', { SID: sid, RID: 5, AID: 0 }, form([{}], 1));
    expect(response.status).toBe(400);
  });

  it('answers malformed bodies with 400 and opens no stream', async () => {
    const bad = await post(LISTEN, { RID: 1 }, 'count=1&ofs=0&req0___data__=%7Bnot-json');
    expect(bad).toMatchObject({ status: 400, text: 'req0___data__ is not valid JSON' });
    // JSON that Google's parser refuses: a number no double holds, a lone surrogate escape.
    for (const data of ['{"n":1e400}', '{"s":"\\ud800"}']) {
      const refused = await post(LISTEN, { RID: 1 }, `count=1&ofs=0&req0___data__=${encodeURIComponent(data)}`);
      expect(refused.status, data).toBe(400);
      expect(refused.text, data).toMatch(/^req0___data__: Invalid JSON payload received/);
    }
    expect((await post(LISTEN, { RID: 1 }, 'garbage')).status).toBe(400);
    expect(streams).toHaveLength(0);
    const sid = await handshake();
    expect((await post(LISTEN, { SID: sid, RID: 2 }, 'count=2&ofs=1&req0___data__=%7B%7D')).status).toBe(400);
    expect((await post(LISTEN, { SID: sid, RID: 3 }, form([{ far: 'ahead' }], 50_000))).status).toBe(400);
    expect(streams[0]!.received).toHaveLength(1);
  });
});

describe('WebChannel terminate and CORS', () => {
  it('closes the stream and forgets the session on terminate', async () => {
    const sid = await handshake();
    const response = await post(LISTEN, { SID: sid, RID: 3, TYPE: 'terminate' }, '');
    expect(response.status).toBe(200);
    expect(streams[0]!.closed).toBe(true);
    expect(side.sessions.find(sid, 'Listen')).toBeUndefined();
  });

  it('closes a session whose back channel stays away, releasing its stream', async () => {
    const short = createWebChannelServerSide(openStream, { ...DEFAULT_WEBCHANNEL_OPTIONS, orphanTimeoutMs: 50 });
    const session = short.sessions.create('Listen');
    const stream = openStream('Listen', { database: DATABASE, headers: {} }, session.sink);
    session.attachStream(stream);
    expect(short.sessions.size).toBe(1);
    await expect.poll(() => short.sessions.size).toBe(0);
    expect(streams.at(-1)!.closed).toBe(true);
  });

  it('answers a preflight with the exact origin and credentials', async () => {
    const response = await fetch(`${base}${LISTEN}`, {
      method: 'OPTIONS',
      headers: {
        Origin: ORIGIN,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-custom',
        'Access-Control-Request-Private-Network': 'true',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
    expect(response.headers.get('access-control-allow-headers')).toBe('x-custom');
    expect(response.headers.get('access-control-allow-private-network')).toBe('true');
  });
});
