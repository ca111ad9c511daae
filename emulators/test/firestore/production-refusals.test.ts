/**
 * Requests production refuses and the emulator used to take: ListDocuments with a negative or
 * non-numeric `pageSize`, a page token it never issued or an `orderBy` that is not one;
 * `beginTransaction` asking for both a read-only and a read-write transaction; a Write stream
 * naming a stream id or a stream token this server never sent. Each is INVALID_ARGUMENT (400
 * over REST, code 3 over gRPC); beside each, the honest request still works.
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
