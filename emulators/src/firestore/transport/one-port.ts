/**
 * gRPC (HTTP/2 cleartext with prior knowledge) and HTTP/1.1 on one port: each connection's
 * first bytes are compared with the HTTP/2 connection preface; HTTP/2 sockets go to the
 * grpc-js server through a connection injector, the rest to a node `http` server.
 */
import * as grpc from '@grpc/grpc-js';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { guardHttpServer, type HttpTimeouts } from '../../common/http-timeouts.js';
import { takeStreamsFirst, type OwnStreams } from './grpc-js-streams.js';

const PREFACE = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n');

export interface OnePortServer {
  host: string;
  port: number;
  /** Whether `ownStreams` is in use (false: grpc-js serves every gRPC call). */
  ownPath: boolean;
  close(): Promise<void>;
}

export async function listenOnePort<T = never>(options: {
  host: string;
  port: number;
  grpcServer: grpc.Server;
  /** gRPC calls served before grpc-js sees them (grpc-unary.ts): the rest go to grpc-js. */
  ownStreams?: OwnStreams<T>;
  http: (request: IncomingMessage, response: ServerResponse) => void;
  /** HTTP/1.1's idle and request timeouts (common/http-timeouts.ts); the gRPC server carries its own. */
  timeouts: HttpTimeouts;
}): Promise<OnePortServer> {
  const injector = options.grpcServer.createConnectionInjector(grpc.ServerCredentials.createInsecure());
  const ownPath = options.ownStreams !== undefined && takeStreamsFirst(options.grpcServer, options.ownStreams);
  if (options.ownStreams !== undefined && !ownPath) console.warn('[firestore] this grpc-js has no stream hook: every gRPC call goes through grpc-js');
  const httpServer = createHttpServer({ keepAliveTimeout: 120_000, requestTimeout: 0 }, options.http);
  guardHttpServer(httpServer, options.timeouts);
  const sockets = new Set<Socket>();

  const dispatch = (socket: Socket, first: Buffer) => {
    socket.pause();
    socket.unshift(first);
    const n = Math.min(first.length, PREFACE.length);
    // http2 takes over the socket's native handle and picks the unshifted bytes up itself;
    // the http server reads through 'data' events, so the socket must flow again.
    if (n >= 3 && first.subarray(0, n).equals(PREFACE.subarray(0, n))) {
      injector.injectConnection(socket);
    } else {
      httpServer.emit('connection', socket);
      socket.resume();
    }
  };

  // No Nagle: RPCs are small request/response exchanges where batching only adds latency.
  const server = createNetServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // A connection that never says which protocol it speaks is dropped after the idle timeout.
    const silent = setTimeout(() => socket.destroy(), options.timeouts.idleMs).unref();
    socket.once('close', () => clearTimeout(silent));
    socket.once('data', (first: Buffer) => {
      clearTimeout(silent);
      dispatch(socket, first);
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  return {
    host: options.host,
    port: address.port,
    ownPath,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      injector.destroy();
      options.grpcServer.forceShutdown();
      httpServer.closeAllConnections();
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
