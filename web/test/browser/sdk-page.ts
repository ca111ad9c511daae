/**
 * A page of browser code for SDK-level tests: the entry bundled by Vite (library mode, the
 * firebase packages' browser builds, as the web app ships them), served from its own
 * `http://127.0.0.1:<free port>` origin so every emulator is cross-origin to it, as in
 * production.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build, type Rolldown } from 'vite';

export interface SdkPageSite {
  /** The page: `http://127.0.0.1:<port>/`. */
  url: string;
  close(): Promise<void>;
}

const WEB = new URL('../../', import.meta.url).pathname;

async function bundle(entry: string): Promise<Map<string, string>> {
  const result = (await build({
    configFile: false,
    root: WEB,
    logLevel: 'warn',
    build: { write: false, minify: false, lib: { entry, formats: ['es'], fileName: () => 'entry.js' } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  const files = new Map<string, string>();
  for (const output of Array.isArray(result) ? result : [result]) {
    for (const chunk of output.output) if (chunk.type === 'chunk') files.set(`/${chunk.fileName}`, chunk.code);
  }
  if (!files.has('/entry.js')) throw new Error(`Vite made no entry.js for ${entry}`);
  return files;
}

const PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Encore SDK test page</title></head>' +
  '<body><script type="module" src="/entry.js"></script></body></html>';

export async function serveSdkPage(entry: string): Promise<SdkPageSite> {
  const files = await bundle(entry);
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://page.invalid').pathname;
    const script = files.get(path);
    if (path === '/') response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(PAGE);
    else if (script !== undefined) response.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8' }).end(script);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
