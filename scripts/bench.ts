/**
 * `npm run bench`: runs every benchmark of the repo, one after another so they do not
 * compete for the two cores, and prints their figures. Each workspace keeps its own
 * benchmarks in `<workspace>/bench/*.ts`; each prints its own lines (figures and the
 * ratios it measured side by side in the same run). `npm run bench -- storage` runs
 * only the files whose path contains "storage".
 *
 * Every bench runs from the sources, as `npm start` does: Node's `encore-source` export
 * condition resolves `@encore/model` and `@encore/emulators` to their TypeScript (run by
 * tsx), so a fresh clone needs no `npm run build` first (their `dist/` is not in git). The
 * benches that start children of their own pass the same flags on.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const filters = process.argv.slice(2);
const workspaces = ['emulators', 'functions', 'web'];
const FROM_SOURCES = ['--conditions=encore-source', '--import', 'tsx'];

const files = workspaces.flatMap((workspace) => {
  const dir = join(root, workspace, 'bench');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.startsWith('_'))
    .sort()
    .map((name) => join(workspace, 'bench', name));
}).filter((file) => filters.length === 0 || filters.some((filter) => file.includes(filter)));

if (files.length === 0) {
  console.error('bench: no benchmark matched');
  process.exit(1);
}

let failed = 0;
for (const file of files) {
  console.log(`\n== ${file}`);
  const started = Date.now();
  const result = spawnSync(process.execPath, [...FROM_SOURCES, file], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    failed += 1;
    console.log(`!! ${file} failed (exit ${result.status ?? result.signal})`);
  }
  console.log(`   (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
process.exit(failed === 0 ? 0 : 1);
