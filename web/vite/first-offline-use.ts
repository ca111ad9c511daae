/**
 * Which of the build's chunks the service worker precaches (vite/service-worker-plugin.ts):
 * what the first offline use needs, not every chunk of the app. Every new device downloads
 * the precache in full, so each file in it is paid for by every visitor, staff tools included
 * (issue 38: 158 files, 754 KB compressed before this). The rest is kept when used
 * (src/sw.ts, the `encore-assets` route).
 *
 * Kept: the shell (the entry chunk and everything it imports, statically or lazily, that is
 * not a page: the data SDK, the error fallbacks, the update prompt, the news layer) and the
 * pages a festival-goer browses offline with everything they import: the programme and a
 * set's or an artist's page, the line-up, search, the map, the info pages, My schedule, the
 * photo wall, the news and the help page (the emergency number and the nearest first-aid post,
 * which must show to someone who never opened it online). Other pages (staff and organiser
 * tools, account, friends, groups, upload, the staff's help desk) and what only they import
 * are cached the first time they are opened, and so are the few lazily loaded parts of kept
 * pages listed in ON_USE.
 */

/** The pages kept for offline use, by their source file (the `lazyPage` imports of app/App.tsx and app/TopLevelApp.tsx). */
export const OFFLINE_PAGES: readonly RegExp[] = [
  /\/features\/programme\/ProgrammePage\.tsx$/,
  /\/features\/performance\/(PerformancePage|ArtistPage)\.tsx$/,
  /\/features\/lineup\/LineupPage\.tsx$/,
  /\/features\/search\/SearchPage\.tsx$/,
  /\/features\/venue\/VenueMapPage\.tsx$/,
  /\/features\/info\/InfoPage\.tsx$/,
  /\/features\/schedule\/MySchedulePage\.tsx$/,
  /\/features\/photos\/PhotosPage\.tsx$/,
  /\/features\/inbox\/InboxPage\.tsx$/,
  // Asking for help: the emergency number and the first-aid post must show on a first offline use.
  /\/features\/help\/HelpPage\.tsx$/,
  /\/app\/(HomePage|NotFoundPage)\.tsx$/,
];

/**
 * Lazily loaded modules the first offline use does without, kept once used: what works only
 * online anyway (callables, push registration), a download people make at home (the calendar
 * file), and the Dutch messages, which a Dutch visitor's first visit loads at once (and hands to
 * the worker: app/keep-shown-images.ts) while nobody else ever needs them.
 */
export const ON_USE: readonly RegExp[] = [
  /\/firebase\/functions\.ts$/,
  /\/features\/notifications\/fcm-push-client\.ts$/,
  /\/features\/schedule\/ics-export\.ts$/,
  /\/i18n\/nl\/index\.ts$/,
];

/** A page: a route's component module (`…Page.tsx`), which the router imports lazily. */
const PAGE = /\/[A-Z]\w*Page\.tsx$/;

/** What the selection needs of one output chunk (Rollup's and Rolldown's OutputChunk have these). */
export interface ChunkInfo {
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: readonly string[];
  dynamicImports: readonly string[];
  /** The CSS files the chunk loads (Vite's `viteMetadata.importedCss`). */
  css: readonly string[];
}

const isPage = (chunk: ChunkInfo) => chunk.facadeModuleId !== null && PAGE.test(chunk.facadeModuleId.replaceAll('\\', '/'));
const isOfflinePage = (chunk: ChunkInfo) => OFFLINE_PAGES.some((page) => page.test(chunk.facadeModuleId!.replaceAll('\\', '/')));
const isOnUse = (chunk: ChunkInfo) => chunk.facadeModuleId !== null && ON_USE.some((module) => module.test(chunk.facadeModuleId!.replaceAll('\\', '/')));

/**
 * The files (chunks and their CSS, by `fileName`) the first offline use needs: from the entry
 * chunks, every import, static or lazy, except lazily imported pages other than OFFLINE_PAGES
 * and lazily imported ON_USE modules (and whatever only those import).
 */
export function filesForFirstOfflineUse(chunks: readonly ChunkInfo[]): Set<string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const kept = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = byFile.get(fileName);
    if (!chunk || kept.has(fileName)) return;
    kept.add(fileName);
    for (const css of chunk.css) kept.add(css);
    for (const imported of chunk.imports) visit(imported);
    for (const imported of chunk.dynamicImports) {
      const target = byFile.get(imported);
      if (target && !isOnUse(target) && (!isPage(target) || isOfflinePage(target))) visit(imported);
    }
  };
  for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
  return kept;
}
