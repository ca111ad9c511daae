/**
 * Slow and silent clients on every port (common/http-timeouts.ts), with short timeouts: a
 * connection that sends nothing, an HTTP/0.9 line never ended, a request head never
 * finished, a body promised and never sent, a body trickled past the request timeout, a
 * gRPC preface never finished: each is closed (408 where a request was under way) and the
 * port keeps serving. Beside each, what is legitimately long still works: a WebChannel
 * back channel and a gRPC Listen held open past the idle timeout, an upload that streams
 * slowly past it, a StreamingPull waiting past it.
 */
import { connect as connectHttp2 } from 'node:http2';
import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { PubSub } from '@google-cloud/pubsub';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpTimeouts } from '../../src/common/http-timeouts.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import { startPubSubEmulator, type PubSubEmulator } from '../../src/pubsub/index.js';
import { startFunctionsRunner, type FunctionsRunner } from '../../src/runner/index.js';
import { DEFAULT_STORAGE_BUCKET, startStorageEmulator, type StorageEmulator } from '../../src/storage/index.js';
import { FIXTURE_DIR, FIXTURE_MODULE } from '../runner/fixture.js';

process.env.METADATA_SERVER_DETECTION = 'none';

const PROJECT = 'demo-timeouts';
const TIMEOUTS: HttpTimeouts = { idleMs: 400, requestMs: 2000 };
/** Far above both timeouts: a connection still open this long was never going to be closed. */
const CEILING_MS = 10_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let firestore: FirestoreEmulator;
let storage: StorageEmulator;
let pubsub: PubSubEmulator;
let runner: FunctionsRunner;
let adminApp: App;

beforeAll(async () => {
  [firestore, storage, pubsub, runner] = await Promise.all([
    startFirestoreEmulator({ port: 0, projectId: PROJECT, timeouts: TIMEOUTS }),
    startStorageEmulator({ port: 0, projectId: PROJECT, timeouts: TIMEOUTS }),
    startPubSubEmulator({ port: 0, timeouts: TIMEOUTS }),
    startFunctionsRunner({ functionsModule: FIXTURE_MODULE, functionsDir: FIXTURE_DIR, projectId: PROJECT, port: 0, schedules: false, timeouts: TIMEOUTS, log: () => {} }),
  ]);
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${firestore.port}`;
  adminApp = initializeApp({ projectId: PROJECT }, 'http-timeouts');
}, 60_000);

afterAll(async () => {
  if (adminApp) await deleteApp(adminApp);
  await Promise.all([firestore?.close(), storage?.close(), pubsub?.close(), runner?.close()]);
});

interface Closed {
  /** Everything the server sent before it closed the connection. */
  received: string;
}

/**
 * Opens a raw connection, sends `first`, then every `trickle.every` ms one more byte of
 * `trickle.bytes` (none by default), and resolves when the server closes the connection;
 * rejects if it is still open after CEILING_MS.
 */
function rawClient(port: number, first: string, trickle?: { every: number }): Promise<Closed> {
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(port, '127.0.0.1', () => {
      if (first) socket.write(first);
    });
    const dripping = trickle ? setInterval(() => socket.writable && socket.write('x'), trickle.every) : undefined;
    const ceiling = setTimeout(() => {
      socket.destroy();
      reject(new Error(`still open after ${CEILING_MS} ms; received ${JSON.stringify(received)}`));
    }, CEILING_MS);
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(ceiling);
      clearInterval(dripping);
      resolve({ received });
    });
  });
}

/**
 * Starts a gRPC call on `path` whose 100-byte request message never arrives (two bytes of it,
 * then nothing, never half-closed) and resolves with the grpc-status the server ends it with.
 */
function stalledGrpcCall(port: number, path: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const session = connectHttp2(`http://127.0.0.1:${port}`);
    session.on('error', () => {});
    const ceiling = setTimeout(() => {
      session.destroy();
      reject(new Error(`no status after ${CEILING_MS} ms`));
    }, CEILING_MS);
    const done = (status: unknown) => {
      clearTimeout(ceiling);
      session.destroy();
      resolve(status === undefined ? undefined : String(status));
    };
    const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': 'application/grpc', te: 'trailers' });
    stream.on('error', () => {});
    stream.write(Buffer.from([0, 0, 0, 0, 100, 1, 2]));
    // A trailers-only answer carries the status in its headers; otherwise it comes in the trailers.
    stream.on('response', (headers) => headers['grpc-status'] !== undefined && done(headers['grpc-status']));
    stream.on('trailers', (trailers) => done(trailers['grpc-status']));
    stream.resume();
  });
}

const promisedBody = (path: string) => `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
const REQUEST_TIMEOUT = /^HTTP\/1\.1 408 Request Timeout\r\n/;

describe('Firestore (8080): HTTP/1.1 and gRPC on one port', () => {
  const documents = `/v1/projects/${PROJECT}/databases/(default)/documents`;
  const honestWrite = async (id: string) => {
    const response = await fetch(`http://127.0.0.1:${firestore.port}${documents}/slow?documentId=${id}`, {
      method: 'POST',
      headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
      body: JSON.stringify({ fields: { ok: { booleanValue: true } } }),
    });
    return response.status;
  };

  it.each([
    ['sends nothing at all', ''],
    ['sends an HTTP/0.9 request line and never ends it', 'GET /\r\n'],
    ['never finishes its request head', 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n'],
    ['starts an HTTP/2 preface and stops', 'PRI * HTTP/2.0\r\n'],
  ])('closes a connection that %s, and keeps serving', async (_label, first) => {
    await rawClient(firestore.port, first);
    expect(await honestWrite(`after-${first.length}`)).toBe(200);
  });

  it('answers 408 to a body promised and never sent, and keeps serving', async () => {
    const { received } = await rawClient(firestore.port, promisedBody(`${documents}/slow`));
    expect(received).toMatch(REQUEST_TIMEOUT);
    expect(await honestWrite('after-promise')).toBe(200);
  });

  it('answers 408 to a body trickled past the request timeout, though each byte comes within the idle timeout', async () => {
    const { received } = await rawClient(firestore.port, promisedBody(`${documents}/slow`).replace('Content-Length: 100', 'Content-Length: 100000'), {
      every: TIMEOUTS.idleMs / 4,
    });
    expect(received).toMatch(REQUEST_TIMEOUT);
    expect(await honestWrite('after-trickle')).toBe(200);
  });

  it('ends a gRPC call whose request never arrives in full with DEADLINE_EXCEEDED, and keeps serving gRPC', async () => {
    expect(await stalledGrpcCall(firestore.port, '/google.firestore.v1.Firestore/Commit')).toBe(String(4));
    await getFirestore(adminApp).doc('slow/after-stall').set({ ok: true });
    expect((await getFirestore(adminApp).doc('slow/after-stall').get()).data()).toEqual({ ok: true });
  });

  it('keeps a WebChannel back channel open past the idle timeout and delivers a change on it', async () => {
    const database = `projects/${PROJECT}/databases/(default)`;
    const channel = (params: Record<string, string>) =>
      `http://127.0.0.1:${firestore.port}/google.firestore.v1.Firestore/Listen/channel?${new URLSearchParams({ VER: '8', database, ...params })}`;
    const addTarget = { database, addTarget: { documents: { documents: [`${database}/documents/slow/watched`] }, targetId: 2 } };
    const handshake = await fetch(channel({ RID: '1', CVER: '22' }), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `count=1&ofs=0&req0___data__=${encodeURIComponent(JSON.stringify(addTarget))}`,
    });
    const sid = /\["c","([^"]+)"/.exec(await handshake.text())?.[1];
    expect(sid).toBeDefined();
    // A streaming back channel (CI=0): one hanging GET that carries every change.
    const backChannel = await fetch(channel({ RID: 'rpc', SID: sid!, AID: '0', CI: '0', TYPE: 'xmlhttp' }), { signal: AbortSignal.timeout(CEILING_MS) });
    const reader = backChannel.body!.getReader();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`back channel ended before ${needle}: ${text}`);
        text += Buffer.from(value).toString();
      }
    };
    await readUntil('"CURRENT"');
    await sleep(TIMEOUTS.idleMs * 3);
    await getFirestore(adminApp).doc('slow/watched').set({ by: 'admin' });
    await readUntil('"by"');
    await reader.cancel();
  });

  it('keeps a gRPC Listen open past the idle timeout and serves firebase-admin after an idle gap', async () => {
    const db = getFirestore(adminApp);
    const seen: unknown[] = [];
    const unsubscribe = db.doc('slow/listened').onSnapshot((snapshot) => seen.push(snapshot.data()));
    while (seen.length === 0) await sleep(20);
    await sleep(TIMEOUTS.idleMs * 3);
    // A second connection's channel, idle past the timeout (closed under it), then used again.
    await db.doc('slow/listened').set({ n: 1 });
    while (!seen.some((data) => (data as { n?: number } | undefined)?.n === 1)) await sleep(20);
    unsubscribe();
  });
});

describe('Storage (9199)', () => {
  const uploadUrl = (name: string) => `http://127.0.0.1:${storage.port}/upload/storage/v1/b/${DEFAULT_STORAGE_BUCKET}/o?uploadType=media&name=${name}`;

  it('answers 408 to an upload whose body never comes, and keeps serving', async () => {
    const { received } = await rawClient(storage.port, promisedBody(`/upload/storage/v1/b/${DEFAULT_STORAGE_BUCKET}/o?uploadType=media&name=never`));
    expect(received).toMatch(REQUEST_TIMEOUT);
    expect((await fetch(uploadUrl('honest'), { method: 'POST', headers: { authorization: 'Bearer owner' }, body: 'hello' })).status).toBe(200);
  });

  it('closes a connection that never finishes its request head', async () => {
    expect((await rawClient(storage.port, 'GET / HTTP/1.1\r\n')).received).toBe('');
  });

  it('takes an upload whose bytes keep coming for longer than the idle timeout', async () => {
    // A byte every quarter of the idle timeout (so a busy machine's late timer still leaves
    // room), until the upload has lasted two and a half idle timeouts: longer than one, and
    // well within the request timeout however late the timers run.
    let sent = 0;
    const started = Date.now();
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(uploadUrl('slowly'), { method: 'POST', headers: { authorization: 'Bearer owner', 'transfer-encoding': 'chunked' } }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      });
      request.on('error', reject);
      const drip = setInterval(() => {
        request.write('x');
        sent += 1;
        if (Date.now() - started >= TIMEOUTS.idleMs * 2.5) {
          clearInterval(drip);
          request.end();
        }
      }, TIMEOUTS.idleMs / 4);
    });
    expect(status).toBe(200);
    expect(Date.now() - started).toBeGreaterThan(TIMEOUTS.idleMs * 2);
    const stored = await fetch(`http://127.0.0.1:${storage.port}/storage/v1/b/${DEFAULT_STORAGE_BUCKET}/o/slowly?alt=media`, { headers: { authorization: 'Bearer owner' } });
    expect(await stored.text()).toBe('x'.repeat(sent));
  });
});

describe('Pub/Sub (8085): gRPC only', () => {
  it.each([
    ['sends nothing at all', ''],
    ['speaks HTTP/1.1 and never finishes', 'GET / HTTP/1.1\r\n'],
    ['starts an HTTP/2 preface and stops', 'PRI * HTTP/2.0\r\n'],
  ])('closes a connection that %s', async (_label, first) => {
    await rawClient(pubsub.port, first);
  });

  it('ends a Publish whose request never arrives in full with DEADLINE_EXCEEDED', async () => {
    expect(await stalledGrpcCall(pubsub.port, '/google.pubsub.v1.Publisher/Publish')).toBe(String(4));
  });

  it('keeps a StreamingPull waiting past the idle timeout and delivers to it', async () => {
    const client = new PubSub({ projectId: PROJECT, apiEndpoint: pubsub.endpoint, emulatorMode: true });
    try {
      const [topic] = await client.createTopic('slow');
      const [subscription] = await topic.createSubscription('slow-sub');
      const received = new Promise<string>((resolve) =>
        subscription.on('message', (message: { data: Buffer; ack(): void }) => {
          message.ack();
          resolve(message.data.toString());
        }),
      );
      await sleep(TIMEOUTS.idleMs * 3);
      await topic.publishMessage({ data: Buffer.from('late') });
      expect(await received).toBe('late');
      await subscription.close();
    } finally {
      await client.close();
    }
  });
});

describe('functions runner (5001)', () => {
  it('answers 408 to a body promised and never sent, and keeps serving', async () => {
    const { received } = await rawClient(runner.port, promisedBody(`/${PROJECT}/us-central1/hello`));
    expect(received).toMatch(REQUEST_TIMEOUT);
    expect((await fetch(`${runner.url}/${PROJECT}/us-central1/hello`)).status).toBe(200);
  });
});
