/**
 * The production shell requests its scripts once its first frame is on screen, not while the
 * HTML is parsed (web/README.md, "The first page").
 *
 * Why: the shell paints the page's header from the HTML alone (the stylesheet is inlined, the
 * programme's header is written in by the `firstPage` function), so nothing the scripts do
 * can bring that paint forward, while scripts that arrive before it can hold it back: on a
 * fast connection the browser may run the entry (React's first render, the bundle's parse)
 * before it paints at all. Requested a frame later, they still download while the visitor
 * reads the header, on a slow network nearly the whole time they took before (the first
 * paint needs only the HTML, whose bytes the scripts shared the connection with).
 *
 * How: Vite's `<script type="module" src>` of the entry and its `<link rel="modulepreload">`s
 * leave the HTML; one inline script at the end of `<body>` adds them back, with the
 * programme bundle's preload (the festival of the address: `/f/{festivalId}/...`, else the
 * build's) and, on the programme (`/` or `/f/{festivalId}/`), the programme route's hints, as soon as the
 * browser reports the first contentful paint (Paint Timing, Chromium, Firefox and Safari
 * 14.1+), or at once where there is none to wait for (no Paint Timing, a tab opened in the
 * background, which does not paint), and at the latest after `FALLBACK_MS`.
 */

/** A `<link>` the loader adds: `[rel, href, as?]`; `crossorigin` for module and fetch preloads, as the requests that use them are CORS. */
export type Hint = [rel: 'modulepreload' | 'preload', href: string, as?: 'fetch' | 'style'];

/** The latest the scripts wait for the paint report (a visible page paints its shell within a frame or two). */
export const FALLBACK_MS = 500;

const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

function loaderScript(entry: string, bundleHref: string, modules: Hint[], programmeHints: Hint[]): string {
  // Plain ES5 in one IIFE: it runs in the HTML parser, before any of the app's code. The
  // festival is the address's (`/f/{festivalId}/...`, src/config/festival-route.ts), else the
  // build's; the pages outside any festival (`/festivals`, `/organiser`) load no bundle.
  return `<script>(function(){
var started=false;
function add(hint){var link=document.createElement('link');link.rel=hint[0];if(hint[2])link.setAttribute('as',hint[2]);if(hint[0]==='modulepreload'||hint[2]==='fetch')link.crossOrigin='';link.href=hint[1];document.head.appendChild(link);}
function start(){if(started)return;started=true;
var path=location.pathname,festival=/^\\/f\\/([a-z0-9][a-z0-9-]{0,79})(\\/.*)?$/.exec(path),page=festival?festival[2]||'/':path;
if(!/^\\/(festivals|organiser)(\\/|$)/.test(path))add(['preload',festival?'/bundles/'+festival[1]+'/programme.bundle':${JSON.stringify(bundleHref)},'fetch']);
${JSON.stringify(modules)}.forEach(add);
if(page==='/')${JSON.stringify(programmeHints)}.forEach(add);
var script=document.createElement('script');script.type='module';script.crossOrigin='';script.src=${JSON.stringify(entry)};document.head.appendChild(script);}
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];
if(document.visibilityState!=='visible'||types.indexOf('paint')<0){start();return;}
setTimeout(start,${FALLBACK_MS});
try{new PerformanceObserver(function(list,observer){if(!list.getEntriesByName('first-contentful-paint').length)return;observer.disconnect();setTimeout(start,0);}).observe({type:'paint',buffered:true});}catch(error){start();}
})();</script>`;
}

/**
 * The shell with its entry script and module preloads moved into the loader, the bundle's
 * preload first among them. Unchanged when it has no entry script (nothing to move).
 */
export function scriptsAfterFirstPaint(html: string, options: { bundleHref: string; programmeHints: Hint[] }): string {
  const entry = ENTRY_SCRIPT.exec(html);
  if (!entry) return html;
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  const hints = modules.map((href): Hint => ['modulepreload', href]);
  const without = html.replace(entry[0], '').replace(MODULE_PRELOAD, '');
  return without.replace('</body>', `${loaderScript(entry[1]!, options.bundleHref, hints, options.programmeHints)}\n  </body>`);
}

/** The entry script a built shell loads: the loader's, or a `<script type="module" src>`'s. */
export function entryScriptOf(html: string): string | null {
  const loaded = /script\.src=("[^"]+")/.exec(html);
  if (loaded) return JSON.parse(loaded[1]!) as string;
  return ENTRY_SCRIPT.exec(html)?.[1] ?? null;
}
