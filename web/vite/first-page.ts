/**
 * The production build's hints for the programme page's first visit (web/README.md, "The
 * first page"), written into index.html:
 *
 * - `<link rel="preload" as="fetch" crossorigin>` of the festival's programme bundle, on
 *   every page (the festival context reads it on every route): the first paint's sets come
 *   from it (src/festival/bundle-file/), and its download starts with the HTML's instead of
 *   after the entry chunk has run; the entry's `fetch` of the same URL picks it up;
 * - `<link rel="preconnect">` to Firestore (the emulator in local builds), so the
 *   connection the programme's listeners need is open by the time the SDK has loaded;
 * - `<link rel="modulepreload">` of the programme's route chunk and the chunks it imports,
 *   added by a one-line script only when the page opened is the programme (`/`): otherwise
 *   the route chunk is only requested once the entry has run, one round trip later. Other
 *   routes do not pay for it. The same for the stylesheets those chunks import
 *   (`<link rel="preload" as="style">`): Vite's loader waits for them before the page renders.
 */
import { loadEnv, type Plugin, type Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const PROGRAMME_ROUTE = /features[\\/]programme[\\/]ProgrammePage\.tsx$/;

/** Where the programme's listeners connect: the same rule as src/config/firebase-config.ts. */
export function firestoreOrigin(env: Record<string, string | undefined>): string {
  if (env['VITE_FIREBASE_PROJECT_ID']) return 'https://firestore.googleapis.com';
  return `http://${env['VITE_EMULATOR_HOST'] ?? '127.0.0.1'}:${env['VITE_FIRESTORE_EMULATOR_PORT'] ?? '8080'}`;
}

/** The same-origin URL of the festival's bundle: the same rule as src/config/firebase-config.ts and @encore/model's `programmeBundlePath`. */
export function programmeBundleHref(env: Record<string, string | undefined>): string {
  const festivalId = env['VITE_FESTIVAL_ID']?.trim() || 'encore-2026';
  return `/bundles/${festivalId}/programme.bundle`;
}

/** The stylesheets the programme's chunks import (Vite loads them before the route renders), less the entry's. */
export function programmeStylesheets(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const css = (file: string) => [...((bundle[file] as OutputChunk & { viteMetadata?: { importedCss: Set<string> } })?.viteMetadata?.importedCss ?? [])];
  const entry = chunks.find((chunk) => chunk.isEntry);
  const entryCss = new Set(entry ? css(entry.fileName) : []);
  return [...new Set(programmeChunks(bundle).flatMap(css))].filter((file) => !entryCss.has(file));
}

/** The route chunk and every chunk it imports statically, less those the entry already loads. */
export function programmeChunks(bundle: OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const route = chunks.find((chunk) => chunk.facadeModuleId && PROGRAMME_ROUTE.test(chunk.facadeModuleId));
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!route || !entry) return [];
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const withImports = (start: string, seen = new Set<string>()) => {
    if (seen.has(start)) return seen;
    seen.add(start);
    for (const imported of byFile.get(start)?.imports ?? []) withImports(imported, seen);
    return seen;
  };
  const loadedByEntry = withImports(entry.fileName);
  return [...withImports(route.fileName)].filter((file) => !loadedByEntry.has(file));
}

export function firstPageHints(): Plugin {
  let origin = '';
  let bundleHref = '';
  return {
    name: 'encore-first-page-hints',
    apply: 'build',
    configResolved(config) {
      const env = { ...loadEnv(config.mode, config.envDir || config.root, 'VITE_'), ...process.env };
      origin = firestoreOrigin(env);
      bundleHref = programmeBundleHref(env);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files = context.bundle ? programmeChunks(context.bundle) : [];
        const stylesheets = context.bundle ? programmeStylesheets(context.bundle) : [];
        const hints = [...files.map((file) => ['modulepreload', `/${file}`]), ...stylesheets.map((file) => ['preload', `/${file}`])];
        const preload = `(function(){if(location.pathname!=='/')return;${JSON.stringify(hints)}.forEach(function(hint){var link=document.createElement('link');link.rel=hint[0];if(hint[0]==='preload')link.as='style';else link.crossOrigin='';link.href=hint[1];document.head.appendChild(link);});})();`;
        // Before the entry and the stylesheet: an inline script after a stylesheet would wait
        // for it, and these requests should start with the entry's.
        const withPreload = files.length > 0 ? html.replace('<script type="module"', `<script>${preload}</script>\n    <script type="module"`) : html;
        return {
          html: withPreload,
          tags: [
            { tag: 'link', attrs: { rel: 'preload', as: 'fetch', href: bundleHref, crossorigin: '' }, injectTo: 'head' },
            { tag: 'link', attrs: { rel: 'preconnect', href: origin, crossorigin: '' }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}
