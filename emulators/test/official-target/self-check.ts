/**
 * Exercises the `ENCORE_TARGET=official` path of the suites without Java: starts our Firestore
 * and Storage emulators in this process, exports the standard host variables the Firebase CLI
 * would, and runs `npm run test:official`'s vitest command against them as a child. It proves
 * the harnesses find an outside suite through the env alone (rules loaded over the official
 * endpoint, nothing started in-process); parity with Google's suite needs the real one.
 *
 *   npm run test:official:self [-- vitest filters]
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startFirestoreEmulator } from '../../src/firestore/index.js';
import { firestoreRestDocuments } from '../../src/rules-enforcement/firestore-rest-documents.js';
import { startStorageEmulator } from '../../src/storage/index.js';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const PROJECT = 'demo-encore';
const filters = process.argv.slice(2);

const firestore = await startFirestoreEmulator({ port: 0, projectId: PROJECT });
const storage = await startStorageEmulator({ port: 0, projectId: PROJECT, firestore: firestoreRestDocuments(`http://127.0.0.1:${firestore.port}`, PROJECT) });
// Asynchronous on purpose: the emulators answer from this process's event loop.
const child = spawn('npx', ['vitest', 'run', '--project', 'emulators', '--no-file-parallelism', ...(filters.length > 0 ? filters : ['test/conformance', 'test/rules-matrix'])], {
  cwd: REPO,
  stdio: 'inherit',
  env: {
    ...process.env,
    ENCORE_TARGET: 'official',
    GCLOUD_PROJECT: PROJECT,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${firestore.port}`,
    FIREBASE_STORAGE_EMULATOR_HOST: `127.0.0.1:${storage.port}`,
  },
});
const [status] = (await once(child, 'exit')) as [number | null];
await storage.close();
await firestore.close();
process.exit(status ?? 1);
