import { importWithRetry } from './lazy-page';
import { yieldToMain } from './yield-to-main';

/**
 * The Firestore SDK, then zod, then the model's shared schemas, each evaluated in a task of its
 * own, once per page load.
 *
 * Everything that reads or writes data after the first paint (the programme's follower and
 * the live counts, messaging, favourites) imports code that needs both. Imported together,
 * the browser evaluates every module of that graph in one task when the last chunk arrives:
 * on a first visit that was one task of ~440 ms under Lighthouse's 4x CPU slowdown (the SDK,
 * zod and the model's schemas at once), the longest of the visit. Each caller awaits this
 * first, so its own import evaluates only its own modules (web/README.md, "The first page").
 * Retried once, as route chunks are.
 */
let loading: Promise<void> | undefined;

export function loadDataSdk(): Promise<void> {
  loading ??= importWithRetry(async () => {
    await import('../firebase/firestore');
    await yieldToMain();
    await import('./zod-ready');
    await yieldToMain();
    await import('./schemas-ready');
    await yieldToMain();
  });
  return loading;
}

/** The last caller's turn: each import starts once the one before it was evaluated. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * `load` (a chunk that needs the SDK or zod) once they are evaluated, in a task of its own;
 * retried once, as route chunks are. The callers take turns, in the order they asked: started
 * together, their imports (Vite's loader adds a `<link rel="modulepreload">` per chunk each
 * needs) arrived together and the browser evaluated them, with the model's schemas each needs
 * (zod builds every schema as its module runs), in one task of ~110 ms under Lighthouse's 4x
 * CPU slowdown on a first visit; one at a time, each caller's graph is a task of its own. The
 * module is handed over a task after its evaluation, so what the caller starts with it (a
 * listener: the SDK's instance, its IndexedDB) is not added to the task that evaluated it.
 */
export function importAfterDataSdk<T>(load: () => Promise<T>): Promise<T> {
  const turn = queue
    .then(loadDataSdk)
    .then(yieldToMain)
    .then(() => importWithRetry(load))
    .then(async (module) => {
      await yieldToMain();
      return module;
    });
  // A failed import is its caller's to handle; the next caller still gets its turn.
  queue = turn.catch(() => undefined);
  return turn;
}
