/**
 * The production build's hints for the programme page's first visit (web/README.md, "The
 * first page"), written into index.html (and so into app.html, the shell Hosting serves):
 *
 * - `<meta name="encore-festival">`: the festival this build shows, which the `firstPage`
 *   function reads from the shell to write that festival's header into it;
 * - `<link rel="preconnect">` to Firestore (the emulator in local builds), so the
 *   connection the programme's listeners need is open by the time the SDK has loaded;
 * - added once the shell's first frame is painted (scripts-after-first-paint.ts), with the
 *   entry script and its module preloads: a `<link rel="preload" as="fetch" crossorigin>`
 *   of the festival's programme bundle, on every page (the festival context reads it on
 *   every route; the first paint's sets come from it, and the entry's `fetch` of the same
 *   URL picks it up), and, only when the page opened is the programme (`/`), a
 *   `<link rel="modulepreload">` of the programme's route chunk and the chunks it imports
 *   and `<link rel="preload" as="style">` of their stylesheets (Vite's loader waits for
 *   them before the page renders): otherwise the route chunk is only requested once the
 *   entry has run, one round trip later. Other routes do not pay for them.
 */
import { loadEnv, type Plugin, type Rollup } from 'vite';
import { scriptsAfterFirstPaint, type Hint } from './scripts-after-first-paint.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const PROGRAMME_ROUTE = /features[\\/]programme[\\/]ProgrammePage\.tsx$/;

/** Where the programme's listeners connect: the same rule as src/config/firebase-config.ts. */
export function firestoreOrigin(env: Record<string, string | undefined>): string {
  if (env['VITE_FIREBASE_PROJECT_ID']) return 'https://firestore.googleapis.com';
  return `http://${env['VITE_EMULATOR_HOST'] ?? '127.0.0.1'}:${env['VITE_FIRESTORE_EMULATOR_PORT'] ?? '8080'}`;
}

/** The festival the app shows: the same rule as src/config/firebase-config.ts. */
export function festivalIdOf(env: Record<string, string | undefined>): string {
  return env['VITE_FESTIVAL_ID']?.trim() || 'encore-2026';
}

/** The same-origin URL of the festival's bundle: the same rule as src/config/firebase-config.ts and @encore/model's `programmeBundlePath`. */
export function programmeBundleHref(env: Record<string, string | undefined>): string {
  return `/bundles/${festivalIdOf(env)}/programme.bundle`;
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
  let festivalId = '';
  return {
    name: 'encore-first-page-hints',
    apply: 'build',
    configResolved(config) {
      const env = { ...loadEnv(config.mode, config.envDir || config.root, 'VITE_'), ...process.env };
      origin = firestoreOrigin(env);
      bundleHref = programmeBundleHref(env);
      festivalId = festivalIdOf(env);
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const files = context.bundle ? programmeChunks(context.bundle) : [];
        const stylesheets = context.bundle ? programmeStylesheets(context.bundle) : [];
        const programmeHints = [...files.map((file): Hint => ['modulepreload', `/${file}`]), ...stylesheets.map((file): Hint => ['preload', `/${file}`, 'style'])];
        return {
          html: scriptsAfterFirstPaint(html, { bundleHref, programmeHints }),
          tags: [
            // Which festival this shell shows: the `firstPage` function reads it to write that festival's header in.
            { tag: 'meta', attrs: { name: 'encore-festival', content: festivalId }, injectTo: 'head' },
            { tag: 'link', attrs: { rel: 'preconnect', href: origin, crossorigin: '' }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}
