/** One port for gRPC and HTTP/1.1: the sniffing, and junk on raw sockets that must not hurt the server. */
import * as grpc from '@grpc/grpc-js';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { rest, useRawEmulator } from './helpers.js';

const emulator = useRawEmulator();

/** Writes bytes on a fresh connection and resolves when the server closes it (or after a pause). */
function sendRaw(bytes: Buffer, waitMs = 300): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(emulator().port, '127.0.0.1');
    let received = '';
    const done = () => {
      socket.destroy();
      resolve(received);
    };
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', done);
    socket.on('close', done);
    socket.write(bytes);
    setTimeout(done, waitMs);
  });
}

describe('one port', () => {
  it('serves HTTP/1.1 and gRPC on the same port', async () => {
    expect((await rest(emulator(), 'GET', '/')).text).toBe('Ok');
    const client = new grpc.Client(`127.0.0.1:${emulator().port}`, grpc.credentials.createInsecure());
    const status = await new Promise<grpc.ServiceError | null>((resolve) => {
      client.makeUnaryRequest('/google.firestore.v1.Firestore/Rollback', (b: Buffer) => b, (b: Buffer) => b, Buffer.alloc(0), new grpc.Metadata(), (error) => resolve(error));
    });
    client.close();
    // An empty RollbackRequest is a real request that reaches the service and is refused by it.
    expect(status?.code).toBe(grpc.status.INVALID_ARGUMENT);
  });

  it('survives junk: a bare preface, a preface then garbage, random bytes, a truncated request', async () => {
    const preface = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');
    await sendRaw(preface);
    await sendRaw(Buffer.concat([preface, Buffer.from([0xff, 0x00, 0x13, 0x37, 0xde, 0xad, 0xbe, 0xef])]));
    const garbage = await sendRaw(Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff, 0x0d, 0x0a, 0x0d, 0x0a]));
    expect(garbage).toMatch(/^(HTTP\/1\.1 400|)/);
    await sendRaw(Buffer.from('POST /v1/projects/p/databases/(default)/documents:commit HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"wri'), 100);
    await sendRaw(Buffer.from('P'));
    expect((await rest(emulator(), 'GET', '/')).text).toBe('Ok');
  });
});
