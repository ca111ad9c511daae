/**
 * Rules that follow a file on disk (`firestore.rules`, `storage.rules`): read at start and
 * again whenever the file changes. A version that does not parse is reported with its line
 * and column and ignored, so the last good rules stay in force while someone is typing.
 */
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';

export interface RulesFileWatch {
  close(): void;
}

export interface WatchRulesFileOptions {
  /** Applies a source; throws (RulesParseError) to refuse it. */
  apply: (source: string) => void;
  /** Where refusals and reloads are reported; console by default. */
  log?: (message: string) => void;
  /** Quiet time after the last change event before reading (editors write in several steps). */
  debounceMs?: number;
  /** The log lines' tag and what the file holds ("rules" by default; "indexes" for firestore.indexes.json). */
  label?: string;
}

/** Applies the file's current content now (throwing if it is refused), then on every change. */
export async function watchRulesFile(path: string, options: WatchRulesFileOptions): Promise<RulesFileWatch> {
  const file = resolve(path);
  const log = options.log ?? ((message: string) => console.warn(message));
  const label = options.label ?? 'rules';
  let applied = await readFile(file, 'utf8');
  options.apply(applied);

  let timer: NodeJS.Timeout | undefined;
  let pending: Promise<void> = Promise.resolve();
  const reload = async (): Promise<void> => {
    let source: string;
    try {
      source = await readFile(file, 'utf8');
    } catch {
      return; // Mid-replace (deleted, not yet renamed back): the next event brings the new file.
    }
    if (source === applied) return;
    try {
      options.apply(source);
      applied = source;
      log(`[${label}] reloaded ${file}`);
    } catch (error) {
      log(`[${label}] ${file} refused, previous ${label} stay in force: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  // The directory is watched, not the file: editors and `git checkout` replace files by rename.
  const watcher: FSWatcher = watch(dirname(file), (_event, name) => {
    if (name !== null && name !== basename(file)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      pending = pending.then(reload);
    }, options.debounceMs ?? 50);
  });
  return {
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}
