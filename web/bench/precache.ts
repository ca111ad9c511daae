/**
 * `npm run bench -- precache`: what the service worker downloads on every new device (its
 * precache), against what it downloaded when it precached every file of the build. The
 * production build is made in a temporary folder; the precache is the list injected into its
 * sw.js (vite/service-worker-plugin.ts, vite/first-offline-use.ts), "before" is every file the
 * plugin's glob took before the selection (which now also takes the shell's font). Bytes are gzipped at level 9, as Hosting would
 * serve them compressed (issue 38 counted 158 files, 754 KB before the selection).
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { report, runInQuietChild } from './support/quiet-child.ts';

const WEB = new URL('..', import.meta.url).pathname;
/** What the worker precached before the selection: every file of these kinds but sw.js and index.html (the font was not among them). */
const GLOBBED = /\.(js|css|html|svg|png|webmanifest)$/;
const IGNORED = new Set(['sw.js', 'index.html']);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function filesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name.startsWith('.')) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesOf(path) : [path];
  });
}

/** The URLs of the precache list injected into a built sw.js (JSON objects: `{"revision":…,"url":"assets/…"}`). */
function precachedUrls(sw: string): string[] {
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
}

async function measure(): Promise<{ overBudget: boolean }> {
  const { build } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'encore-precache-'));
  // vitest or a shell may set NODE_ENV otherwise, which would make Vite build with development flags.
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: WEB, mode: 'production', logLevel: 'error', build: { outDir, emptyOutDir: true } });
    const gzipped = (file: string) => gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    const every = filesOf(outDir)
      .map((path) => relative(outDir, path))
      .filter((file) => GLOBBED.test(file) && !IGNORED.has(file));
    const precached = precachedUrls(readFileSync(join(outDir, 'sw.js'), 'utf8'));
    if (precached.length === 0) throw new Error('no precache list found in sw.js');
    const sum = (files: readonly string[]) => files.reduce((total, file) => total + gzipped(file), 0);
    const before = sum(every);
    const after = sum(precached);
    report(`web: service worker precache, downloaded by every new device (gzip -9)`);
    report(`  every file of the build (before): ${String(every.length).padStart(4)} files ${kb(before).padStart(10)}`);
    report(`  first offline use (precached):    ${String(precached.length).padStart(4)} files ${kb(after).padStart(10)}  (${((after / before) * 100).toFixed(0)}% of the bytes)`);
    const onUse = every.filter((file) => !precached.includes(file));
    report(`  kept when first used instead:     ${String(onUse.length).padStart(4)} files ${kb(sum(onUse)).padStart(10)}`);
    return { overBudget: false };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

await runInQuietChild(import.meta.url, measure);
