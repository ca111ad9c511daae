/**
 * Reload-on-rebuild: a build rewrites many files in a burst, so changes are debounced
 * and the callback runs once the folder has been quiet for a moment.
 */
import { watch } from 'node:fs';

const QUIET_MS = 300;

/** Watches `dir` recursively; returns a function that stops watching. */
export function watchForRebuilds(dir: string, onRebuilt: () => void): () => void {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(dir, { recursive: true }, () => {
    clearTimeout(timer);
    timer = setTimeout(onRebuilt, QUIET_MS);
  });
  watcher.on('error', (error) => console.error(`[functions-runner] watching ${dir} failed:`, error));
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
