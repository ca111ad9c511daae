/**
 * The visitors of the favourites bench, in a process of their own: firebase-admin writes of
 * favourite documents, a bounded number in flight, as many phones would send them. The
 * SDK client's CPU (gRPC calls, tracing spans, protobuf) is the load, not the stack under
 * test; in the bench's own process it took the emulators' event loop and CPU. The parent
 * (`favourites.ts`) starts this with `startFavouriteWriters`, which waits until the client
 * is up, and asks for bursts over IPC. The leading underscore keeps `npm run bench` from
 * running this file as a benchmark.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { firestorePaths } from '@encore/model';

interface Burst {
  count: number;
  prefix: string;
  inFlight: number;
  festivalId: string;
  performanceId: string;
}

type FromWriters = { ready: true } | { done: true } | { failed: string };

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

async function serveBursts(): Promise<void> {
  const { initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  const db = getFirestore(initializeApp({ projectId: process.env.ENCORE_WRITERS_PROJECT! }));
  const send = (message: FromWriters) => process.send!(message);
  process.on('message', (message: Burst) => {
    void (async () => {
      let next = 0;
      const writer = async () => {
        while (next < message.count) {
          const uid = `${message.prefix}-${next++}`;
          await db.doc(firestorePaths.favorite(uid, message.performanceId)).set({ festivalId: message.festivalId, performanceId: message.performanceId, createdAt: new Date() });
        }
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
