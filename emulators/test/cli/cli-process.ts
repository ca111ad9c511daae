/**
 * Runs Encore's CLI as a person would (`node ... emulators/src/cli/<name>.ts`) with its own
 * data folder and free ports, and follows what it prints.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url));

export interface CliProcess {
  child: ChildProcess;
  lines: string[];
  /** Resolves with the first line (already printed or to come) matching `pattern`; rejects if the process ends first. */
  line(pattern: RegExp): Promise<string>;
  /** The exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

export interface CliOptions {
  /** Which CLI: `emulators` (the backend) or `start` (with the web dev server); `npm start` runs it through npm, as a person does. */
  cli: 'emulators' | 'start' | 'npm start';
  dataDir: string;
  args?: string[];
  /** Start it with SIGINT ignored, as a shell script's background job is. */
  sigintIgnored?: boolean;
  cwd?: string;
  /** Run it as the leader of a process group of its own, so `process.kill(-pid)` reaches everything it started. */
  ownProcessGroup?: boolean;
}

export function runCli(options: CliOptions): CliProcess {
  const cwd = options.cwd ?? ROOT_DIR;
  const command =
    options.cli === 'npm start'
      ? ['npm', 'start', '--silent', ...(options.args?.length ? ['--', ...options.args] : [])]
      : ['node', '--conditions=encore-source', '--import', 'tsx', `emulators/src/cli/${options.cli}.ts`, ...(options.args ?? [])];
  const child = spawn('sh', ['-c', `${options.sigintIgnored ? 'trap "" INT; ' : ''}exec "$@"`, 'sh', ...command], {
    cwd,
    env: { ...process.env, ENCORE_PORTS: 'free', ENCORE_DATA_DIR: options.dataDir, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.ownProcessGroup ?? false,
  });
  const lines: string[] = [];
  const waiting = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on('line', (line) => {
      lines.push(line);
      for (const waiter of waiting) {
        if (!waiter.pattern.test(line)) continue;
        waiting.delete(waiter);
        waiter.resolve(line);
      }
    });
  }
  return {
    child,
    lines,
    exited,
    line(pattern) {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        waiting.add({ pattern, resolve });
        void exited.then((code) => reject(new Error(`the CLI exited (${code}) before printing ${pattern}; it printed:\n${lines.join('\n')}`)));
      });
    },
  };
}

/** `http://host:port` of a service, from the banner's row for it (`  Auth   http://127.0.0.1:41234`). */
export function bannerUrl(lines: string[], label: string): string {
  const row = lines.find((line) => line.trimStart().startsWith(`${label} `));
  const url = row?.trim().split(/\s+/).pop();
  if (!url) throw new Error(`no ${label} row in the banner:\n${lines.join('\n')}`);
  return url;
}
