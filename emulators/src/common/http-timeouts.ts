/**
 * Idle and request timeouts for the emulators' HTTP ports, as production's front ends have:
 * a client that opens a connection and sends nothing, stops half-way through a request's
 * head or body (a `Content-Length` promised and never sent, an HTTP/0.9 line never ended),
 * or trickles a request out for ever, loses the connection; the port keeps serving everyone
 * else. What is legitimately long is untouched: once a request has been received in full,
 * answering it takes as long as it takes (WebChannel's hanging GETs, long polls, a function
 * running), and an upload streams as long as its bytes keep coming, within the request timeout.
 *
 * Node's own `headersTimeout` / `requestTimeout` are not enough here: they are checked only
 * for servers that `listen()` themselves (the Firestore port hands sockets to its HTTP server
 * after sniffing for gRPC), they have no idle notion for bodies, and they are polled every 30 s.
 */
import * as grpc from '@grpc/grpc-js';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface HttpTimeouts {
  /**
   * Milliseconds a connection may stay silent while the server waits for a request: from
   * the connection (or the previous answer) to a complete request head, and between two
   * chunks of a request body. Default `DEFAULT_HTTP_TIMEOUTS.idleMs`.
   */
  idleMs: number;
  /**
   * Milliseconds from a request's head to its last body byte. Past it the request is answered
   * `408 Request Timeout` and the connection closed. Default `DEFAULT_HTTP_TIMEOUTS.requestMs`.
   */
  requestMs: number;
}

/**
 * 60 s idle (Node's own `headersTimeout`), 5 minutes per request (Node's `requestTimeout`,
 * and Cloud Run's default request timeout). Storage uses `STORAGE_HTTP_TIMEOUTS`.
 */
export const DEFAULT_HTTP_TIMEOUTS: HttpTimeouts = Object.freeze({ idleMs: 60_000, requestMs: 300_000 });

/** Storage: a single-request upload of a large file may stream for up to an hour, while its bytes keep coming. */
export const STORAGE_HTTP_TIMEOUTS: HttpTimeouts = Object.freeze({ idleMs: 60_000, requestMs: 3_600_000 });

export function httpTimeouts(given: Partial<HttpTimeouts> | undefined, defaults: HttpTimeouts = DEFAULT_HTTP_TIMEOUTS): HttpTimeouts {
  const timeouts = { ...defaults, ...given };
  for (const [name, value] of Object.entries(timeouts)) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`HTTP timeout ${name} must be a positive number of milliseconds, not ${value}`);
  }
  return timeouts;
}

/** What Node itself writes when its `requestTimeout` expires (lib/_http_server.js). */
const REQUEST_TIMEOUT_REPLY = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * Watches every connection of `server` (those it accepts and those emitted to it as
 * `'connection'`): see the module comment. Call before the server gets its first connection.
 */
export function guardHttpServer(server: Server, timeouts: HttpTimeouts): void {
  // Node's own checks stay as a backstop, never earlier than ours.
  server.headersTimeout = Math.max(server.headersTimeout, timeouts.idleMs + 1000);
  server.requestTimeout = 0;
  server.on('connection', (socket: Socket) => {
    socket.once('close', () => clearWatch(socket));
    awaitRequest(socket, timeouts);
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    clearWatch(socket);
    if (!request.complete) awaitBody(request, response, timeouts);
    // Keep-alive: the next request's head must come within the idle timeout of this answer.
    response.once('finish', () => {
      if (!socket.destroyed) awaitRequest(socket, timeouts);
    });
  });
}

const watches = new WeakMap<Socket, NodeJS.Timeout>();

function watch(socket: Socket, ms: number, onExpiry: () => void): void {
  clearWatch(socket);
  watches.set(socket, setTimeout(onExpiry, ms).unref());
}

function clearWatch(socket: Socket): void {
  clearTimeout(watches.get(socket));
  watches.delete(socket);
}

/** No complete request head within the idle timeout: the connection is dropped without a word. */
function awaitRequest(socket: Socket, timeouts: HttpTimeouts): void {
  watch(socket, timeouts.idleMs, () => socket.destroy());
}

/** A body must keep coming (idle timeout) and be complete within the request timeout. */
function awaitBody(request: IncomingMessage, response: ServerResponse, timeouts: HttpTimeouts): void {
  const socket = request.socket;
  const deadline = Date.now() + timeouts.requestMs;
  let lastRead = socket.bytesRead;
  const check = () => {
    if (request.complete || socket.destroyed) return;
    const now = Date.now();
    const progressed = socket.bytesRead !== lastRead;
    lastRead = socket.bytesRead;
    if (now >= deadline || !progressed) return timeOut(socket, response);
    watch(socket, Math.min(timeouts.idleMs, deadline - now), check);
  };
  watch(socket, Math.min(timeouts.idleMs, timeouts.requestMs), check);
}

function timeOut(socket: Socket, response: ServerResponse): void {
  // Not through the handler's response (it may be waiting on the body to write its own):
  // raw bytes, unless an answer has begun, then the connection closes and the handler sees
  // its request aborted.
  if (response.headersSent || !socket.writable) {
    socket.destroy();
    return;
  }
  socket.end(REQUEST_TIMEOUT_REPLY);
  setTimeout(() => socket.destroy(), 1000).unref();
}

/**
 * The same timeouts for HTTP/2 (gRPC), as grpc-js server options: a connection with no call in
 * progress for the idle timeout is closed (GOAWAY; clients reconnect on their next call, as
 * they do when production's front ends close one), and one whose peer stops answering pings
 * is closed too. A unary or server-streaming call whose request is not in (half-closed) within
 * the request timeout ends DEADLINE_EXCEEDED. Client-streaming calls (Listen, Write,
 * StreamingPull) send requests for as long as they live: only the connection checks apply.
 */
export function grpcTimeoutOptions(timeouts: HttpTimeouts): grpc.ServerOptions {
  return {
    'grpc.max_connection_idle_ms': timeouts.idleMs,
    'grpc.keepalive_time_ms': timeouts.idleMs,
    'grpc.keepalive_timeout_ms': Math.min(20_000, timeouts.idleMs),
    interceptors: [requestTimeoutInterceptor(timeouts.requestMs)],
  };
}

function requestTimeoutInterceptor(requestMs: number): grpc.ServerInterceptor {
  return (method, call) => {
    if (method.requestStream) return new grpc.ServerInterceptingCall(call);
    let timer: NodeJS.Timeout | undefined;
    const stop = () => {
      clearTimeout(timer);
      timer = undefined;
    };
    const intercepted: grpc.ServerInterceptingCall = new grpc.ServerInterceptingCall(call, {
      start(next) {
        timer = setTimeout(() => {
          timer = undefined;
          intercepted.sendStatus({ code: grpc.status.DEADLINE_EXCEEDED, details: `The request was not received in full within ${requestMs} ms.` });
        }, requestMs).unref();
        next({
          onReceiveHalfClose(proceed) {
            stop();
            proceed();
          },
          onCancel: stop,
        });
      },
      sendStatus(status, next) {
        stop();
        next(status);
      },
    });
    return intercepted;
  };
}
