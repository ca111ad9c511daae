/**
 * The contract between the Firestore engine's bidirectional streams (Listen, Write)
 * and the transports that carry them: gRPC (firebase-admin, the web SDK in Node) and
 * WebChannel (the web SDK in a browser).
 *
 * Messages are in the proto3 JSON mapping (camelCase fields, RFC 3339 timestamps with
 * `Z`, int64 as strings, bytes as base64, enums by name), which is what WebChannel
 * carries as-is; the gRPC transport converts to and from it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type StreamKind = 'Listen' | 'Write';

export interface StreamOpenContext {
  /** `projects/{p}/databases/{d}`, from the request (WebChannel's `database` URL parameter, gRPC metadata or the first message). */
  database: string;
  /** The request headers, lower-cased names (for WebChannel: the ones encoded in the handshake's `headers=` field). */
  headers: Record<string, string>;
}

/** Where a stream sends what the server has to say. */
export interface StreamSink {
  /** One response message (ListenResponse or WriteResponse, proto3 JSON). */
  send(message: object): void;
  /** Ends the stream with a gRPC status code (google.rpc.Code number) and message. */
  fail(code: number, message: string): void;
}

/** One open stream, as the transport sees it. */
export interface StreamHandle {
  /** One request message (ListenRequest or WriteRequest, proto3 JSON). */
  receive(message: unknown): void;
  /** The client went away: release targets and timers. Idempotent. */
  close(): void;
}

export type OpenStream = (kind: StreamKind, context: StreamOpenContext, sink: StreamSink) => StreamHandle;

/**
 * The WebChannel transport plugs into the port-8080 HTTP/1.1 router through this: the
 * router hands it every request whose path starts with
 * `/google.firestore.v1.Firestore/Listen/channel` or `/google.firestore.v1.Firestore/Write/channel`
 * (any method, OPTIONS included), and the handler owns the whole exchange (body, CORS, response).
 */
export type WebChannelHandler = (request: IncomingMessage, response: ServerResponse) => void;

export type CreateWebChannelHandler = (openStream: OpenStream) => WebChannelHandler;
