/**
 * `npm run bench` (root) or `npm run bench -w web`: builds the app for production and
 * measures the JavaScript a first visit to the programme page downloads before it can
 * render: the entry chunk, the programme route chunk and every chunk they import
 * statically, gzipped (level 9), side by side with all of the app's JavaScript.
 * Exits 1 when the programme page is over its 250 KB budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const BUDGET_BYTES = 250 * 1024;
const WEB = new URL('..', import.meta.url).pathname;
const DIST = join(WEB, 'dist/app');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

process.env.NODE_ENV = 'production';
await build({ root: WEB, mode: 'production', logLevel: 'error' });
const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
const routeKey = Object.keys(manifest).find((key) => key.endsWith('features/programme/ProgrammePage.tsx'));
if (!entryKey || !routeKey) throw new Error('the build manifest has no entry or no programme route chunk');

/** A chunk and everything it imports statically, transitively: what loads with it. */
function withStaticImports(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]!.imports ?? []) withStaticImports(imported, seen);
  return seen;
}

const gzipped = (file: string) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const initial = [...new Set([...withStaticImports(entryKey), ...withStaticImports(routeKey)])]
  .map((key) => ({ file: manifest[key]!.file, bytes: gzipped(manifest[key]!.file) }))
  .sort((a, b) => b.bytes - a.bytes);
const initialBytes = initial.reduce((sum, chunk) => sum + chunk.bytes, 0);
const everyFile = [...new Set(Object.values(manifest).map((chunk) => chunk.file))].filter((file) => file.endsWith('.js'));
const allBytes = everyFile.reduce((sum, file) => sum + gzipped(file), 0);

console.log('web: programme page, initial JavaScript (gzip -9)');
for (const chunk of initial.filter((c) => c.bytes >= 1024)) console.log(`  ${kb(chunk.bytes).padStart(9)}  ${chunk.file}`);
console.log(`  ${kb(initial.filter((c) => c.bytes < 1024).reduce((sum, c) => sum + c.bytes, 0)).padStart(9)}  ${initial.filter((c) => c.bytes < 1024).length} smaller chunks`);
console.log(`web: programme page initial JS ${kb(initialBytes)} of a ${kb(BUDGET_BYTES)} budget (${((initialBytes / BUDGET_BYTES) * 100).toFixed(0)}%)`);
console.log(`web: whole app JS ${kb(allBytes)} in ${everyFile.length} chunks; programme page loads ${((initialBytes / allBytes) * 100).toFixed(0)}% of it (ratio ${(initialBytes / allBytes).toFixed(2)})`);
// The venue map (react-zoom-pan-pinch and the plan) is its own route chunk: what a first visit to /map loads.
const mapKey = Object.keys(manifest).find((key) => key.endsWith('features/venue/VenueMapPage.tsx'));
if (mapKey) {
  const mapBytes = [...new Set([...withStaticImports(entryKey), ...withStaticImports(mapKey)])].reduce((sum, key) => sum + gzipped(manifest[key]!.file), 0);
  console.log(`web: map page initial JS ${kb(mapBytes)}, ${kb(mapBytes - initialBytes)} more than the programme page's (ratio ${(mapBytes / initialBytes).toFixed(2)}; the zoomable plan)`);
}
if (initialBytes > BUDGET_BYTES) {
  console.error(`web: over budget by ${kb(initialBytes - BUDGET_BYTES)}`);
  process.exit(1);
}
