/**
 * Exercises the `ENCORE_TARGET=official` path of the functions' integration tests without
 * Java, doing here what `firebase emulators:exec --only auth,firestore,storage,pubsub,functions
 * --project demo-encore` does: builds the functions as the README tells (`npm run build -w
 * functions`, the `functions/lib` firebase.json points at), starts our Firestore, Storage and
 * Pub/Sub emulators, the Firebase CLI's Auth emulator and our runner on that build (the
 * repository's rules in force, schedules only on request, as the CLI's), answers the hub's
 * `GET /emulators`, exports the CLI's variables and runs the tests' official-target command
 * (`npm run test:official:functions`'s) against it as a child. It proves the harness finds the
 * backend through the env and the hub alone, in one project, with tokens that target accepts;
 * parity with Google's suite needs the real one.
 *
 *   npm run test:official:self:functions [-- vitest filters]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startAuthEmulator, startStack } from '../../src/stack/index.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const FUNCTIONS_DIR = join(REPO, 'functions');
const PROJECT = 'demo-encore';
const filters = process.argv.slice(2);

/** Runs `command` in the repository, inheriting the output; resolves with its exit status. */
async function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const child = spawn(command, args, { cwd: REPO, stdio: 'inherit', env });
  const [status] = (await once(child, 'exit')) as [number | null];
  return status ?? 1;
}

/** The hub's `GET /emulators`, in firebase-tools' shape (emulator/hub.js getRunningEmulatorsMapping). */
async function startHub(emulators: Record<string, string>): Promise<Server> {
  const mapping = Object.fromEntries(
    Object.entries(emulators).map(([name, address]) => {
      const { hostname, port } = new URL(`http://${address}`);
      const host = hostname.replace(/^\[|\]$/g, '');
      return [name, { name, host, port: Number(port), pid: process.pid, listen: [{ address: host, family: host.includes(':') ? 'IPv6' : 'IPv4', port: Number(port) }] }];
    }),
  );
  const hub = createServer((req, res) => {
    if (req.method === 'GET' && req.url === '/emulators') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(mapping));
    res.writeHead(404).end();
  });
  hub.listen(0, '127.0.0.1');
  await once(hub, 'listening');
  return hub;
}

if ((await run('npm', ['run', 'build', '-w', 'functions'])) !== 0) process.exit(1);

const auth = await startAuthEmulator({ projectId: PROJECT });
const stack = await startStack({
  projectId: PROJECT,
  functions: join(FUNCTIONS_DIR, 'lib/index.js'),
  functionsDir: FUNCTIONS_DIR,
  ports: 'free',
  authEmulator: auth.host,
  // The CLI loads firebase.json's rules into its emulators: every client request is checked.
  rules: { firestore: readFileSync(join(REPO, 'firestore.rules'), 'utf8'), storage: readFileSync(join(REPO, 'storage.rules'), 'utf8') },
  runner: { schedules: false },
});
const hub = await startHub({ firestore: stack.hosts.firestore, storage: stack.hosts.storage, pubsub: stack.hosts.pubsub, auth: auth.host, functions: stack.hosts.functions! });

// Asynchronous on purpose: the emulators answer from this process's event loop.
// `npm run test:official:functions`'s command; verbose, so every skipped test shows its reason.
const status = await run('npx', ['vitest', 'run', '--project', 'functions', '--no-file-parallelism', '--reporter=verbose', ...(filters.length > 0 ? filters : ['test/integration'])], {
  ...process.env,
  ENCORE_TARGET: 'official',
  ...stack.env,
  FIREBASE_AUTH_EMULATOR_HOST: auth.host,
  FIREBASE_EMULATOR_HUB: `127.0.0.1:${(hub.address() as AddressInfo).port}`,
});
hub.close();
await stack.stop();
await auth.stop();
process.exit(status);
