import { importWithRetry } from './lazy-page';
import { yieldToMain } from './yield-to-main';

/**
 * The Firestore SDK, then zod, each evaluated in a task of its own, once per page load.
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
  });
  return loading;
}

/**
 * `load` (a chunk that needs the SDK or zod) once they are evaluated, in a task of its own;
 * retried once, as route chunks are. The callers all wait for the same moment: started
 * together, their imports (Vite's loader adds a `<link rel="modulepreload">` per chunk each
 * needs) made one task of ~30 ms unthrottled on a first visit. The module is handed over a
 * task after its evaluation, so what the caller starts with it (a listener: the SDK's
 * instance, its IndexedDB) is not added to the task that evaluated its schemas (~80 ms).
 */
export function importAfterDataSdk<T>(load: () => Promise<T>): Promise<T> {
  return loadDataSdk()
    .then(yieldToMain)
    .then(() => importWithRetry(load))
    .then(async (module) => {
      await yieldToMain();
      return module;
    });
}
