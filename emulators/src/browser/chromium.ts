/**
 * The one Chromium every browser harness launches (emulators/test/browser, web/test/browser),
 * through playwright-core, never a browser downloaded at install or run time:
 *
 *   1. `CHROMIUM_PATH`, when set;
 *   2. Debian's `/usr/bin/chromium`, when present (CI installs it);
 *   3. otherwise the Linux x64 Chromium inside the npm package `@sparticuz/chromium`
 *      (brotli files in the package, unpacked once per version into the temp folder).
 *
 * So `npm install && npm test` needs no `apt-get` on Linux x64.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Headless, no sandbox (containers, root), nothing that phones home. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface ResolvedChromium {
  executablePath: string;
  source: 'CHROMIUM_PATH' | 'debian' | 'npm';
  /** Environment the browser needs (the npm build's own libraries when the system lacks some). */
  env?: Record<string, string>;
}

export interface ResolveOptions {
  /** Default: process.env.CHROMIUM_PATH. */
  chromiumPath?: string | undefined;
  /** Default: /usr/bin/chromium; tests of the fallback point it at nothing. */
  debianPath?: string;
}

export async function resolveChromium(options: ResolveOptions = {}): Promise<ResolvedChromium> {
  const fromEnv = 'chromiumPath' in options ? options.chromiumPath : process.env.CHROMIUM_PATH;
  if (fromEnv) return { executablePath: fromEnv, source: 'CHROMIUM_PATH' };
  const debian = options.debianPath ?? DEBIAN_CHROMIUM;
  if (existsSync(debian)) return { executablePath: debian, source: 'debian' };
  return npmChromium();
}

/** Launches the resolved Chromium headless with Encore's flags. */
export async function launchChromium(options: ResolveOptions & { launch?: LaunchOptions } = {}): Promise<Browser> {
  const resolved = await resolveChromium(options);
  return chromium.launch({
    executablePath: resolved.executablePath,
    headless: true,
    args: CHROMIUM_ARGS,
    ...(resolved.env ? { env: { ...process.env, ...resolved.env } } : {}),
    ...options.launch,
  });
}

const require = createRequire(import.meta.url);

/**
 * Unpacks @sparticuz/chromium's browser into `{tmp}/encore-chromium-{version}/` (once: a
 * second call finds it there). Unpacked into a folder of its own and renamed into place, so
 * test files resolving at the same time never see half a browser, and another project's
 * copy in the shared temp folder (the package's default place) is never mistaken for ours.
 */
async function npmChromium(): Promise<ResolvedChromium> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`No Chromium: ${DEBIAN_CHROMIUM} is missing and the npm fallback (@sparticuz/chromium) is Linux x64 only; set CHROMIUM_PATH to a Chromium or Chrome`);
  }
  // The package root, from its entry point (build/{cjs,esm}/index.*): its exports do not include package.json.
  const entry = require.resolve('@sparticuz/chromium');
  const root = entry.slice(0, entry.lastIndexOf(`${sep}build${sep}`));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const bin = join(root, 'bin');
  const home = join(tmpdir(), `encore-chromium-${version}`);
  const executablePath = join(home, 'chromium');
  if (!existsSync(executablePath)) {
    const staging = mkdtempSync(`${home}.unpacking-`);
    try {
      // The package unpacks into the temp folder it is given: ours, for the length of this call.
      const { default: Chromium } = (await import('@sparticuz/chromium')) as { default: { executablePath(input?: string): Promise<string> } };
      const savedTmpdir = process.env.TMPDIR;
      process.env.TMPDIR = staging;
      try {
        await Chromium.executablePath(bin);
      } finally {
        if (savedTmpdir === undefined) delete process.env.TMPDIR;
        else process.env.TMPDIR = savedTmpdir;
      }
      try {
        renameSync(staging, home);
      } catch (error) {
        // Another process put its copy in place first: use that one.
        if (!existsSync(executablePath)) throw error;
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
  }
  const env = { FONTCONFIG_PATH: join(home, 'fonts') };
  const missing = missingLibraries(executablePath, {});
  if (missing.length === 0) return { executablePath, source: 'npm', env };
  // A system without Chromium's libraries (no Debian chromium installed): the package carries them too.
  const libraries = join(home, 'al2023', 'lib');
  if (!existsSync(libraries)) await untarBrotli(join(bin, 'al2023.tar.br'), join(home, 'al2023'));
  const withLibraries = { ...env, LD_LIBRARY_PATH: [libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':') };
  const stillMissing = missingLibraries(executablePath, withLibraries);
  if (stillMissing.length > 0) throw new Error(`The npm Chromium (${executablePath}) lacks system libraries: ${stillMissing.join(', ')}; install them, or Debian's chromium`);
  return { executablePath, source: 'npm', env: withLibraries };
}

/** Shared libraries `ldd` cannot find for `executable`. */
function missingLibraries(executable: string, env: Record<string, string>): string[] {
  const result = spawnSync('ldd', [executable], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.error) return [];
  return result.stdout
    .split('\n')
    .filter((line) => line.includes('not found'))
    .map((line) => line.trim().split(/\s+/)[0]!);
}

/** `file.tar.br` into `dir`, through the system's tar. */
async function untarBrotli(file: string, dir: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const tar = spawn('tar', ['-x', '-C', dir], { stdio: ['pipe', 'ignore', 'inherit'] });
  const exited = new Promise<number | null>((resolve) => tar.once('exit', resolve));
  await pipeline(createReadStream(file), createBrotliDecompress(), tar.stdin);
  const code = await exited;
  if (code !== 0) throw new Error(`tar could not unpack ${file} (exit ${code})`);
}
