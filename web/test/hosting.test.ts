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
  hosting: { public: string; rewrites: Array<{ source: string; destination: string }>; headers: Array<{ source: string }> };
};

describe('hosting config', () => {
  it('serves the folder the production build writes', () => {
    const config = (typeof viteConfig === 'function' ? viteConfig({ command: 'build', mode: 'production' }) : viteConfig) as UserConfig;
    const outDir = resolve(ROOT, 'web', config.build?.outDir ?? 'dist');
    expect(resolve(ROOT, firebaseJson.hosting.public)).toBe(outDir);
  });

  it('rewrites every route to the app shell and never caches the shell or the service worker', () => {
    expect(firebaseJson.hosting.rewrites).toContainEqual({ source: '**', destination: '/index.html' });
    expect(firebaseJson.hosting.headers.map((h) => h.source)).toEqual(expect.arrayContaining(['**/*.html', '/sw.js', '/assets/**']));
  });
});
