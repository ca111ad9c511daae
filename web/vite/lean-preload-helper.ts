/**
 * Vite's loader of a lazily imported chunk's dependencies (`__vitePreload`), reduced to what
 * this app uses of it. Every chunk with an `import()` imports the loader, so it is in the first
 * page's download whatever that page does; Vite's own (`vite/preload-helper.js`) was 0.65 KB
 * gzipped of the JavaScript before the sets show (`npm run bench -- bundle-size`), most of it
 * for what this app does not have: a relative or runtime base, CSP nonces, browsers without
 * `modulepreload`, the `vite:preloadError` event.
 *
 * What it keeps, as Vite's does: before the chunk is imported, each stylesheet it needs is
 * added as a `<link rel="stylesheet">` and waited for (so a page never draws unstyled), and
 * each chunk Vite lists (vite.config.ts `resolveDependencies`: the data SDK's) gets a
 * `<link rel="modulepreload">`, so they download side by side; each file once per page load;
 * a stylesheet already linked from the HTML (vite/inline-entry-css.ts leaves the entry's,
 * disabled) or a chunk already preloaded by it (vite/first-page.ts) is not added again; a
 * stylesheet that fails to load fails the import, and is asked for again by the next import
 * that needs it (app/lazy-page.ts retries a page once; Vite's would then import the page
 * without its styles).
 */
import type { Plugin } from 'vite';

/** The module Vite's import analysis makes every `import()` of a chunk go through. */
export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

/**
 * `__vitePreload(load, deps)`: `deps` are paths from the site's root (the build's base is `/`),
 * without a leading slash. Written as the browser runs it: this module is not transformed.
 */
export const LEAN_PRELOAD_HELPER = `const seen = {};
function preloadOnce(path) {
  const href = new URL('/' + path, location.href).href;
  if (href in seen) return seen[href];
  const css = path.endsWith('.css');
  let done;
  const linked = [...document.getElementsByTagName('link')].some((link) => link.href === href && (!css || link.rel === 'stylesheet'));
  if (!linked) {
    const link = document.createElement('link');
    link.rel = css ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    if (css) done = new Promise((resolve, reject) => {
      link.onload = resolve;
      link.onerror = () => {
        link.remove();
        delete seen[href];
        reject(new Error('Unable to preload CSS for ' + href));
      };
    });
    document.head.appendChild(link);
  }
  return (seen[href] = done);
}
export function __vitePreload(load, deps) {
  return Promise.all(deps ? deps.map(preloadOnce) : []).then(() => load());
}
`;

export function leanPreloadHelper(): Plugin {
  return {
    name: 'encore-lean-preload-helper',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === PRELOAD_HELPER_ID ? LEAN_PRELOAD_HELPER : null;
    },
  };
}
