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
    rewrites: Array<{ source: string; destination?: string; function?: { functionId: string; region: string } }>;
    headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
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

/**
 * The Cache-Control a request path gets. Headers match the requested path (not the rewrite's
 * destination), and when several rules set the same header the last one wins.
 */
function cacheControlOf(path: string): string | undefined {
  let value: string | undefined;
  for (const rule of firebaseJson.hosting.headers) {
    if (!globToRegExp(rule.source).test(path)) continue;
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

  it('never lets a browser cache the shell (at any route) or the service worker; only hashed assets are immutable', () => {
    // Routes are answered with app.html through the rewrite, so they need the header too; `/` is the firstPage function's (above).
    for (const path of ['/app.html', '/performances/abc', '/staff/moderation', '/sw.js', '/manifest.webmanifest']) {
      expect([path, cacheControlOf(path)]).toEqual([path, 'no-cache']);
    }
    expect(cacheControlOf('/assets/index-CbM47kNK.js')).toBe('public, max-age=31536000, immutable');
  });
});
