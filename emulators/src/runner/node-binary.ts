/**
 * The Node binary the functions worker runs on: the production runtime's major (see
 * runtime.ts), not whichever Node runs the emulators. Looked for, in order:
 *   1. `ENCORE_FUNCTIONS_NODE`: a path to a node binary the developer chose;
 *   2. this process's own Node, when its major already is the runtime's;
 *   3. the binary npm installed for this machine in `emulators/functions-node` (the
 *      official builds, repackaged on the npm registry as `node-<os>-<cpu>` packages that
 *      declare `os` and `cpu`, so npm installs only the one that runs here).
 * They live in their own small npm project, not in the workspaces: every one of those
 * packages has `"bin": {"node": ...}`, and hoisted into the root node_modules it would put
 * its node first on the PATH of every npm script, the whole toolchain included.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RuntimeConfigError } from './runtime.js';

/** `emulators/functions-node`, beside `src/` (and `dist/`). */
export const FUNCTIONS_NODE_DIR = fileURLToPath(new URL('../../functions-node/', import.meta.url));
export const FUNCTIONS_NODE_ENV = 'ENCORE_FUNCTIONS_NODE';

export interface NodeBinary {
  path: string;
  /** `24.21.0` */
  version: string;
  /** Where it came from, for the runner's start line. */
  source: string;
}

export type NodeBinaryChoice = { binary: NodeBinary } | { binary: null; reason: string };

export interface NodeBinaryHost {
  env: NodeJS.ProcessEnv;
  platform: NodeJS.Platform;
  arch: string;
  /** This process's Node: `process.execPath` and `process.versions.node`. */
  execPath: string;
  version: string;
  /** The npm project holding the per-platform binaries. */
  installDir: string;
}

const THIS_HOST: NodeBinaryHost = {
  env: process.env,
  platform: process.platform,
  arch: process.arch,
  execPath: process.execPath,
  version: process.versions.node,
  installDir: FUNCTIONS_NODE_DIR,
};

export function resolveNodeBinary(major: number, host: NodeBinaryHost = THIS_HOST): NodeBinaryChoice {
  const chosen = host.env[FUNCTIONS_NODE_ENV];
  if (chosen) {
    const version = versionOf(chosen);
    if (majorOf(version) !== major) {
      throw new RuntimeConfigError(`${FUNCTIONS_NODE_ENV}=${chosen} is Node ${version}, but the functions' runtime is nodejs${major}`);
    }
    return { binary: { path: chosen, version, source: FUNCTIONS_NODE_ENV } };
  }
  if (majorOf(host.version) === major) return { binary: { path: host.execPath, version: host.version, source: 'this process' } };

  const installed = installedBinaries(host);
  const matching = installed.find((binary) => majorOf(binary.version) === major);
  if (matching) return { binary: matching };
  const here = `${host.platform}-${host.arch}`;
  if (installed.length > 0) {
    return { binary: null, reason: `emulators/functions-node has Node ${installed.map((b) => b.version).join(', ')} for ${here}, not Node ${major}: update its package.json` };
  }
  const offered = offeredPlatforms(host.installDir);
  return {
    binary: null,
    reason: offered.includes(here)
      ? `no Node ${major} binary installed for ${here} (run npm install, or npm ci --prefix emulators/functions-node)`
      : `the npm registry has no Node ${major} binary for ${here} (emulators/functions-node offers ${offered.join(', ')})`,
  };
}

/** The per-platform packages installed for this machine (npm skipped the others). */
function installedBinaries(host: NodeBinaryHost): NodeBinary[] {
  const manifest = join(host.installDir, 'package.json');
  if (!existsSync(manifest)) return [];
  const require = createRequire(manifest);
  const os = host.platform === 'win32' ? 'win' : host.platform;
  const found: NodeBinary[] = [];
  for (const name of [`node-${os}-${host.arch}`, `node-bin-${os}-${host.arch}`]) {
    let packageJson: string;
    try {
      packageJson = require.resolve(`${name}/package.json`);
    } catch {
      continue;
    }
    const pkg = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string; bin?: string | Record<string, string> };
    const bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.node;
    const path = bin ? join(dirname(packageJson), bin) : undefined;
    if (path && existsSync(path)) found.push({ path, version: pkg.version, source: `${name}@${pkg.version}` });
  }
  return found;
}

/** `linux-x64`, `darwin-arm64`... as named by the optional dependencies of emulators/functions-node. */
function offeredPlatforms(installDir: string): string[] {
  const manifest = join(installDir, 'package.json');
  if (!existsSync(manifest)) return [];
  const { optionalDependencies = {} } = JSON.parse(readFileSync(manifest, 'utf8')) as { optionalDependencies?: Record<string, string> };
  return Object.keys(optionalDependencies).map((name) => name.replace(/^node-(bin-)?/, '').replace(/^win-/, 'win32-'));
}

function versionOf(binary: string): string {
  try {
    return execFileSync(binary, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 10_000 }).trim();
  } catch (error) {
    throw new RuntimeConfigError(`${FUNCTIONS_NODE_ENV}=${binary} does not run: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function majorOf(version: string): number {
  return Number(version.replace(/^v/, '').split('.')[0]);
}
