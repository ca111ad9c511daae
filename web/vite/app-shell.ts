/**
 * `app.html`: the shell Firebase Hosting serves, a copy of the built `index.html`.
 *
 * Hosting serves a file that exists before it looks at its rewrites, so with an `index.html`
 * deployed, `/` would never reach the `firstPage` function, which writes the programme's
 * header into the shell (functions/src/handlers/first-page.ts). firebase.json therefore
 * leaves `index.html` out of the deploy: `/` goes to the function, which fetches `/app.html`
 * from Hosting, and every other route is rewritten to `/app.html`. The service worker
 * precaches and serves `app.html` for the same reason (src/sw.ts). `index.html` stays the
 * name Vite's dev server and `vite preview` know.
 */
import type { Plugin } from 'vite';

export const APP_SHELL = 'app.html';

export function appShell(): Plugin {
  return {
    name: 'encore-app-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        this.emitFile({ type: 'asset', fileName: APP_SHELL, source: index.source });
      },
    },
  };
}
