// @vitest-environment node
/**
 * `vite preview`'s proxy (vite/hosting-rewrites.ts) sends the paths firebase.json sends to a
 * function to that function on the local runner, and leaves the others to the app shell, as
 * Hosting does: the browser tests and benches see the deployed routing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProxyOptions } from 'vite';
import { describe, expect, it } from 'vitest';
import { previewRewrites } from '../vite/hosting-rewrites';

const ROOT = new URL('../../', import.meta.url).pathname;
const rewrites = (JSON.parse(readFileSync(join(ROOT, 'firebase.json'), 'utf8')) as { hosting: { rewrites: Array<{ source?: string; regex?: string; function?: { functionId: string } }> } }).hosting.rewrites;

/** The function Hosting sends a path to (firebase.json's sources here: `/`, `/bundles/**`, `**`, and regexes). */
function hostingFunction(path: string): string | null {
  const rule = rewrites.find((candidate) =>
    candidate.regex !== undefined ? new RegExp(candidate.regex).test(path) : candidate.source === '**' || candidate.source === path || (candidate.source!.endsWith('/**') && path.startsWith(candidate.source!.slice(0, -2))),
  );
  return rule?.function?.functionId ?? null;
}

/** The function the preview proxy sends a URL to, as Vite matches its keys (`^…`: a regex of the URL; else a prefix), and the path it asks the runner for. */
function previewFunction(url: string): { name: string; path: string } | null {
  const proxy = previewRewrites({ VITE_FUNCTIONS_EMULATOR_PORT: '5999' });
  const entry = Object.entries(proxy).find(([key]) => (key.startsWith('^') ? new RegExp(key).test(url) : url.startsWith(key)));
  if (!entry) return null;
  const rewritten = (entry[1] as ProxyOptions).rewrite!(url);
  const [, name, path] = /^\/demo-encore\/europe-west1\/(\w+)(\/.*)$/.exec(rewritten)!;
  return { name: name!, path: path! };
}

describe('the preview proxy mirrors firebase.json', () => {
  const paths = [
    '/',
    '/f/zomer-klanken-2027',
    '/f/zomer-klanken-2027/',
    '/f/zomer-klanken-2027/manifest.webmanifest',
    '/f/zomer-klanken-2027/lineup',
    '/f/Zomer/',
    `/f/${'a'.repeat(81)}/`,
    '/f/a/b/manifest.webmanifest',
    '/bundles/encore-2026/programme.bundle',
    '/lineup',
    '/manifest.webmanifest',
  ];

  it.each(paths)('%s goes where Hosting sends it, keeping its path', (path) => {
    expect(previewFunction(path)?.name ?? null).toBe(hostingFunction(path));
    if (hostingFunction(path)) expect(previewFunction(path)?.path).toBe(path);
  });

  it("keeps the query of a festival's programme, as Hosting matches the path alone", () => {
    expect(previewFunction('/f/zomer-klanken-2027/?day=2027-07-03')).toEqual({ name: 'firstPage', path: '/f/zomer-klanken-2027/?day=2027-07-03' });
    expect(hostingFunction('/f/zomer-klanken-2027/')).toBe('firstPage');
  });
});
