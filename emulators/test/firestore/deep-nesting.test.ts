/**
 * Values and filters nested 5,000 deep, over REST, gRPC and WebChannel: each is a client
 * mistake (400 / INVALID_ARGUMENT, code 3), never a stack overflow answered 500 or INTERNAL;
 * beside each, the deepest honest request (a value at Firestore's 20-level limit, a filter of
 * filters) still works. The deep requests are written as text and bytes by hand: the SDKs,
 * JSON.stringify and protobufjs would overflow (or refuse) before sending them.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecFor } from '../../src/firestore/transport/proto-codec.js';
import { DB, ROOT, rest, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();
const DEEP = 5000;

/** `levels` maps nested in a field value: a field path of `levels + 1` segments down to the leaf. */
const nestedMaps = (levels: number) => '{"mapValue":{"fields":{"a":'.repeat(levels) + '{"integerValue":"1"}' + '}}}'.repeat(levels);
const nestedArrays = (levels: number) => '{"arrayValue":{"values":['.repeat(levels) + '{"integerValue":"1"}' + ']}}'.repeat(levels);
const nestedFilters = (levels: number) =>
  '{"compositeFilter":{"op":"AND","filters":['.repeat(levels) + '{"fieldFilter":{"field":{"fieldPath":"a"},"op":"EQUAL","value":{"integerValue":"1"}}}' + ']}}'.repeat(levels);

const commitBody = (id: string, value: string) => `{"writes":[{"update":{"name":"${ROOT}/deep/${id}","fields":{"x":${value}}}}]}`;
const queryBody = (where: string) => `{"structuredQuery":{"from":[{"collectionId":"deep"}],"where":${where}}}`;

function expectInvalidArgument(response: { status: number; body: unknown }, message: RegExp): void {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) } });
}

describe('REST', () => {
  it('refuses a value nested 5,000 deep with 400 INVALID_ARGUMENT', async () => {
    expectInvalidArgument(await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, commitBody('maps', nestedMaps(DEEP))), /nested too deeply/);
    expectInvalidArgument(await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, commitBody('arrays', nestedArrays(DEEP))), /nested too deeply/);
  });

  it('takes a value at the 20-level limit and refuses one a level deeper, as production counts them', async () => {
    // 19 maps: the leaf's field path x.a.….a has 20 segments.
    expect((await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, commitBody('limit', nestedMaps(19)))).status).toBe(200);
    expectInvalidArgument(await rest(emulator(), 'POST', `/v1/${DB}/documents:commit`, commitBody('over', nestedMaps(20))), /at most 20 levels/);
  });

  it('refuses a filter nested 5,000 deep with 400 INVALID_ARGUMENT, and runs a filter of filters', async () => {
    expectInvalidArgument(await rest(emulator(), 'POST', `/v1/${DB}/documents:runQuery`, queryBody(nestedFilters(DEEP))), /too deep/);
    expectInvalidArgument(await rest(emulator(), 'POST', `/v1/${DB}/documents:runQuery`, queryBody(`{"fieldFilter":{"field":{"fieldPath":"a"},"op":"EQUAL","value":${nestedArrays(DEEP)}}}`)), /too deep/);
    const honest = await rest(emulator(), 'POST', `/v1/${DB}/documents:runQuery`, queryBody(nestedFilters(3)));
    expect(honest.status).toBe(200);
  });
});

/** Protobuf wire format by hand: a length-delimited field. */
function field(number: number, bytes: Buffer): Buffer {
  return Buffer.concat([varint((number << 3) | 2), varint(bytes.length), bytes]);
}
function varint(value: number): Buffer {
  const out: number[] = [];
  while (value > 127) {
    out.push((value & 127) | 128);
    value >>>= 7;
  }
  out.push(value);
  return Buffer.from(out);
}

/** google.firestore.v1.Value nested `levels` maps deep (map_value = 6; MapValue.fields = 1; entry key 1, value 2; integer_value = 2). */
function deepValueBytes(levels: number): Buffer {
  let value: Buffer = Buffer.from([0x10, 0x01]);
  for (let i = 0; i < levels; i++) value = field(6, field(1, Buffer.concat([field(1, Buffer.from('a')), field(2, value)])));
  return value;
}

describe('gRPC', () => {
  let client: grpc.Client;
  beforeAll(() => {
    client = new grpc.Client(`127.0.0.1:${emulator().port}`, grpc.credentials.createInsecure());
  });
  afterAll(() => client.close());

  const commitResponse = codecFor('google.firestore.v1.CommitResponse');
  const commit = (request: Buffer) =>
    new Promise<grpc.ServiceError | null>((resolve) => {
      const metadata = new grpc.Metadata();
      metadata.set('authorization', 'Bearer owner');
      client.makeUnaryRequest('/google.firestore.v1.Firestore/Commit', (bytes: Buffer) => bytes, commitResponse.decode, request, metadata, (error) => resolve(error));
    });
  /** CommitRequest { database = 1; writes = 2 { update = 1 { name = 1; fields = 2 (entry key 1, value 2) } } }. */
  const commitRequest = (id: string, value: Buffer) =>
    Buffer.concat([
      field(1, Buffer.from(DB)),
      field(2, field(1, Buffer.concat([field(1, Buffer.from(`${ROOT}/deep/${id}`)), field(2, Buffer.concat([field(1, Buffer.from('x')), field(2, value)]))]))),
    ]);

  it('refuses a value nested 5,000 deep with INVALID_ARGUMENT (code 3), and commits one at the limit', async () => {
    const error = await commit(commitRequest('grpc-deep', deepValueBytes(DEEP)));
    expect(error).toMatchObject({ code: grpc.status.INVALID_ARGUMENT });
    expect(await commit(commitRequest('grpc-limit', deepValueBytes(19)))).toBeNull();
    expect(await commit(commitRequest('grpc-over', deepValueBytes(20)))).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, details: expect.stringMatching(/at most 20 levels/) });
  });
});

describe('WebChannel', () => {
  const database = DB;
  const channel = (params: Record<string, string>) =>
    `http://127.0.0.1:${emulator().port}/google.firestore.v1.Firestore/Write/channel?${new URLSearchParams({ VER: '8', database, ...params })}`;
  const forward = (params: Record<string, string>, body: string) =>
    fetch(channel(params), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body, signal: AbortSignal.timeout(10_000) });

  /** Opens a Write stream, handshakes, sends one write and reads the back channel until the answer to it. */
  async function writeOver(value: string): Promise<string> {
    const handshake = await forward({ RID: '1', CVER: '22' }, `count=1&ofs=0&req0___data__=${encodeURIComponent(JSON.stringify({ database }))}`);
    const sid = /\["c","([^"]+)"/.exec(await handshake.text())?.[1];
    expect(sid).toBeDefined();
    const write = `{"writes":[{"update":{"name":"${ROOT}/deep/wc","fields":{"x":${value}}}}]}`;
    expect((await forward({ SID: sid!, RID: '2', AID: '0' }, `count=1&ofs=1&req0___data__=${encodeURIComponent(write)}`)).status).toBe(200);
    const back = await fetch(channel({ RID: 'rpc', SID: sid!, AID: '0', CI: '0', TYPE: 'xmlhttp' }), { signal: AbortSignal.timeout(10_000) });
    const reader = back.body!.getReader();
    let text = '';
    while (!/"error"|"writeResults"/.test(text)) {
      const { value: chunk, done } = await reader.read();
      if (done) break;
      text += Buffer.from(chunk).toString();
    }
    await reader.cancel();
    return text;
  }

  it('fails a Write stream carrying a value nested 5,000 deep with INVALID_ARGUMENT, and takes one at the limit', async () => {
    expect(await writeOver(nestedMaps(DEEP))).toMatch(/"error":\{"code":3,"message":"[^"]*nested too deeply[^"]*","status":"INVALID_ARGUMENT"/);
    expect(await writeOver(nestedMaps(19))).toMatch(/"writeResults"/);
  });
});
