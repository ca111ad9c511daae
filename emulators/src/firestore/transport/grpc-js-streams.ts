/**
 * A look at each new HTTP/2 stream before grpc-js takes it, on grpc-js's own HTTP/2 server (the
 * one behind a connection injector): sessions, keepalive pings, the idle timeout and shutdown
 * stay grpc-js's; a stream `own.pick` takes is served by `own.serve`, every other one goes to
 * grpc-js's own stream handler, unchanged.
 *
 * grpc-js has no public hook for this, so it reaches two of its internals (@grpc/grpc-js 1.14,
 * server.js): the `http2Servers` map (each HTTP/2 server it made, its 'stream' listener
 * installed when made) and `onStreamOpened` (a stream counted against the session's idle
 * timeout, so a connection busy with our calls is not closed as idle). If either is missing
 * (another grpc-js), nothing is changed and it says so: every call then goes through grpc-js,
 * correct but slower (test/firestore/grpc-unary-path.test.ts checks the path is in use).
 */
import type * as grpc from '@grpc/grpc-js';
import type { Http2Server, IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2';

type StreamListener = (stream: ServerHttp2Stream, headers: IncomingHttpHeaders, flags: number, rawHeaders: string[]) => void;

interface GrpcJsInternals {
  http2Servers?: Map<Http2Server, unknown>;
  onStreamOpened?: (stream: ServerHttp2Stream) => void;
}

/** Which streams are served by the caller (`pick`, from the headers alone) and how. */
export interface OwnStreams<T> {
  pick(headers: IncomingHttpHeaders): T | undefined;
  serve(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, picked: T): void;
}

const hooked = new WeakSet<Http2Server>();

/**
 * Puts `own` before grpc-js's stream handler on every HTTP/2 server `server` has made so far
 * (call it after `createConnectionInjector`). Returns false when grpc-js's internals are not
 * where expected (nothing changed).
 */
export function takeStreamsFirst<T>(server: grpc.Server, own: OwnStreams<T>): boolean {
  const internals = server as unknown as GrpcJsInternals;
  const servers = internals.http2Servers;
  const onStreamOpened = internals.onStreamOpened;
  if (!(servers instanceof Map) || typeof onStreamOpened !== 'function') return false;
  const targets = [...servers.keys()].filter((http2Server) => !hooked.has(http2Server) && http2Server.listenerCount('stream') === 1);
  if (targets.length === 0) return false;
  for (const http2Server of targets) {
    const grpcJs = http2Server.listeners('stream')[0] as StreamListener;
    http2Server.removeListener('stream', grpcJs);
    http2Server.on('stream', (stream: ServerHttp2Stream, headers: IncomingHttpHeaders, flags: number, rawHeaders: string[]) => {
      const taken = own.pick(headers);
      if (taken === undefined) {
        grpcJs.call(http2Server, stream, headers, flags, rawHeaders);
        return;
      }
      onStreamOpened.call(server, stream);
      own.serve(stream, headers, taken);
    });
    hooked.add(http2Server);
  }
  return true;
}
