/**
 * Shared set-up for the conformance cases: one fresh emulator on a free port per test file,
 * per client a client under test and a peer (a second instance of the same client, so
 * listener cases see changes made elsewhere), and a unique collection prefix per case.
 */
import { afterAll, beforeAll, it, type TestContext } from 'vitest';
import { startFirestoreEmulator, type FirestoreEmulator } from '../../src/firestore/index.js';
import { officialHost, testTarget } from '../../src/stack/test-target.js';
import type { ClientFactory, ConformanceClient, Feature, ListenEvent, Outcome, SnapshotResult } from './client.js';

export const TARGET = testTarget();
/** Under `firebase emulators:exec` the CLI's project (GCLOUD_PROJECT), which a single-project suite insists on. */
export const PROJECT_ID = TARGET === 'official' ? (process.env.GCLOUD_PROJECT ?? 'demo-conformance') : 'demo-conformance';
export const EVENT_TIMEOUT_MS = 8000;

/** Where the cases run: our emulator (started per file), or the official one the env names. */
export interface ConformanceTarget {
  host: string;
  port: number;
  /** Ours only: the in-process emulator and its seams (absent against the official emulator). */
  emulator?: FirestoreEmulator;
}

/** Rules that let every client do anything: the suite checks the data API, not rules. */
const OPEN_RULES = "rules_version = '2';\nservice cloud.firestore { match /databases/{database}/documents { match /{document=**} { allow read, write: if true; } } }";

/** Loads security rules for the suite's project through the official admin endpoint (ours has it too). */
export async function putRules(target: Pick<ConformanceTarget, 'host' | 'port'>, source: string): Promise<void> {
  const response = await fetch(`http://${target.host}:${target.port}/emulator/v1/projects/${PROJECT_ID}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
    body: JSON.stringify({ rules: { files: [{ name: 'firestore.rules', content: source }] } }),
  });
  if (!response.ok) throw new Error(`could not load rules: HTTP ${response.status} ${await response.text()}`);
}

async function officialTarget(): Promise<ConformanceTarget> {
  const target = officialHost('firestore');
  // The official emulator enforces the rules the CLI loaded (Encore's): open them for this project.
  await putRules(target, OPEN_RULES);
  return target;
}

export interface CaseEnv {
  target: ConformanceTarget;
  client: ConformanceClient;
  peer: ConformanceClient;
  /** Signed in as a plain user (`alice`): the owner for clients that are always the owner. */
  user: ConformanceClient;
  /** Signed in with the owner credential (`Bearer owner`), which bypasses access checks. */
  owner: ConformanceClient;
  factory: ClientFactory;
}

let targetPromise: Promise<ConformanceTarget> | undefined;

/** The file's target: our emulator (started on first use, closed after the file) or the official one. */
export function useEmulator(): () => ConformanceTarget {
  let target: ConformanceTarget | undefined;
  beforeAll(async () => {
    targetPromise ??=
      TARGET === 'official'
        ? officialTarget()
        : startFirestoreEmulator({ port: 0, projectId: PROJECT_ID }).then((emulator) => ({ host: '127.0.0.1', port: emulator.port, emulator }));
    target = await targetPromise;
  });
  afterAll(async () => {
    const started = targetPromise;
    targetPromise = undefined;
    await (await started)?.emulator?.close();
  });
  return () => target!;
}

/** Clients for one `describe.each` block. */
export function useClients(factory: ClientFactory, emulator: () => ConformanceTarget): () => CaseEnv {
  let env: CaseEnv | undefined;
  beforeAll(async () => {
    const e = emulator();
    const config = { host: e.host, port: e.port, projectId: PROJECT_ID };
    const [client, peer, user, owner] = await Promise.all([
      factory.create(config),
      factory.create(config),
      factory.create({ ...config, user: { uid: 'alice' } }),
      factory.create({ ...config, user: 'owner' }),
    ]);
    env = { target: e, client, peer, user, owner, factory };
  });
  afterAll(async () => {
    await Promise.all([env?.client.close(), env?.peer.close(), env?.user.close(), env?.owner.close()]);
  });
  return () => env!;
}

let prefixCounter = 0;

/** A collection id no other case uses. */
export function uniqueCollection(name = 'c'): string {
  prefixCounter += 1;
  return `${name}${prefixCounter}_${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * A case that needs features some clients lack by design: for those clients it is reported
 * as skipped (with the missing features as the reason), never as passed.
 */
export function caseFor(factory: ClientFactory, needs: Feature[], name: string, body: (ctx: TestContext) => Promise<void>): void {
  const missing = needs.filter((feature) => factory.lacks.includes(feature));
  if (missing.length === 0) {
    it(name, body);
    return;
  }
  it(name, (ctx) => {
    ctx.skip(`not expressible through ${factory.name}: lacks ${missing.join(', ')}`);
  });
}

export function ok<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw new Error(`expected success, got ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.value;
}

export function failure<T>(outcome: Outcome<T>): { code: string; message: string } {
  if (outcome.ok) throw new Error(`expected an error, got ${JSON.stringify(outcome.value)}`);
  return outcome.error;
}

/** Reads listener events until `done` holds for a snapshot; returns every snapshot seen. */
export async function snapshotsUntil(client: ConformanceClient, id: string, done: (snapshot: SnapshotResult) => boolean): Promise<SnapshotResult[]> {
  const seen: SnapshotResult[] = [];
  for (;;) {
    const event: ListenEvent = await client.nextEvent(id, EVENT_TIMEOUT_MS);
    if (event.kind === 'timeout') throw new Error(`listener ${id}: no snapshot satisfied the condition; saw ${JSON.stringify(seen.map((s) => s.docs.map((d) => d.data)))}`);
    if (event.kind === 'error') throw new Error(`listener ${id} failed: ${event.error.code} ${event.error.message}`);
    seen.push(event.snapshot);
    if (done(event.snapshot)) return seen;
  }
}

/** The first listener event that is not a snapshot satisfying `skip` (for errors). */
export async function nextError(client: ConformanceClient, id: string): Promise<{ code: string; message: string }> {
  for (;;) {
    const event = await client.nextEvent(id, EVENT_TIMEOUT_MS);
    if (event.kind === 'error') return event.error;
    if (event.kind === 'timeout') throw new Error(`listener ${id}: expected an error, got nothing`);
  }
}

/** Server-confirmed snapshots only (the web SDK also shows cached and pending states first). */
export const confirmed = (snapshot: SnapshotResult) => !snapshot.fromCache && !snapshot.hasPendingWrites;
