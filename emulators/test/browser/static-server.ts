/** Serves one test page and its bundle from 127.0.0.1 on a free port. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StaticSite {
  /** `http://127.0.0.1:<port>`: the page's origin, cross-origin to every emulator. */
  origin: string;
  close(): Promise<void>;
}

const PAGE = '<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>encore test page</title></head>' +
  '<body><script type="module" src="/bundle.js"></script></body></html>';

export async function serveTestPage(bundle: string): Promise<StaticSite> {
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page.invalid').pathname;
    if (path === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
    } else if (path === '/bundle.js') {
      response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(bundle);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
