/**
 * The gRPC transport and the Listen/Write streams, spoken raw with a grpc-js client (the codec
 * is the emulator's own, so messages are proto3 JSON on both sides).
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecFor } from '../../src/firestore/transport/proto-codec.js';
import { DB, ROOT, rest, unique, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();
type Json = Record<string, unknown>;

const listenCodec = { request: codecFor('google.firestore.v1.ListenRequest'), response: codecFor('google.firestore.v1.ListenResponse') };
const writeCodec = { request: codecFor('google.firestore.v1.WriteRequest'), response: codecFor('google.firestore.v1.WriteResponse') };

let client: grpc.Client;
beforeAll(() => {
  client = new grpc.Client(`127.0.0.1:${emulator().port}`, grpc.credentials.createInsecure());
});
afterAll(() => client.close());

/** A bidi stream that collects responses and lets a test wait for them. */
function open(method: 'Listen' | 'Write', token = 'owner') {
  const codec = method === 'Listen' ? listenCodec : writeCodec;
  const metadata = new grpc.Metadata();
  if (token) metadata.set('authorization', `Bearer ${token}`);
  metadata.set('google-cloud-resource-prefix', DB);
  const call = client.makeBidiStreamRequest(`/google.firestore.v1.Firestore/${method}`, codec.request.encode, codec.response.decode as (b: Buffer) => Json, metadata);
  const received: Json[] = [];
  let status: grpc.StatusObject | undefined;
  let wake: (() => void) | undefined;
  call.on('data', (message: Json) => {
    received.push(message);
    wake?.();
  });
  call.on('error', () => {});
  call.on('status', (s: grpc.StatusObject) => {
    status = s;
    wake?.();
  });
  return {
    send: (message: Json) => call.write(message),
    received,
    status: () => status,
    async until(done: () => boolean, timeoutMs = 5000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!done()) {
        if (Date.now() > deadline) throw new Error(`timed out; received ${JSON.stringify(received)} status ${JSON.stringify(status)}`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
    },
    end: () => call.end(),
    cancel: () => call.cancel(),
  };
}

const commit = (writes: unknown[]) => rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, { writes });
const targetChange = (m: Json) => m.targetChange as { targetChangeType?: string; targetIds?: number[]; resumeToken?: string; readTime?: string; cause?: { code: number } } | undefined;

describe('Listen stream', () => {
  it('ADD, documents, CURRENT with a resume token, then a global read time; then live changes', async () => {
    const col = unique();
    await commit([{ update: { name: `${ROOT}/${col}/a`, fields: { n: { integerValue: '1' } } } }]);
    const stream = open('Listen');
    stream.send({ database: DB, addTarget: { targetId: 7, query: { parent: ROOT, structuredQuery: { from: [{ collectionId: col }] } } } });
    await stream.until(() => stream.received.length >= 4);
    const [add, doc, current, global] = stream.received;
    expect(targetChange(add!)).toMatchObject({ targetChangeType: 'ADD', targetIds: [7] });
    expect(doc!.documentChange).toMatchObject({ document: { name: `${ROOT}/${col}/a` }, targetIds: [7] });
    expect(targetChange(current!)).toMatchObject({ targetChangeType: 'CURRENT', targetIds: [7], resumeToken: expect.any(String) });
    expect(targetChange(global!)!.targetIds ?? []).toEqual([]);
    expect(targetChange(global!)!.readTime).toMatch(/Z$/);

    await commit([{ delete: `${ROOT}/${col}/a` }]);
    const isGlobal = (m: Json) => targetChange(m) !== undefined && (targetChange(m)!.targetIds ?? []).length === 0;
    await stream.until(() => stream.received.length >= 6 && isGlobal(stream.received.at(-1)!));
    expect(stream.received[4]!.documentDelete).toMatchObject({ document: `${ROOT}/${col}/a`, removedTargetIds: [7] });
    const last = stream.received[5]!;
    expect(targetChange(last)!.readTime! >= targetChange(global!)!.readTime!).toBe(true);
    stream.send({ database: DB, removeTarget: 7 });
    await stream.until(() => stream.received.some((m) => targetChange(m)?.targetChangeType === 'REMOVE'));
    stream.end();
  });

  it('resuming with a resume token sends RESET and the full result', async () => {
    const col = unique();
    await commit([{ update: { name: `${ROOT}/${col}/a`, fields: {} } }]);
    const stream = open('Listen');
    stream.send({ database: DB, addTarget: { targetId: 2, resumeToken: Buffer.from('t1').toString('base64'), query: { parent: ROOT, structuredQuery: { from: [{ collectionId: col }] } } } });
    await stream.until(() => stream.received.length >= 5);
    expect(stream.received.slice(0, 3).map((m) => targetChange(m)?.targetChangeType ?? 'DOC')).toEqual(['ADD', 'RESET', 'DOC']);
    stream.end();
  });

  it('a documents target on a missing document gets ADD, CURRENT and a read time only', async () => {
    const stream = open('Listen');
    stream.send({ database: DB, addTarget: { targetId: 4, documents: { documents: [`${ROOT}/${unique()}/none`] } } });
    await stream.until(() => stream.received.length >= 3);
    expect(stream.received.map((m) => targetChange(m)?.targetChangeType ?? 'NO_CHANGE')).toEqual(['ADD', 'CURRENT', 'NO_CHANGE']);
    stream.end();
  });

  it('an invalid target is removed with a cause; the stream stays usable', async () => {
    const stream = open('Listen');
    stream.send({ database: DB, addTarget: { targetId: 9, query: { parent: ROOT, structuredQuery: { from: [] } } } });
    await stream.until(() => stream.received.length >= 1);
    expect(targetChange(stream.received[0]!)).toMatchObject({ targetChangeType: 'REMOVE', targetIds: [9], cause: { code: 3 } });
    stream.send({ database: DB, addTarget: { targetId: 10, documents: { documents: [`${ROOT}/c/d`] } } });
    await stream.until(() => stream.received.some((m) => targetChange(m)?.targetChangeType === 'CURRENT'));
    expect(stream.status()).toBeUndefined();
    stream.end();
  });

  it('a request with neither addTarget nor removeTarget ends the stream INVALID_ARGUMENT', async () => {
    const stream = open('Listen');
    stream.send({ database: DB });
    await stream.until(() => stream.status() !== undefined);
    expect(stream.status()!.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('a bad token ends the stream UNAUTHENTICATED', async () => {
    const stream = open('Listen', 'garbage');
    stream.send({ database: DB, addTarget: { targetId: 1, documents: { documents: [`${ROOT}/c/d`] } } });
    await stream.until(() => stream.status() !== undefined);
    expect(stream.status()!.code).toBe(grpc.status.UNAUTHENTICATED);
  });

  it('a client that goes away releases its targets (later commits still work)', async () => {
    const stream = open('Listen');
    stream.send({ database: DB, addTarget: { targetId: 1, query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'gone' }] } } } });
    await stream.until(() => stream.received.length >= 3);
    stream.cancel();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await commit([{ update: { name: `${ROOT}/gone/x`, fields: {} } }])).status).toBe(200);
  });
});

describe('Write stream', () => {
  it('handshake, then one response per batch with a token and the commit time', async () => {
    const stream = open('Write');
    stream.send({ database: DB });
    await stream.until(() => stream.received.length === 1);
    expect(stream.received[0]).toMatchObject({ streamId: expect.any(String), streamToken: expect.any(String) });
    const name = `${ROOT}/${unique()}/a`;
    stream.send({ streamToken: stream.received[0]!.streamToken, writes: [{ update: { name, fields: {} }, updateTransforms: [{ fieldPath: 't', setToServerValue: 'REQUEST_TIME' }] }] });
    await stream.until(() => stream.received.length === 2);
    const response = stream.received[1]!;
    expect(response).toMatchObject({ streamToken: expect.any(String), commitTime: expect.stringMatching(/Z$/) });
    expect((response.writeResults as { transformResults: unknown[] }[])[0]!.transformResults).toEqual([{ timestampValue: response.commitTime }]);
    stream.end();
  });

  it('a failing batch ends the stream with its code', async () => {
    const stream = open('Write');
    stream.send({ database: DB });
    await stream.until(() => stream.received.length === 1);
    stream.send({ streamToken: stream.received[0]!.streamToken, writes: [{ update: { name: `${ROOT}/c/missing-${unique()}`, fields: {} }, currentDocument: { exists: true } }] });
    await stream.until(() => stream.status() !== undefined);
    expect(stream.status()!.code).toBe(grpc.status.NOT_FOUND);
  });

  it('writes in the handshake are rejected INVALID_ARGUMENT', async () => {
    const stream = open('Write');
    stream.send({ database: DB, writes: [{ delete: `${ROOT}/c/d` }] });
    await stream.until(() => stream.status() !== undefined);
    expect(stream.status()!.code).toBe(grpc.status.INVALID_ARGUMENT);
  });
});

describe('unary gRPC', () => {
  it('bytes that are not a valid message get INVALID_ARGUMENT, not INTERNAL', async () => {
    const status = await new Promise<grpc.ServiceError | null>((resolve) => {
      client.makeUnaryRequest(
        '/google.firestore.v1.Firestore/Commit',
        (b: Buffer) => b,
        (b: Buffer) => b,
        Buffer.from([0x0a, 0xff, 0xff, 0xff, 0xff, 0x0f]),
        new grpc.Metadata(),
        (error) => resolve(error),
      );
    });
    expect(status?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('an unimplemented method answers UNIMPLEMENTED', async () => {
    const status = await new Promise<grpc.ServiceError | null>((resolve) => {
      client.makeUnaryRequest('/google.firestore.v1.Firestore/ExecutePipeline', (b: Buffer) => b, (b: Buffer) => b, Buffer.alloc(0), new grpc.Metadata(), (error) => resolve(error));
    });
    expect(status?.code).toBe(grpc.status.UNIMPLEMENTED);
  });
});
