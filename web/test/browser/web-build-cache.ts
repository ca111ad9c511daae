/**
 * One production build of the web app for every browser test file of a run, instead of one per
 * file (each file starts its own stack on its own ports, and a build takes ~5 s of CPU).
 *
 * The app bakes its emulator ports and App Check debug token in at build time. So the shared
 * build is made with placeholder values no real build contains (checked: each must appear), and
 * each stack gets a copy with its own values written over them. The build lives in the temp
 * folder under a hash of everything it is made from, so a run after a source change builds
 * again and a run after none reuses it; two test files that need it at once build it once (the
 * first takes a lock folder, the other waits for the finished build).
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

/** Stand-ins for what a stack sets, each a value no build contains by itself. */
export const PLACEHOLDERS = {
  auth: '47391',
  firestore: '47392',
  storage: '47393',
  functions: '47394',
  appCheckDebugToken: '4739e4c1-0000-4000-8000-placeholder0',
} as const;

export interface StackValues {
  ports: { auth: number; firestore: number; storage: number; functions: number };
  appCheckDebugToken: string;
}

const LOCK_STALE_MS = 10 * 60_000;
const SKIPPED = new Set(['node_modules', 'dist', 'test', 'coverage', 'test-results']);

/** Every file the build reads that a change could touch: the web workspace (not its tests), the model's sources, the lockfile, and the code that builds it. */
function inputsHash(root: string): string {
  // How the build is made (test/ is skipped): a change to it builds again too.
  return hashOf(root, ['web', 'model/src'], ['package-lock.json', 'web/test/browser/local-stack.ts', 'web/test/browser/web-build-cache.ts'], JSON.stringify(PLACEHOLDERS));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The shared build's folder, built by `build(outDir)` with the placeholders if no run made it yet. */
export function sharedWebBuild(root: string, build: (outDir: string) => Promise<void>): Promise<string> {
  return buildOnce(join(tmpdir(), `encore-web-build-${inputsHash(root)}`), async (building) => {
    await build(building);
    const texts = filesOf(building).map((file) => readFileSync(file, 'utf8'));
    for (const value of Object.values(PLACEHOLDERS)) {
      if (!texts.some((text) => text.includes(value))) throw new Error(`the shared web build does not contain the placeholder ${value}: see web/test/browser/web-build-cache.ts`);
    }
  });
}

/**
 * The folder `ready`, made by `build(folder)` unless it exists: one build for every test file of a
 * run (and of later runs until an input changes, which `ready`'s name must hash). Two files that
 * need it at once build it once: the first takes a lock folder, the other waits for the finished
 * build, which appears whole (built beside it, then renamed).
 */
export async function buildOnce(ready: string, build: (outDir: string) => Promise<void>): Promise<string> {
  const lock = `${ready}.lock`;
  mkdirSync(dirname(ready), { recursive: true });
  for (;;) {
    if (existsSync(ready)) return ready;
    try {
      mkdirSync(lock);
    } catch {
      // Another test file is building it; a lock left by a killed run is taken over.
      // (The lock may be gone already: its build just finished.)
      const lockedAt = statSync(lock, { throwIfNoEntry: false })?.mtimeMs;
      if (lockedAt !== undefined && Date.now() - lockedAt > LOCK_STALE_MS) rmSync(lock, { recursive: true, force: true });
      await sleep(250);
      continue;
    }
    try {
      // Another file may have finished it between the check above and taking the lock.
      if (existsSync(ready)) return ready;
      const building = `${ready}.building-${process.pid}`;
      rmSync(building, { recursive: true, force: true });
      await build(building);
      renameSync(building, ready);
      return ready;
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** A hash of every file under `dirs` (recursively, skipping SKIPPED and dot-names), of `files` (paths relative to `root`) and of `extra`. */
export function hashOf(root: string, dirs: string[], files: string[], extra = ''): string {
  const hash = createHash('sha256');
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      if (SKIPPED.has(name) || name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else hash.update(relative(root, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  for (const file of files) hash.update(file).update('\0').update(readFileSync(join(root, file))).update('\0');
  hash.update(extra);
  return hash.digest('hex').slice(0, 16);
}

/** The text files a value may be baked into (not source maps, images or fonts). */
function filesOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => /\.(?:m?js|html|json|webmanifest)$/.test(path) && statSync(path).isFile());
}

/** A copy of the shared build in `outDir` with this stack's ports and token. */
export function copyForStack(shared: string, outDir: string, values: StackValues): void {
  cpSync(shared, outDir, { recursive: true });
  const replacements: Array<[string, string]> = [
    [PLACEHOLDERS.auth, String(values.ports.auth)],
    [PLACEHOLDERS.firestore, String(values.ports.firestore)],
    [PLACEHOLDERS.storage, String(values.ports.storage)],
    [PLACEHOLDERS.functions, String(values.ports.functions)],
    [PLACEHOLDERS.appCheckDebugToken, values.appCheckDebugToken],
  ];
  for (const file of filesOf(outDir)) {
    const text = readFileSync(file, 'utf8');
    const replaced = replacements.reduce((result, [placeholder, value]) => result.replaceAll(placeholder, value), text);
    if (replaced !== text) writeFileSync(file, replaced);
  }
}
