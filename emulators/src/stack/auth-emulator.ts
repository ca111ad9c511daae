/**
 * The Auth emulator, from the Firebase CLI (it is plain Node, no Java), started with
 * `firebase emulators:start --only auth`. It gets a config of its own, written to a temp
 * folder, so its ports (and those of the hub and logging servers the CLI brings along) are
 * ours to choose; its accounts are imported from and exported to `{dataDir}/auth`.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnHelper, waitForOutput, type Helper } from './child-process.js';

const READY_TIMEOUT_MS = 90_000;

export interface AuthEmulatorOptions {
  /** Where node_modules/.bin/firebase is. */
  rootDir: string;
  projectId: string;
  host?: string;
  ports: { auth: number; hub: number; logging: number };
  /** Import at start when it holds an export; export there on exit. */
  dataDir?: string;
  fresh?: boolean;
}

export interface AuthEmulator {
  /** `host:port`, the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  stop(): Promise<void>;
}

export async function startAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const host = options.host ?? '127.0.0.1';
  const configDir = mkdtempSync(join(tmpdir(), 'encore-auth-'));
  const configPath = join(configDir, 'firebase.json');
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        singleProjectMode: true,
        auth: { host, port: options.ports.auth },
        hub: { host, port: options.ports.hub },
        logging: { host, port: options.ports.logging },
        ui: { enabled: false },
      },
    }),
  );
  const args = ['--config', configPath, 'emulators:start', '--only', 'auth', '--project', options.projectId];
  if (options.dataDir) {
    const authDir = join(options.dataDir, 'auth');
    if (!options.fresh && existsSync(join(authDir, 'firebase-export-metadata.json'))) args.push('--import', authDir);
    args.push('--export-on-exit', authDir);
  }
  const helper: Helper = spawnHelper('Auth emulator (firebase-tools)', join(options.rootDir, 'node_modules', '.bin', 'firebase'), args, {
    cwd: configDir,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    await helper.stop(signal, 20_000);
    rmSync(configDir, { recursive: true, force: true });
  };
  const authHost = `${host}:${options.ports.auth}`;
  try {
    // Not the port answering: the CLI serves before it has imported the saved accounts.
    // It prints this once everything, the import included, is done.
    await waitForOutput(helper, /All emulators ready/, READY_TIMEOUT_MS);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  // SIGINT is the CLI's clean shutdown, which writes the export.
  return { host: authHost, stop: () => stop('SIGINT') };
}
