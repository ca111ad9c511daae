/**
 * An HTTP proxy that behaves like a buffering corporate proxy for WebChannel: it holds back
 * the body of every streaming back-channel GET (`CI=0`) until the upstream response ends,
 * and passes everything else straight through. The SDK's buffering-proxy detection should
 * notice the missing first bytes and switch the session to long-polling (`CI=1`).
 */
import { createServer, request as upstreamRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface BufferingProxy {
  host: string;
  port: number;
  close(): Promise<void>;
}

export async function startBufferingProxy(target: { host: string; port: number }): Promise<BufferingProxy> {
  const server = createServer((request, response) => {
    const buffering = request.method === 'GET' && new URL(request.url ?? '/', 'http://proxy.invalid').searchParams.get('CI') === '0';
    const upstream = upstreamRequest(
      { host: target.host, port: target.port, method: request.method, path: request.url, headers: request.headers },
      (upstreamResponse) => {
        if (!buffering) {
          response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
          upstreamResponse.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        upstreamResponse.on('data', (chunk: Buffer) => chunks.push(chunk));
        upstreamResponse.on('end', () => {
          response.writeHead(upstreamResponse.statusCode ?? 502, upstreamResponse.headers);
          response.end(Buffer.concat(chunks));
        });
      },
    );
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    host: '127.0.0.1',
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
