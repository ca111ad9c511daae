// @vitest-environment node
/**
 * `firebase deploy` serves what `npm run build -w web` writes: the hosting folder in
 * firebase.json is Vite's output folder, and the SPA rewrite and cache headers are there.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import viteConfig from '../vite.config';

const ROOT = new URL('../../', import.meta.url).pathname;
const firebaseJson = JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as {
  hosting: {
    public: string;
    ignore: string[];
    rewrites: Array<{ source?: string; regex?: string; destination?: string; function?: { functionId: string; region: string } }>;
    headers: Array<{ source?: string; regex?: string; headers: Array<{ key: string; value: string }> }>;
  };
};

/** Firebase Hosting's globs as far as this config uses them: `**` any path, `*` one segment. */
function globToRegExp(glob: string): RegExp {
  const pattern = glob
    .replace(/^\/?/, '/')
    .split(/(\*\*\/?|\*)/)
    .map((part) => (part.startsWith('**') ? '(?:.*/)?' + (part.endsWith('/') ? '' : '.*') : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}$`);
}

/** A rule's `source` glob or `regex` (RE2 in Hosting; the patterns here mean the same in JavaScript). */
const matcherOf = (rule: { source?: string; regex?: string }) => (rule.regex !== undefined ? new RegExp(rule.regex) : globToRegExp(rule.source!));

/** The rewrite Hosting applies to a request path: the first that matches. */
function rewriteOf(path: string) {
  return firebaseJson.hosting.rewrites.find((rule) => matcherOf(rule).test(path));
}

/**
 * The Cache-Control a request path gets. Headers match the requested path (not the rewrite's
 * destination), and when several rules set the same header the last one wins.
 */
function cacheControlOf(path: string): string | undefined {
  let value: string | undefined;
  for (const rule of firebaseJson.hosting.headers) {
    if (!matcherOf(rule).test(path)) continue;
    value = rule.headers.find((header) => header.key.toLowerCase() === 'cache-control')?.value ?? value;
  }
  return value;
}

describe('hosting config', () => {
  it('serves the folder the production build writes', () => {
    const config = (typeof viteConfig === 'function' ? viteConfig({ command: 'build', mode: 'production' }) : viteConfig) as UserConfig;
    const outDir = resolve(ROOT, 'web', config.build?.outDir ?? 'dist');
    expect(resolve(ROOT, firebaseJson.hosting.public)).toBe(outDir);
  });

  it('rewrites every route to the app shell, app.html, and deploys no index.html, which Hosting would serve for / before any rewrite', () => {
    expect(firebaseJson.hosting.rewrites).toContainEqual({ source: '**', destination: '/app.html' });
    expect(firebaseJson.hosting.ignore).toContain('index.html');
  });

  it('sends / to the firstPage function, before every other rewrite, cacheable by the CDN and revalidated by browsers', () => {
    expect(firebaseJson.hosting.rewrites[0]).toEqual({ source: '/', function: { functionId: 'firstPage', region: 'europe-west1' } });
    // The same value the function sets (functions/src/handlers/first-page.ts), should Hosting's headers win.
    expect(cacheControlOf('/')).toBe('public, max-age=0, must-revalidate, s-maxage=60');
  });

  it('sends /bundles/** to the programmeBundle function, before the app shell rewrite, cacheable by the CDN', () => {
    const rewrites = firebaseJson.hosting.rewrites;
    const bundles = rewrites.findIndex((rewrite) => rewrite.source === '/bundles/**');
    expect(rewrites[bundles]?.function).toEqual({ functionId: 'programmeBundle', region: 'europe-west1' });
    expect(bundles).toBeLessThan(rewrites.findIndex((rewrite) => rewrite.source === '**'));
    // The same value the function sets (functions/src/domain/programme-bundle.ts), should Hosting's headers win.
    expect(cacheControlOf('/bundles/encore-2026/programme.bundle')).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
  });

  it("sends a festival's address, /f/{festivalId} and /f/{festivalId}/, to firstPage and its manifest to festivalManifest, cacheable as / is; its other routes, and addresses that name no festival, to the app shell", () => {
    const firstPage = { functionId: 'firstPage', region: 'europe-west1' };
    for (const path of ['/f/zomer-klanken-2027/', '/f/zomer-klanken-2027', '/f/encore-2026/', `/f/${'a'.repeat(80)}/`]) {
      expect([path, rewriteOf(path)?.function]).toEqual([path, firstPage]);
      expect([path, cacheControlOf(path)]).toEqual([path, 'public, max-age=0, must-revalidate, s-maxage=60']);
    }
    const manifest = '/f/zomer-klanken-2027/manifest.webmanifest';
    expect(rewriteOf(manifest)?.function).toEqual({ functionId: 'festivalManifest', region: 'europe-west1' });
    expect(cacheControlOf(manifest)).toBe('public, max-age=0, must-revalidate, s-maxage=60');
    for (const path of ['/f/zomer-klanken-2027/lineup', '/f/zomer-klanken-2027/artists/nina', '/f/Zomer/', '/f/-x/', `/f/${'a'.repeat(81)}/`, '/f/', '/f/a/manifest.json', '/f/a/b/manifest.webmanifest']) {
      expect([path, rewriteOf(path)?.destination]).toEqual([path, '/app.html']);
      expect([path, cacheControlOf(path)]).toEqual([path, 'no-cache']);
    }
  });

  it('never lets a browser cache the shell (at any route) or the service worker; only hashed assets are immutable', () => {
    // Routes are answered with app.html through the rewrite, so they need the header too; `/` is the firstPage function's (above).
    for (const path of ['/app.html', '/performances/abc', '/staff/moderation', '/sw.js', '/manifest.webmanifest']) {
      expect([path, cacheControlOf(path)]).toEqual([path, 'no-cache']);
    }
    expect(cacheControlOf('/assets/index-CbM47kNK.js')).toBe('public, max-age=31536000, immutable');
  });
});
