/**
 * The Write stream (firestore.proto `Write`), shared by gRPC and WebChannel: a handshake
 * (`{database}` -> `{streamId, streamToken}`), then one response per batch of writes, in
 * order, each with a fresh stream token and the commit time. A failed batch ends the stream
 * with its error code; the SDK rejects that batch and resends the rest on a new stream.
 */
import { randomBytes } from 'node:crypto';
import { BadTokenError, callerFromAuthorization, type Caller } from '../../common/auth.js';
import { checkNesting } from '../engine/nesting.js';
import { RpcCode, asFirestoreError, invalidArgument } from '../errors.js';
import type { StreamHandle, StreamOpenContext, StreamSink } from '../streams.js';
import type { Databases } from './databases.js';

export class WriteStream implements StreamHandle {
  private readonly streamId = randomBytes(8).toString('hex');
  private sequence = 0;
  private handshaken = false;
  private closed = false;

  private constructor(
    private readonly databases: Databases,
    private readonly context: StreamOpenContext,
    private readonly sink: StreamSink,
    private readonly caller: Caller,
  ) {}

  static open(databases: Databases, context: StreamOpenContext, sink: StreamSink): StreamHandle {
    try {
      return new WriteStream(databases, context, sink, callerFromAuthorization(context.headers.authorization));
    } catch (error) {
      if (!(error instanceof BadTokenError)) throw error;
      sink.fail(RpcCode.UNAUTHENTICATED, error.message);
      return { receive: () => {}, close: () => {} };
    }
  }

  private token(): string {
    this.sequence += 1;
    return Buffer.from(`${this.streamId}:${this.sequence}`).toString('base64');
  }

  receive(message: unknown): void {
    if (this.closed) return;
    try {
      if (typeof message !== 'object' || message === null || Array.isArray(message)) throw invalidArgument('WriteRequest must be an object.');
      checkNesting(message);
      const request = message as { database?: unknown; writes?: unknown; streamToken?: unknown };
      const databaseName = typeof request.database === 'string' && request.database !== '' ? request.database : this.context.database;
      const writes = request.writes;
      if (!this.handshaken) {
        if (Array.isArray(writes) && writes.length > 0) throw invalidArgument('The first request on a Write stream must be a handshake without writes.');
        this.handshaken = true;
        this.sink.send({ streamId: this.streamId, streamToken: this.token() });
        return;
      }
      if (!Array.isArray(writes) || writes.length === 0) return; // the SDK's teardown flush
      const result = this.databases.byResourceName(databaseName).commit(this.caller, writes);
      this.databases.usageOf(databaseName).committed(this.caller, 'Write', writes);
      this.sink.send({ streamToken: this.token(), writeResults: result.writeResults, commitTime: result.commitTime });
    } catch (error) {
      const failure = asFirestoreError(error);
      this.closed = true;
      this.sink.fail(failure.code, failure.message);
    }
  }

  close(): void {
    this.closed = true;
  }
}
