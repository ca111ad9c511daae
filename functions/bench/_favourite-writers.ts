/**
 * The visitors of the favourites bench, in a process of their own, as many phones would send
 * their writes: one Commit per distinct visitor, the app's own (`_app-commits.ts`: the
 * favourite and the visitor's toggle limit in one batch, both timed by the server), signed in
 * as that visitor (an emulator ID token), so the security rules judge every write as in
 * production. A bounded number in flight. The client's CPU is the load, not the stack under
 * test; in the bench's own process it took the emulators' event loop and CPU. The parent
 * (`favourites.ts`) starts this with `startFavouriteWriters`, which waits until the client is
 * up, and asks for bursts over IPC. The leading underscore keeps `npm run bench` from running
 * this file as a benchmark.
 *
 * Three clients (`BENCH_WRITERS`), each one Firestore `Commit` RPC per favourite over gRPC,
 * the request the web SDK's batch sends (`commitWrites`), encoded with the descriptor
 * @google-cloud/firestore ships (the emulator decodes with the same one):
 * - `http2` (the default): gRPC's framing by hand over one Node HTTP/2 session, 0.2-0.5 ms of
 *   the client's CPU a favourite on the shared 2-core box.
 * - `grpc`: @grpc/grpc-js, 0.6-1.0 ms (its call stack: interceptors, call credentials, load
 *   balancing, metadata copies).
 * - `admin`: firebase-admin, the same two writes in one batch, 1.4-1.8 ms (tracing spans, its
 *   serializer, google-gax and retries). It signs in as the project's owner, so the rules do
 *   not judge its writes: a comparison of clients, not the app's path.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commitWrites, emulatorIdToken, favouriteCommit } from './_app-commits.js';

interface Burst {
  count: number;
  prefix: string;
  /** Closed loop: this many visitors, each writing again once its write is acknowledged. Paced: the most in flight at once. */
  inFlight: number;
  /**
   * Open loop: a write started every 1/ratePerSecond s whatever the stack's answers, as a crowd
   * of phones that do not wait on each other (up to `inFlight` in flight); absent, closed loop.
   */
  ratePerSecond?: number;
  festivalId: string;
  performanceId: string;
}

type FromWriters = { ready: true } | { done: true } | { failed: string };

export type WritersClient = 'http2' | 'grpc' | 'admin';
export const WRITERS_CLIENT: WritersClient = process.env.BENCH_WRITERS === 'admin' || process.env.BENCH_WRITERS === 'grpc' ? process.env.BENCH_WRITERS : 'http2';

/** What each client is, for the bench's output. */
export const WRITERS_DESCRIPTION: Record<WritersClient, string> = {
  http2: "one gRPC Commit per visitor (the app's: favourite + toggle limit, through the rules), framed over one HTTP/2 session",
  grpc: "one gRPC Commit per visitor (the app's: favourite + toggle limit, through the rules), from @grpc/grpc-js",
  admin: "firebase-admin, the app's two writes in one batch per visitor (as the owner: the rules do not judge them)",
};

/** Writes one favourite of visitor `uid`; resolves once the Commit is acknowledged. */
type WriteFavourite = (uid: string, festivalId: string, performanceId: string) => Promise<void>;

export interface FavouriteWriters {
  pid: number;
  /** Writes `count` favourites of distinct visitors `${prefix}-${n}`; resolves once every write is acknowledged. */
  write(burst: Burst): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the writers' process against the Firestore emulator at `firestoreHost` (`host:port`). */
export async function startFavouriteWriters(projectId: string, firestoreHost: string): Promise<FavouriteWriters> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--conditions=encore-source', '--import', 'tsx'],
    env: { ...process.env, FIRESTORE_EMULATOR_HOST: firestoreHost, ENCORE_WRITERS_PROJECT: projectId },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const next = () =>
    new Promise<FromWriters>((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`the favourite writers exited (code ${code})`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as FromWriters);
      });
    });
  const answer = async (): Promise<void> => {
    const message = await next();
    if ('failed' in message) throw new Error(`favourite writers: ${message.failed}`);
  };
  await answer();
  return {
    pid: child.pid!,
    async write(burst) {
      const done = answer();
      child.send(burst);
      await done;
    },
    stop: () => stopChild(child),
  };
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.disconnect();
  await exited;
}

async function adminWriter(projectId: string): Promise<WriteFavourite> {
  const { initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const { FieldValue } = await import('firebase-admin/firestore');
  const db = getFirestore(initializeApp({ projectId }));
  return async (uid, festivalId, performanceId) => {
    const batch = db.batch();
    for (const { path, kind, fields } of favouriteCommit(uid, festivalId, performanceId)) {
      const data = Object.fromEntries(
        Object.entries(fields).map(([name, value]) => [name, typeof value !== 'object' ? value : 'serverTime' in value ? FieldValue.serverTimestamp() : FieldValue.increment(value.increment)]),
      );
      if (kind === 'set') batch.set(db.doc(path), data);
      else batch.update(db.doc(path), data);
    }
    await batch.commit();
  };
}

/** Firestore's v1 messages, from the descriptor @google-cloud/firestore ships (what firebase-admin encodes with). */
async function firestoreProtos() {
  const { default: protobuf } = await import('protobufjs');
  const require = createRequire(import.meta.url);
  const descriptor = join(dirname(require.resolve('@google-cloud/firestore')), '..', 'protos', 'v1.json');
  return protobuf.Root.fromJSON(require(descriptor) as protobuf.INamespace);
}

/** The CommitRequest the web SDK sends for a visitor's favourite (the app's batch: `favouriteCommit`). */
function favouriteCommitRequest(database: string, uid: string, festivalId: string, performanceId: string) {
  return { database, writes: commitWrites(database, favouriteCommit(uid, festivalId, performanceId)) };
}

async function grpcWriter(projectId: string, host: string): Promise<WriteFavourite> {
  const grpc = await import('@grpc/grpc-js');
  const root = await firestoreProtos();
  const commitRequest = root.lookupType('google.firestore.v1.CommitRequest');
  const commitResponse = root.lookupType('google.firestore.v1.CommitResponse');
  const client = new grpc.Client(host, grpc.credentials.createInsecure());
  const database = `projects/${projectId}/databases/(default)`;
  // As the web SDK talks to an emulator: the visitor's ID token (the rules judge the write), the database as the resource prefix.
  const metadataOf = (uid: string) => {
    const metadata = new grpc.Metadata();
    metadata.set('authorization', `Bearer ${emulatorIdToken(projectId, uid)}`);
    metadata.set('google-cloud-resource-prefix', database);
    return metadata;
  };
  const serialize = (request: object) => Buffer.from(commitRequest.encode(commitRequest.fromObject(request)).finish());
  const deserialize = (bytes: Buffer) => commitResponse.decode(bytes);
  return (uid, festivalId, performanceId) => {
    const request = favouriteCommitRequest(database, uid, festivalId, performanceId);
    return new Promise<void>((resolve, reject) => {
      client.makeUnaryRequest('/google.firestore.v1.Firestore/Commit', serialize, deserialize, request, metadataOf(uid), (error) => (error ? reject(error) : resolve()));
    });
  };
}

/**
 * The same Commit as `grpcWriter`, framed by hand over one Node HTTP/2 session: gRPC's wire
 * format is a POST with `content-type: application/grpc`, the message behind a 5-byte prefix
 * (not compressed, its length), and `grpc-status` in the trailers. What the emulator receives
 * is the same; the client skips grpc-js's call stack (interceptors, call credentials,
 * load balancing, metadata copies), most of the load's CPU with grpc-js.
 */
async function http2Writer(projectId: string, host: string): Promise<WriteFavourite> {
  const { connect } = await import('node:http2');
  const commitRequest = (await firestoreProtos()).lookupType('google.firestore.v1.CommitRequest');
  const database = `projects/${projectId}/databases/(default)`;
  const session = connect(`http://${host}`);
  session.on('error', () => undefined); // each call fails on its own stream
  session.unref();
  const headers = {
    ':method': 'POST',
    ':path': '/google.firestore.v1.Firestore/Commit',
    'content-type': 'application/grpc',
    te: 'trailers',
    'google-cloud-resource-prefix': database,
  };
  return (uid, festivalId, performanceId) => {
    const message = commitRequest.encode(favouriteCommitRequest(database, uid, festivalId, performanceId)).finish();
    const frame = Buffer.allocUnsafe(5 + message.length);
    frame.writeUInt8(0, 0);
    frame.writeUInt32BE(message.length, 1);
    frame.set(message, 5);
    return new Promise<void>((resolve, reject) => {
      // As the web SDK talks to an emulator: the visitor's ID token, so the rules judge the write.
      const stream = session.request({ ...headers, authorization: `Bearer ${emulatorIdToken(projectId, uid)}` });
      let status: string | undefined;
      let detail = '';
      stream.on('response', (response) => {
        // A call refused before any message ends in the headers alone (trailers-only).
        if (response['grpc-status'] !== undefined) {
          status = String(response['grpc-status']);
          detail = decodeURIComponent(String(response['grpc-message'] ?? ''));
        }
      });
      stream.on('trailers', (trailers) => {
        status = String(trailers['grpc-status']);
        detail = decodeURIComponent(String(trailers['grpc-message'] ?? ''));
      });
      stream.on('data', () => undefined); // the CommitResponse: its write time is not needed
      stream.on('error', reject);
      stream.on('close', () => (status === '0' ? resolve() : reject(new Error(`Commit failed: grpc-status ${status ?? 'none'} ${detail}`))));
      stream.end(frame);
    });
  };
}

/**
 * Starts write n at n/rate seconds after the first (the timer's millisecond at the finest), at
 * most `cap` in flight; resolves once every write is acknowledged, rejects on the first failure.
 */
async function paced(count: number, rate: number, cap: number, write: (n: number) => Promise<void>): Promise<void> {
  const started = performance.now();
  const writes: Array<Promise<void>> = [];
  let issued = 0;
  let inFlight = 0;
  let failure: unknown = null;
  while (issued < count && failure === null) {
    const due = Math.min(count, Math.floor(((performance.now() - started) / 1000) * rate) + 1);
    while (issued < due && inFlight < cap) {
      inFlight += 1;
      writes.push(
        write(issued++).then(
          () => void (inFlight -= 1),
          (error: unknown) => void ((inFlight -= 1), (failure ??= error)),
        ),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(writes);
  if (failure !== null) throw failure;
}

async function serveBursts(): Promise<void> {
  const projectId = process.env.ENCORE_WRITERS_PROJECT!;
  const host = process.env.FIRESTORE_EMULATOR_HOST!;
  const writeFavourite = WRITERS_CLIENT === 'admin' ? await adminWriter(projectId) : WRITERS_CLIENT === 'grpc' ? await grpcWriter(projectId, host) : await http2Writer(projectId, host);
  const send = (message: FromWriters) => process.send!(message);
  process.on('message', (message: Burst) => {
    void (async () => {
      const write = (n: number) => writeFavourite(`${message.prefix}-${n}`, message.festivalId, message.performanceId);
      if (message.ratePerSecond) {
        await paced(message.count, message.ratePerSecond, message.inFlight, write);
        return;
      }
      let next = 0;
      const writer = async () => {
        while (next < message.count) await write(next++);
      };
      await Promise.all(Array.from({ length: message.inFlight }, writer));
    })().then(
      () => send({ done: true }),
      (error: unknown) => send({ failed: error instanceof Error ? error.message : String(error) }),
    );
  });
  // The parent disconnecting is the signal to stop.
  process.on('disconnect', () => process.exit(0));
  send({ ready: true });
}

if (process.send && process.env.ENCORE_WRITERS_PROJECT) await serveBursts();
