/**
 * The app's own bytes, from the production build (web/dist/app, built first when it is missing
 * or older than any of the web app's sources, so a rerun after a change measures the change):
 * what a new device downloads from Hosting on its first visit (the service worker's precache
 * list, which vite-plugin-pwa injects into sw.js, plus sw.js itself), and what an update
 * downloads (the precached files whose name carries no content hash, which every release
 * re-fetches when their revision changes, plus sw.js, plus the hashed chunks a release changes:
 * a share of the rest, assumed by the caller). Each text file is counted as Hosting sends it:
 * "the smallest-sized file of identity, gzip and brotli, of whatever your browser supports"
 * (a Firebase Hosting engineer, firebase-tools issue #4119, 2022; every browser the app supports
 * accepts brotli over HTTPS). Hosting's compression levels are not published: gzip at level 9 and
 * brotli at quality 5 are assumed (a server's on-the-fly level; quality 11 would be about 7%
 * smaller again). Images and fonts as they are.
 * The leading underscore keeps `npm run bench` from running this file as a benchmark.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(REPO, 'web/dist/app');

export interface AppBytes {
  /** Files in the precache list, and their bytes on the wire. */
  precachedFiles: number;
  precachedBytes: number;
  /** The service worker script itself (fetched by every visit's update check; a 304 when unchanged). */
  serviceWorkerBytes: number;
  /** Precached files without a content hash in their name (re-fetched whenever a release changes them). */
  unhashedBytes: number;
  /** Precached files with a content hash (fetched again only when their content changed). */
  hashedBytes: number;
  /** Whether this run built web/dist (it was missing). */
  built: boolean;
}

/** Brotli's quality assumed for Hosting (see above). */
const BROTLI_QUALITY = 5;

const wireBytes = (path: string) => {
  const bytes = readFileSync(path);
  if (!/\.(js|css|html|svg|webmanifest|json|txt)$/.test(path)) return bytes.byteLength;
  const brotli = brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength } }).byteLength;
  return Math.min(bytes.byteLength, gzipSync(bytes, { level: 9 }).byteLength, brotli);
};

/** The newest modification time (ms) of the files under `path`. */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** What the web build is made from: a change to any of them makes web/dist stale. */
const WEB_SOURCES = ['web/src', 'web/public', 'web/vite', 'web/index.html', 'web/vite.config.ts', 'web/package.json', 'model/src'];

/** Reads web/dist/app, building it first (`npm run build -w @encore/web`) when there is none or it is older than its sources. */
export function appBytes(): AppBytes {
  let built = false;
  const worker = join(DIST, 'sw.js');
  if (!existsSync(worker) || statSync(worker).mtimeMs < Math.max(...WEB_SOURCES.map((source) => newest(join(REPO, source))))) {
    const build = spawnSync('npm', ['run', 'build', '-w', '@encore/web'], { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`building web/dist for the app's bytes failed:\n${build.stderr.slice(-4000)}`);
    built = true;
  }
  const script = readFileSync(worker, 'utf8');
  // Workbox's entries, minified either way round: {url:"…",revision:"…"|null} or {revision:…,url:"…"}.
  const urls = [...script.matchAll(/\{\s*(?:"?revision"?\s*:\s*(?:null|"[^"]*")\s*,\s*)?"?url"?\s*:\s*"([^"]+)"/g)].map((match) => match[1]!);
  if (urls.length === 0) throw new Error('web/dist/app/sw.js has no precache list the bill can read');
  let hashedBytes = 0;
  let unhashedBytes = 0;
  for (const url of new Set(urls)) {
    const bytes = wireBytes(join(DIST, url));
    // Vite's hashed names: name-[8+ chars of base64url].ext
    if (/-[\w-]{8,}\.\w+$/.test(url)) hashedBytes += bytes;
    else unhashedBytes += bytes;
  }
  return { precachedFiles: new Set(urls).size, precachedBytes: hashedBytes + unhashedBytes, serviceWorkerBytes: wireBytes(join(DIST, 'sw.js')), unhashedBytes, hashedBytes, built };
}
