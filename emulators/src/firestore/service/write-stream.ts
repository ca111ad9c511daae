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
      const request = message as { database?: unknown; writes?: unknown; streamId?: unknown; streamToken?: unknown };
      const databaseName = typeof request.database === 'string' && request.database !== '' ? request.database : this.context.database;
      const writes = request.writes;
      this.checkResumption(request.streamId, request.streamToken);
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

  /**
   * `stream_id` and `stream_token` may only name this stream and a token it sent
   * (firestore.proto WriteRequest: "the token from the most recent WriteResponse it has
   * received"). Streams are not kept once they end, so a first message that asks to resume
   * one names a stream this server does not know: refused, never taken as a new stream.
   */
  private checkResumption(streamId: unknown, streamToken: unknown): void {
    if (streamId !== undefined && streamId !== null && streamId !== '' && (!this.handshaken || streamId !== this.streamId)) {
      throw invalidArgument(`Unknown stream id: "${String(streamId)}".`);
    }
    if (streamToken === undefined || streamToken === null || streamToken === '') return;
    const match = /^([0-9a-f]+):(\d+)$/.exec(Buffer.from(String(streamToken), 'base64').toString());
    const issued = match !== null && match[1] === this.streamId && Number(match[2]) >= 1 && Number(match[2]) <= this.sequence;
    if (!this.handshaken || !issued) throw invalidArgument('Invalid stream token: it was not sent on this stream.');
  }
}
