/** The web app's dev server (`npm run dev -w web`), when the web workspace has that script. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnHelper, waitForHttp } from './child-process.js';

const READY_TIMEOUT_MS = 60_000;

export interface WebDevServer {
  url: string;
  stop(): Promise<void>;
}

/** `port` is where web/vite.config.ts binds (5173, strict); the server is reached there. */
export async function startWebDevServer(rootDir: string, port: number, env: Record<string, string>): Promise<WebDevServer | null> {
  if (!hasScript(join(rootDir, 'web', 'package.json'), 'dev')) return null;
  const helper = spawnHelper('web dev server', 'npm', ['run', 'dev', '-w', 'web'], {
    cwd: rootDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // web/vite.config.ts binds 127.0.0.1, the host the emulators use too.
  const url = `http://127.0.0.1:${port}/`;
  try {
    await waitForHttp(url, READY_TIMEOUT_MS, helper);
  } catch (error) {
    await helper.stop('SIGKILL');
    throw error;
  }
  return { url, stop: () => helper.stop('SIGTERM', 5_000) };
}

export function hasScript(packageJsonPath: string, script: string): boolean {
  if (!existsSync(packageJsonPath)) return false;
  const manifest = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { scripts?: Record<string, string> };
  return typeof manifest.scripts?.[script] === 'string';
}
