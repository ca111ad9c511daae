/**
 * The local stack the matrix runs against, in-process on free ports: our Firestore and
 * Storage emulators with Encore's own `firestore.rules` and `storage.rules` loaded by
 * @firebase/rules-unit-testing (through the emulators' admin endpoints, as against the
 * official emulators), one test context per role, and the owner's back door for arranging
 * each case's starting state. The roles' festival staff documents (roles.ts, STAFF_DOCUMENTS)
 * are arranged as the stack starts.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { initializeTestEnvironment, type RulesTestContext, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { compileRules, type RulesService } from '../../src/rules-enforcement/compiled-rules.js';
import { coverageReport, coverageSummary, writeCoverageReport } from '../../src/rules-enforcement/coverage-report.js';
import { firestoreRestDocuments } from '../../src/rules-enforcement/firestore-rest-documents.js';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import { DEFAULT_STORAGE_BUCKET, startStorageEmulator, type StorageEmulator } from '../../src/storage/index.js';
import { officialHost, onlyEncore, testTarget, type HostPort } from '../../src/stack/test-target.js';
import { toValue } from '../rules/helpers.js';
import { IDENTITIES, ROLES, STAFF_DOCUMENTS, type Role } from './roles.js';

export const PROJECT = 'demo-encore';
export const BUCKET = DEFAULT_STORAGE_BUCKET;
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
export const FIRESTORE_RULES = readFileSync(`${REPO}firestore.rules`, 'utf8');
export const STORAGE_RULES = readFileSync(`${REPO}storage.rules`, 'utf8');

export const TARGET = testTarget();

export interface MatrixStack {
  env: RulesTestEnvironment;
  /** Ours only (absent when the matrix runs against the official emulators, `ENCORE_TARGET=official`). */
  firestore?: FirestoreEmulator;
  storage?: StorageEmulator;
  as(role: Role): RulesTestContext;
  /** A caller outside the roles (an unverified account...), one context per uid. */
  asIdentity(identity: { uid: string; claims: Record<string, unknown> }): RulesTestContext;
  /** Owner writes and deletes, past the rules (arranging a case, not part of it). */
  owner: OwnerAccess;
  /** Puts the roles' staff documents (STAFF_DOCUMENTS) back as they were arranged. */
  arrangeStaff(): Promise<void>;
  stop(): Promise<void>;
}

/** Ours, in-process on free ports; or the official emulators the standard variables name. */
async function startServices(): Promise<{ firestore?: FirestoreEmulator; storage?: StorageEmulator; firestoreAt: HostPort; storageAt: HostPort }> {
  if (TARGET === 'official') return { firestoreAt: officialHost('firestore'), storageAt: officialHost('storage') };
  const firestore = await startFirestoreEmulator({ port: 0, projectId: PROJECT });
  const storage = await startStorageEmulator({ port: 0, projectId: PROJECT, firestore: firestoreRestDocuments(`http://127.0.0.1:${firestore.port}`, PROJECT) });
  return { firestore, storage, firestoreAt: { host: '127.0.0.1', port: firestore.port }, storageAt: { host: '127.0.0.1', port: storage.port } };
}

export async function startMatrixStack(): Promise<MatrixStack> {
  const { firestore, storage, firestoreAt, storageAt } = await startServices();
  const env = await initializeTestEnvironment({
    projectId: PROJECT,
    firestore: { rules: FIRESTORE_RULES, ...firestoreAt },
    storage: { rules: STORAGE_RULES, ...storageAt },
  });
  const contexts = new Map<Role, RulesTestContext>();
  for (const role of ROLES) {
    contexts.set(role, role === 'signedOut' ? env.unauthenticatedContext() : env.authenticatedContext(IDENTITIES[role].uid, IDENTITIES[role].claims));
  }
  const owner = new OwnerAccess(`http://${firestoreAt.host}:${firestoreAt.port}`, `http://${storageAt.host}:${storageAt.port}`);
  const arrangeStaff = async () => {
    for (const [path, data] of Object.entries(STAFF_DOCUMENTS)) await owner.setDoc(path, data);
  };
  await arrangeStaff();
  return {
    env,
    firestore,
    storage,
    as: (role) => contexts.get(role)!,
    asIdentity: ({ uid, claims }) => env.authenticatedContext(uid, claims),
    owner,
    arrangeStaff,
    async stop() {
      await env.cleanup();
      await storage?.close();
      await firestore?.close();
    },
  };
}

export class OwnerAccess {
  constructor(
    private readonly firestoreOrigin: string,
    private readonly storageOrigin: string,
  ) {}

  async setDoc(path: string, data: Record<string, unknown>): Promise<void> {
    const fields = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, toValue(value)]));
    await this.ok(fetch(this.documentUrl(path), { method: 'PATCH', headers: { Authorization: 'Bearer owner' }, body: JSON.stringify({ fields }) }));
  }

  async deleteDoc(path: string): Promise<void> {
    await this.ok(fetch(this.documentUrl(path), { method: 'DELETE', headers: { Authorization: 'Bearer owner' } }));
  }

  async putObject(name: string, contentType: string, bytes: Uint8Array = new Uint8Array([0xff, 0xd8, 0xff, 0xe0])): Promise<void> {
    const url = `${this.storageOrigin}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=${encodeURIComponent(name)}`;
    await this.ok(fetch(url, { method: 'POST', headers: { Authorization: 'Bearer owner', 'Content-Type': contentType }, body: Buffer.from(bytes) }));
  }

  async deleteObject(name: string): Promise<void> {
    const response = await fetch(`${this.storageOrigin}/storage/v1/b/${BUCKET}/o/${encodeURIComponent(name)}`, { method: 'DELETE', headers: { Authorization: 'Bearer owner' } });
    if (!response.ok && response.status !== 404) throw new Error(`owner delete ${name}: HTTP ${response.status} ${await response.text()}`);
  }

  private documentUrl(path: string): string {
    return `${this.firestoreOrigin}/v1/projects/${PROJECT}/databases/(default)/documents/${path}`;
  }

  private async ok(pending: Promise<Response>): Promise<void> {
    const response = await pending;
    if (!response.ok) throw new Error(`owner request failed: HTTP ${response.status} ${await response.text()}`);
  }
}

/**
 * Writes `test-results/rules-coverage/{service}.json` and prints the summary. Our rules engine
 * counts coverage in-process, so against the official emulators there is none to report.
 */
export async function reportCoverage(service: RulesService): Promise<void> {
  if (TARGET === 'official') {
    console.log(onlyEncore('rules coverage counted in-process'));
    return;
  }
  const [source, file] = service === 'cloud.firestore' ? [FIRESTORE_RULES, 'firestore'] : [STORAGE_RULES, 'storage'];
  const report = coverageReport(`${file}.rules`, compileRules(source, service).coverage.report());
  await writeCoverageReport(`${REPO}test-results/rules-coverage/${file}.json`, report);
  console.log(coverageSummary(report));
}
