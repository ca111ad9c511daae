/**
 * The emulator's own path for unary gRPC calls (Commit, GetDocument, BeginTransaction...): the
 * same HTTP/2 stream grpc-js would get, answered without grpc-js's per-call machinery (its
 * metadata object, interceptor chain, stream decoder, call objects and writable stream), which
 * cost a hot set's Commit about as much CPU as the commit itself.
 *
 * What the caller sees is what grpc-js sends (@grpc/grpc-js 1.14, server.js and
 * server-interceptors.js): the same response headers, one length-prefixed message, trailers
 * `grpc-status` / `grpc-message` (URI-encoded), a trailers-only answer for a refusal; the same
 * decoding and answer (UnaryMethodRoute, shared with the grpc-js handlers); the same statuses
 * for a request that has no message or two, a message over the receive limit, a deadline
 * (`grpc-timeout`) or the request timeout passed. Two answers differ from grpc-js's, which
 * differ from the gRPC spec: a truncated message and a set Compressed-Flag under identity
 * encoding are INTERNAL here, as the spec says. Whatever this path does not take on is left
 * to grpc-js by `takesUnaryCall` before a byte is read: a compressed request (`grpc-encoding`
 * other than identity), an unreadable `grpc-timeout`, a content type grpc-js refuses, and any
 * method that is not a unary Firestore one. test/firestore/grpc-unary-path.test.ts sends the
 * same raw requests through both paths and compares the bytes.
 */
import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';
import { RpcCode } from '../errors.js';
import { toServiceError, type UnaryMethodRoute } from './grpc.js';

export interface UnaryCallLimits {
  /** grpc-js's `grpc.max_receive_message_length`. */
  maxReceiveMessageLength: number;
  /** The request timeout (common/http-timeouts.ts): the request must be in (half-closed) within it. */
  requestMs: number;
}

// grpc-js's constants (server-interceptors.js): the unit table and the (unanchored) pattern.
const DEADLINE_PATTERN = /(\d{1,8})\s*([HMSmun])/;
const DEADLINE_UNIT_MS: Record<string, number> = { H: 3_600_000, M: 60_000, S: 1000, m: 1, u: 0.001, n: 0.000001 };
/** grpc-js's `Metadata` drops a value outside printable ASCII (it logs and skips the entry). */
const LEGAL_VALUE = /^[ -~]*$/;
const DEBUG_ERROR_DETAILS = (process.env.GRPC_NODE_DEBUG_SEND_ERROR_DETAILS ?? 'false') === 'true';

// grpc-js's defaultResponseHeaders and defaultCompressionHeaders, in its order (same HPACK bytes).
const RESPONSE_HEADERS = {
  ':status': 200,
  'content-type': 'application/grpc+proto',
  'grpc-accept-encoding': 'identity,deflate,gzip',
  'grpc-encoding': 'identity',
};
const OK_TRAILERS = { 'grpc-status': RpcCode.OK, 'grpc-message': 'OK' };
const WITH_TRAILERS = { waitForTrailers: true };
const END_STREAM = { endStream: true };

/** Whether this path serves the call (else grpc-js does): decided from the headers alone. */
export function takesUnaryCall(routes: ReadonlyMap<string, UnaryMethodRoute>, headers: IncomingHttpHeaders): UnaryMethodRoute | undefined {
  const route = routes.get(headers[':path'] as string);
  if (route === undefined) return undefined;
  const contentType = headers['content-type'];
  if (typeof contentType !== 'string' || !contentType.startsWith('application/grpc')) return undefined;
  const encoding = headers['grpc-encoding'];
  if (encoding !== undefined && encoding !== 'identity') return undefined;
  const timeout = headers['grpc-timeout'];
  if (timeout !== undefined && (typeof timeout !== 'string' || !DEADLINE_PATTERN.test(timeout))) return undefined;
  return route;
}

/** Serves one unary call on its stream, as grpc-js's handleUnary would. */
export function serveUnaryCall(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, route: UnaryMethodRoute, limits: UnaryCallLimits): void {
  new UnaryCall(stream, headers, route, limits);
}

/** One call's state: an object with methods, not closures made per call (the hot path's allocations). */
class UnaryCall {
  private readonly chunks: Buffer[] = [];
  private received = 0;
  /** Where the next message's 5-byte prefix starts, and how many messages are complete. */
  private nextFrame = 0;
  private messages = 0;
  private done = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly stream: ServerHttp2Stream,
    private readonly headers: IncomingHttpHeaders,
    private readonly route: UnaryMethodRoute,
    readonly limits: UnaryCallLimits,
  ) {
    // grpc-js keeps two timers: the call's deadline (sends 'Deadline exceeded') and our request
    // timeout's interceptor; whichever is shorter ends the call (the deadline on a tie: it is set first).
    const deadline = deadlineMs(headers['grpc-timeout'] as string | undefined);
    const byDeadline = deadline !== undefined && deadline <= limits.requestMs;
    this.timer = setTimeout(byDeadline ? deadlineExceeded : requestTimedOut, byDeadline ? deadline : limits.requestMs, this).unref();
    stream.on('data', (chunk: Buffer) => this.data(chunk));
    stream.once('end', () => this.end());
    stream.once('close', () => this.close());
    // As grpc-js: an error is followed by 'close'; nothing else can be done with the stream.
    stream.once('error', ignore);
  }

  private data(chunk: Buffer): void {
    if (this.done) return;
    this.chunks.push(chunk);
    this.received += chunk.length;
    // Each complete 5-byte prefix is checked as it arrives, as grpc-js's StreamDecoder does.
    while (this.received - this.nextFrame >= 5) {
      // This path serves identity-encoded calls only: a set Compressed-Flag there is a protocol
      // error, INTERNAL by the gRPC spec (compression.md). grpc-js reads such bytes as if uncompressed.
      if (this.byteAt(this.nextFrame) !== 0) {
        this.refuse(RpcCode.INTERNAL, 'Received compressed message but "grpc-encoding" header was identity');
        return;
      }
      const length = this.readLength(this.nextFrame + 1);
      if (this.limits.maxReceiveMessageLength !== -1 && length > this.limits.maxReceiveMessageLength) {
        this.refuse(RpcCode.RESOURCE_EXHAUSTED, `Received message larger than max (${length} vs ${this.limits.maxReceiveMessageLength})`);
        return;
      }
      if (this.received - this.nextFrame - 5 < length) return;
      this.messages += 1;
      this.nextFrame += 5 + length;
      if (this.messages === 2) {
        this.refuse(RpcCode.UNIMPLEMENTED, `Received a second request message for server streaming method ${this.route.path}`);
        return;
      }
    }
  }

  /** A big-endian uint32 at `offset` of the bytes received so far (it may straddle chunks). */
  private readLength(offset: number): number {
    let value = 0;
    for (let i = 0; i < 4; i += 1) value = value * 256 + this.byteAt(offset + i);
    return value;
  }

  private byteAt(offset: number): number {
    for (const chunk of this.chunks) {
      if (offset < chunk.length) return chunk[offset]!;
      offset -= chunk.length;
    }
    return 0;
  }

  private end(): void {
    if (this.done) return;
    // Bytes after the last whole message: the request ended mid-frame. The gRPC spec makes a
    // truncated message INTERNAL; grpc-js drops the bytes (and, with no whole message, answers UNIMPLEMENTED).
    if (this.received !== this.nextFrame) {
      this.refuse(RpcCode.INTERNAL, 'Received a truncated message: the request ended inside a frame');
      return;
    }
    if (this.messages === 0) {
      this.refuse(RpcCode.UNIMPLEMENTED, `Received no request message for server streaming method ${this.route.path}`);
      return;
    }
    const bytes = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.received);
    const length = bytes.readUInt32BE(1);
    const request = this.route.decode(bytes.subarray(5, 5 + length));
    let response: Record<string, unknown>;
    try {
      const header = this.headers.authorization;
      response = this.route.answer(request, typeof header === 'string' && LEGAL_VALUE.test(header) ? header : undefined);
    } catch (error) {
      const status = toServiceError(error);
      this.refuse(status.code, status.details);
      return;
    }
    let message: Buffer;
    try {
      message = this.route.encode(response);
    } catch (error) {
      this.refuse(RpcCode.INTERNAL, DEBUG_ERROR_DETAILS ? `Error serializing response: ${error instanceof Error ? error.message : String(error)}` : 'Error serializing response');
      return;
    }
    this.answer(message);
  }

  private answer(message: Buffer): void {
    if (this.finish()) return;
    const frame = Buffer.allocUnsafe(message.length + 5);
    frame[0] = 0;
    frame.writeUInt32BE(message.length, 1);
    message.copy(frame, 5);
    const stream = this.stream;
    stream.respond(RESPONSE_HEADERS, WITH_TRAILERS);
    stream.once('wantTrailers', () => stream.sendTrailers(OK_TRAILERS));
    stream.end(frame);
  }

  /** A trailers-only answer, as grpc-js sends a status before any message. */
  refuse(code: number, details: string): void {
    if (this.finish()) return;
    this.stream.respond(
      { 'grpc-status': code, 'grpc-message': encodeURI(details), ':status': 200, 'content-type': 'application/grpc+proto' },
      END_STREAM,
    );
  }

  /** Ends the call's own state; true when the stream is gone (a cancelled call is not answered). */
  private finish(): boolean {
    const wasDone = this.done;
    this.done = true;
    clearTimeout(this.timer);
    return wasDone || this.stream.destroyed || this.stream.closed;
  }

  private close(): void {
    this.done = true;
    clearTimeout(this.timer);
  }
}

function deadlineExceeded(call: UnaryCall): void {
  call.refuse(RpcCode.DEADLINE_EXCEEDED, 'Deadline exceeded');
}

function requestTimedOut(call: UnaryCall): void {
  call.refuse(RpcCode.DEADLINE_EXCEEDED, `The request was not received in full within ${call.limits.requestMs} ms.`);
}

function deadlineMs(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const match = DEADLINE_PATTERN.exec(header)!;
  return (Number(match[1]) * DEADLINE_UNIT_MS[match[2]!]!) | 0;
}

function ignore(): void {}
