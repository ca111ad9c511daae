/**
 * The web dev server's thread (started by web-dev-server.ts): the web workspace's own Vite,
 * through its API, with web/vite.config.ts, on the port it is given (strict). Its emulator
 * ports come in as VITE_* variables in this thread's environment.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

export interface WebThreadData {
  webDir: string;
  host: string;
  port: number;
}

export type WebThreadMessage = { type: 'ready'; url: string } | { type: 'failed'; error: string } | { type: 'stopped'; error?: string };

/** The little of Vite's API used here (Vite is the web workspace's dependency, not ours). */
interface Vite {
  createServer(config: object): Promise<{ listen(): Promise<unknown>; close(): Promise<void> }>;
}

const port = parentPort!;
const data = workerData as WebThreadData;
const post = (message: WebThreadMessage): void => port.postMessage(message);

async function main(): Promise<void> {
  const vitePath = createRequire(join(data.webDir, 'package.json')).resolve('vite');
  const vite = (await import(pathToFileURL(vitePath).href)) as Vite;
  const server = await vite.createServer({
    root: data.webDir,
    // Vite's banner and page-reload notes are noise in the npm start console; warnings and errors stay.
    logLevel: 'warn',
    clearScreen: false,
    server: { host: data.host, port: data.port, strictPort: true },
  });
  await server.listen();
  port.on('message', (message: { type: string }) => {
    if (message.type !== 'stop') return;
    server.close().then(
      () => post({ type: 'stopped' }),
      (error: unknown) => post({ type: 'stopped', error: String(error) }),
    );
  });
  post({ type: 'ready', url: `http://${data.host}:${data.port}/` });
}

main().catch((error: unknown) => post({ type: 'failed', error: error instanceof Error ? error.message : String(error) }));
