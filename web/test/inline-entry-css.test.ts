// @vitest-environment node
/**
 * The build's inlined entry stylesheet (vite/inline-entry-css.ts): index.html carries the CSS
 * itself, and a disabled link that Vite's loader of lazy chunks recognises as loaded.
 */
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { inlineStylesheets } from '../vite/inline-entry-css';

const asset = (fileName: string, source: string | Uint8Array) => ({ type: 'asset', fileName, source }) as unknown as Rollup.OutputAsset;
const bundleOf = (...assets: Rollup.OutputAsset[]) => Object.fromEntries(assets.map((item) => [item.fileName, item])) as Rollup.OutputBundle;

describe('inlineStylesheets', () => {
  it("puts the stylesheet's CSS in a <style>, and keeps a disabled <link> of it (fetched by no browser) for Vite's loader", () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>';
    const out = inlineStylesheets(html, bundleOf(asset('assets/index-abc.css', new TextEncoder().encode('.app{color:red}'))));
    expect(out).toBe('<head><style>.app{color:red}</style><link rel="stylesheet" href="/assets/index-abc.css" disabled></head>');
  });

  it('leaves a link alone when its file is not in the build, or when its CSS could end the <style> early', () => {
    const html = '<link rel="stylesheet" href="/assets/gone.css"><link rel="stylesheet" href="/assets/odd.css">';
    const out = inlineStylesheets(html, bundleOf(asset('assets/odd.css', '.a::after{content:"</style>"}')));
    expect(out).toBe(html);
  });
});
