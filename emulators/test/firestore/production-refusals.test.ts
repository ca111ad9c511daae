/**
 * Requests production refuses and the emulator used to take: ListDocuments with a negative or
 * non-numeric `pageSize`, a page token it never issued or an `orderBy` that is not one;
 * `beginTransaction` asking for both a read-only and a read-write transaction; a Write stream
 * naming a stream id or a stream token this server never sent; an int32 field (`limit`, `offset`)
 * no int32 holds, a number literal no double holds (`1e400`), a document id with a lone
 * surrogate (no UTF-8 form). Each is INVALID_ARGUMENT (400 over REST, code 3 over gRPC); beside
 * each, the honest request still works.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codecFor } from '../../src/firestore/transport/proto-codec.js';
import { DB, ROOT, rest, unique, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();
type Json = Record<string, unknown>;

function expectInvalidArgument(response: { status: number; body: unknown }, message: RegExp): void {
  expect(response.status).toBe(400);
  expect(response.body).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT', message: expect.stringMatching(message) } });
}

describe('REST ListDocuments', () => {
  const collection = unique('listed');
  const list = (query: string) => rest(emulator(), 'GET', `/v1/${ROOT}/${collection}?${query}`);

  beforeAll(async () => {
    for (const [id, rank] of [['a', 3], ['b', 1], ['c', 2]] as const) {
      expect((await rest(emulator(), 'POST', `/v1/${ROOT}/${collection}?documentId=${id}`, { fields: { rank: { integerValue: String(rank) } } })).status).toBe(200);
    }
  });

  const names = (body: unknown) => ((body as { documents?: Array<{ name: string }> }).documents ?? []).map((doc) => doc.name.split('/').pop());

  it('refuses a negative or non-numeric pageSize, and pages with a real one', async () => {
    expectInvalidArgument(await list('pageSize=-1'), /page_size/);
    expectInvalidArgument(await list('pageSize=abc'), /Invalid value at 'page_size' \(TYPE_INT32\), "abc"/);
    const first = await list('pageSize=2');
    expect(first.status).toBe(200);
    expect(names(first.body)).toEqual(['a', 'b']);
    const token = (first.body as { nextPageToken: string }).nextPageToken;
    const second = await list(`pageSize=2&pageToken=${encodeURIComponent(token)}`);
    expect(names(second.body)).toEqual(['c']);
  });

  it.each(['garbage', '!!', 'LTE=', ''.padEnd(12, 'A')])('refuses a page token it never issued (%s)', async (token) => {
    expectInvalidArgument(await list(`pageToken=${encodeURIComponent(token)}`), /Invalid page token/);
  });

  it.each(['a b c', 'rank sideways', '`rank', 'rank desc,', ','])('refuses orderBy "%s"', async (orderBy) => {
    expectInvalidArgument(await list(`orderBy=${encodeURIComponent(orderBy)}`), /order_by/);
  });

  it('orders by a valid orderBy, and refuses one with showMissing', async () => {
    const ordered = await list(`orderBy=${encodeURIComponent('rank desc, __name__ desc')}`);
    expect(ordered.status).toBe(200);
    expect(names(ordered.body)).toEqual(['a', 'c', 'b']);
    expectInvalidArgument(await list('orderBy=rank&showMissing=true'), /show_missing/);
  });
});

describe('beginTransaction', () => {
  it('refuses options with both readOnly and readWrite, and begins either alone', async () => {
    const path = `/v1/${ROOT}:beginTransaction`;
    expectInvalidArgument(await rest(emulator(), 'POST', path, { options: { readOnly: {}, readWrite: {} } }), /Oneof field 'mode' is already set/);
    for (const options of [{ readOnly: {} }, { readWrite: {} }, undefined]) {
      const begun = await rest(emulator(), 'POST', path, options === undefined ? {} : { options });
      expect(begun.status).toBe(200);
      expect(begun.body).toMatchObject({ transaction: expect.any(String) });
    }
  });
});

describe('gRPC Write stream', () => {
  const codec = { request: codecFor('google.firestore.v1.WriteRequest'), response: codecFor('google.firestore.v1.WriteResponse') };
  let client: grpc.Client;
  beforeAll(() => {
    client = new grpc.Client(`127.0.0.1:${emulator().port}`, grpc.credentials.createInsecure());
  });
  afterAll(() => client.close());

  /** Sends `messages` one after another (each after the previous answer) and returns what came back and the final status. */
  async function exchange(messages: Array<(received: Json[]) => Json>): Promise<{ received: Json[]; status: grpc.StatusObject | undefined }> {
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer owner');
    metadata.set('google-cloud-resource-prefix', DB);
    const call = client.makeBidiStreamRequest('/google.firestore.v1.Firestore/Write', codec.request.encode, codec.response.decode as (b: Buffer) => Json, metadata);
    const received: Json[] = [];
    let status: grpc.StatusObject | undefined;
    let wake = () => {};
    call.on('data', (message: Json) => {
      received.push(message);
      wake();
    });
    call.on('error', () => {});
    call.on('status', (s: grpc.StatusObject) => {
      status = s;
      wake();
    });
    for (const [index, message] of messages.entries()) {
      if (status) break;
      call.write(message(received));
      while (received.length <= index && !status) await new Promise<void>((resolve) => (wake = resolve));
    }
    call.cancel();
    return { received, status };
  }

  const handshake = () => ({ database: DB });
  const write = (streamToken: unknown, id = unique('w')) => ({ streamToken, writes: [{ update: { name: `${ROOT}/streamed/${id}`, fields: {} } }] });

  it('refuses a first message that resumes a stream id it never issued', async () => {
    const { status } = await exchange([() => ({ database: DB, streamId: 'not-a-stream' })]);
    expect(status).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, details: expect.stringMatching(/Unknown stream id/) });
  });

  it('refuses a write with a stream token it never sent, or another stream id', async () => {
    const forged = Buffer.from('feedfeedfeedfeed:1').toString('base64');
    expect((await exchange([handshake, () => write(forged)])).status).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, details: expect.stringMatching(/stream token/) });
    expect((await exchange([handshake, (received) => ({ ...write(received[0]!.streamToken), streamId: 'other' })])).status).toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: expect.stringMatching(/Unknown stream id/),
    });
  });

  it('takes writes that carry the tokens it sent, earlier ones included', async () => {
    const { received, status } = await exchange([handshake, (r) => write(r[0]!.streamToken), (r) => write(r[1]!.streamToken), (r) => write(r[0]!.streamToken)]);
    expect(status).toBeUndefined();
    expect(received).toHaveLength(4);
    expect(received[3]).toMatchObject({ writeResults: [expect.any(Object)] });
  });
});

describe('numbers out of range (REST)', () => {
  const runQuery = (query: string) => rest(emulator(), 'POST', `/v1/${ROOT}:runQuery`, `{"structuredQuery":{"from":[{"collectionId":"ranged"}],${query}}}`);

  beforeAll(async () => {
    for (const id of ['a', 'b']) expect((await rest(emulator(), 'PATCH', `/v1/${ROOT}/ranged/${id}`, { fields: {} })).status).toBe(200);
  });

  it('refuses a limit or offset no int32 holds (1e30, 2^31), and runs with int32 ones', async () => {
    expectInvalidArgument(await runQuery('"limit":1e30'), /Invalid value at 'structured_query\.limit' \(TYPE_INT32\), 1e\+30/);
    expectInvalidArgument(await runQuery('"limit":{"value":2147483648}'), /structured_query\.limit.*TYPE_INT32/);
    expectInvalidArgument(await runQuery('"offset":2147483648'), /Invalid value at 'structured_query\.offset' \(TYPE_INT32\), 2147483648/);
    const honest = await runQuery('"limit":2147483647,"offset":1');
    expect(honest.status).toBe(200);
    expect((honest.body as Array<{ document?: { name: string } }>).filter((entry) => entry.document).map((entry) => entry.document!.name.split('/').pop())).toEqual(['b']);
  });

  it('refuses a doubleValue literal no double holds (1e400), and stores "Infinity" and 1e308', async () => {
    const write = (value: string) => rest(emulator(), 'PATCH', `/v1/${ROOT}/ranged/d`, `{"fields":{"x":{"doubleValue":${value}}}}`);
    expectInvalidArgument(await write('1e400'), /out of range/);
    expectInvalidArgument(await write('-1e400'), /out of range/);
    expect((await write('"Infinity"')).body).toMatchObject({ fields: { x: { doubleValue: 'Infinity' } } });
    expect((await write('1e308')).body).toMatchObject({ fields: { x: { doubleValue: 1e308 } } });
  });
});

describe('document ids that are not UTF-8', () => {
  const lone = `lone\ud800${unique('s')}`;
  const commit = (id: string) => rest(emulator(), 'POST', `/v1/${ROOT}:commit`, { writes: [{ update: { name: `${ROOT}/utf8/${id}`, fields: {} } }] });
  const get = (id: string) => rest(emulator(), 'GET', `/v1/${ROOT}/utf8/${encodeURIComponent(id.replace(/\p{Cs}/gu, '\uFFFD'))}`);

  it('refuses a lone surrogate in an id over REST (JSON escape) and stores nothing', async () => {
    expectInvalidArgument(await commit(lone), /not valid UTF-8/);
    expect((await get(lone)).status).toBe(404);
  });

  it('refuses it over gRPC (its CESU-8 bytes, and FF) with INVALID_ARGUMENT and stores nothing, and commits a paired surrogate (an emoji)', async () => {
    const client = new grpc.Client(`127.0.0.1:${emulator().port}`, grpc.credentials.createInsecure());
    const request = codecFor('google.firestore.v1.CommitRequest');
    const response = codecFor('google.firestore.v1.CommitResponse');
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer owner');
    const encode = (id: string) => request.encode({ database: DB, writes: [{ update: { name: `${ROOT}/utf8/${id}`, fields: {} } }] });
    /** The request for id `lone@@@`, its three placeholder bytes swapped for `bytes` (a client's encoder never writes them). */
    const withBytes = (bytes: number[]) => () => {
      const message = encode('lone@@@');
      message.set(bytes, message.indexOf('@@@'));
      return message;
    };
    const grpcCommit = (serialize: (id: string) => Buffer, id: string) =>
      new Promise<grpc.ServiceError | null>((resolve) => {
        client.makeUnaryRequest('/google.firestore.v1.Firestore/Commit', serialize, response.decode, id, metadata, (error) => resolve(error));
      });
    try {
      for (const bytes of [[0xed, 0xa0, 0x80], [0xff, 0x41, 0x41]]) {
        expect(await grpcCommit(withBytes(bytes), ''), String(bytes)).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, details: expect.stringMatching(/not valid UTF-8/) });
      }
      expect((await get('lone\ufffd\ufffd\ufffd')).status).toBe(404);
      expect((await get('lone\ufffdAA')).status).toBe(404);
      const emoji = `party\u{1F389}${unique('e')}`;
      expect(await grpcCommit(encode, emoji)).toBeNull();
      expect((await get(emoji)).status).toBe(200);
    } finally {
      client.close();
    }
  });
});

describe('int32 fields over gRPC', () => {
  it('reads an offset varint of 2^31 as the int32 it is cut to (negative) and refuses it, and runs an int32 offset', async () => {
    const client = new grpc.Client(`127.0.0.1:${emulator().port}`, grpc.credentials.createInsecure());
    const request = codecFor('google.firestore.v1.RunQueryRequest');
    const response = codecFor('google.firestore.v1.RunQueryResponse');
    const metadata = new grpc.Metadata();
    metadata.set('authorization', 'Bearer owner');
    const run = (offset: number) =>
      new Promise<{ status: grpc.StatusObject; documents: number }>((resolve) => {
        // protobufjs writes 2^31 as the 5-byte varint a client of any language sends for it.
        const call = client.makeServerStreamRequest('/google.firestore.v1.Firestore/RunQuery', request.encode, response.decode as (b: Buffer) => Json, { parent: ROOT, structuredQuery: { from: [{ collectionId: 'ranged' }], offset, limit: 1 } }, metadata);
        let documents = 0;
        call.on('data', (message: Json) => (documents += message.document ? 1 : 0));
        call.on('error', () => {});
        call.on('status', (status) => resolve({ status, documents }));
      });
    try {
      expect((await run(2 ** 31)).status).toMatchObject({ code: grpc.status.INVALID_ARGUMENT, details: expect.stringMatching(/offset must be a non-negative integer/) });
      expect(await run(1)).toMatchObject({ status: { code: grpc.status.OK }, documents: 1 });
    } finally {
      client.close();
    }
  });
});
