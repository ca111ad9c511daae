// @vitest-environment jsdom
/**
 * The shell's loader (vite/scripts-after-first-paint.ts): what it takes out of the built HTML,
 * and, run in a page, when it asks for the scripts: after the first contentful paint is
 * reported, at once where no paint will be reported, and at the latest after FALLBACK_MS.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_MS, entryScriptOf, scriptsAfterFirstPaint, type Hint } from '../vite/scripts-after-first-paint';

const built = `<!doctype html><html><head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="modulepreload" crossorigin href="/assets/rolldown-runtime-ghi.js">
    <style>body{}</style>
  </head><body><div id="root"><header>Encore</header></div>
  </body></html>`;
const programmeHints: Hint[] = [
  ['modulepreload', '/assets/ProgrammePage-jkl.js'],
  ['preload', '/assets/ProgrammePage-mno.css', 'style'],
];
const html = scriptsAfterFirstPaint(built, { bundleHref: '/bundles/encore-2026/programme.bundle', programmeHints });

describe('scriptsAfterFirstPaint, in the HTML', () => {
  it('takes the entry script and its module preloads out of the head, leaving the rest', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<style>body{}</style>');
    expect(html).toContain('<div id="root"><header>Encore</header></div>');
  });

  it('puts one classic inline script last in the body', () => {
    const body = html.slice(html.indexOf('<body>'));
    expect(body.match(/<script>/g)).toHaveLength(1);
    expect(body.trimEnd().endsWith('</script>\n  </body></html>')).toBe(true);
  });

  it('names the entry it loads, as the HTML before it did', () => {
    expect(entryScriptOf(html)).toBe('/assets/index-abc.js');
    expect(entryScriptOf(built)).toBe('/assets/index-abc.js');
    expect(entryScriptOf('<html></html>')).toBeNull();
  });

  it('leaves HTML without an entry script as it is', () => {
    const plain = '<html><head></head><body></body></html>';
    expect(scriptsAfterFirstPaint(plain, { bundleHref: '/b', programmeHints: [] })).toBe(plain);
  });
});

/** Runs the loader as the parser would, with Paint Timing stood in for. */
function runLoader(options: { visibility?: DocumentVisibilityState; paintTiming?: boolean; observeThrows?: boolean } = {}) {
  document.head.innerHTML = '';
  let report: ((list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void) | null = null;
  const disconnect = vi.fn();
  class FakeObserver {
    static supportedEntryTypes = options.paintTiming === false ? ['navigation'] : ['paint', 'navigation'];
    constructor(callback: typeof report) {
      report = callback;
    }
    observe() {
      if (options.observeThrows) throw new TypeError("Failed to execute 'observe' on 'PerformanceObserver'");
    }
    disconnect = disconnect;
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  Object.defineProperty(document, 'visibilityState', { value: options.visibility ?? 'visible', configurable: true });
  const script = /<script>([\s\S]*)<\/script>/.exec(html.slice(html.indexOf('<body>')))![1]!;
  new Function(script)();
  const paint = (name: string) => report?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }, { disconnect });
  const requested = () => [...document.head.children].map((element) => {
    if (element instanceof HTMLScriptElement) return ['script', element.type, element.getAttribute('src'), element.crossOrigin];
    const link = element as HTMLLinkElement;
    return [link.rel, link.getAttribute('href'), link.getAttribute('as'), link.crossOrigin];
  });
  return { paint, requested };
}

describe('scriptsAfterFirstPaint, in a page', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for nothing before the first contentful paint, then for the bundle, the modules, the programme and the entry, in that order', () => {
    const page = runLoader();
    page.paint('first-paint');
    vi.advanceTimersByTime(1);
    expect(page.requested()).toEqual([]);
    page.paint('first-contentful-paint');
    expect(page.requested()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(page.requested()).toEqual([
      ['preload', '/bundles/encore-2026/programme.bundle', 'fetch', ''],
      ['modulepreload', '/assets/react-def.js', null, ''],
      ['modulepreload', '/assets/rolldown-runtime-ghi.js', null, ''],
      ['modulepreload', '/assets/ProgrammePage-jkl.js', null, ''],
      ['preload', '/assets/ProgrammePage-mno.css', 'style', null],
      ['script', 'module', '/assets/index-abc.js', ''],
    ]);
  });

  it("adds the programme's hints on / only", () => {
    window.history.replaceState(null, '', '/lineup');
    const page = runLoader();
    page.paint('first-contentful-paint');
    vi.advanceTimersByTime(1);
    expect(page.requested().map((request) => request[1] === 'module' ? request[2] : request[1])).toEqual([
      '/bundles/encore-2026/programme.bundle',
      '/assets/react-def.js',
      '/assets/rolldown-runtime-ghi.js',
      '/assets/index-abc.js',
    ]);
  });

  it("preloads the bundle of the address's festival, and its programme's hints on its programme only", () => {
    const urls = (path: string) => {
      window.history.replaceState(null, '', path);
      const page = runLoader();
      page.paint('first-contentful-paint');
      vi.advanceTimersByTime(1);
      return page.requested().map((request) => (request[1] === 'module' ? request[2] : request[1]));
    };
    const modules = ['/assets/react-def.js', '/assets/rolldown-runtime-ghi.js'];
    const programme = ['/assets/ProgrammePage-jkl.js', '/assets/ProgrammePage-mno.css'];
    for (const path of ['/f/zomer-2027/', '/f/zomer-2027'])
      expect(urls(path), path).toEqual(['/bundles/zomer-2027/programme.bundle', ...modules, ...programme, '/assets/index-abc.js']);
    expect(urls('/f/zomer-2027/lineup')).toEqual(['/bundles/zomer-2027/programme.bundle', ...modules, '/assets/index-abc.js']);
    // Not a festival id: the build's festival, where the app says the page is not found.
    expect(urls('/f/Zomer/')).toEqual(['/bundles/encore-2026/programme.bundle', ...modules, '/assets/index-abc.js']);
    // Outside any festival: no bundle to load.
    for (const path of ['/festivals', '/organiser', '/organiser/new']) expect(urls(path), path).toEqual([...modules, '/assets/index-abc.js']);
  });

  it('asks at once in a tab opened in the background (it does not paint), without Paint Timing, or when the observer refuses it', () => {
    expect(runLoader({ visibility: 'hidden' }).requested()).toHaveLength(6);
    expect(runLoader({ paintTiming: false }).requested()).toHaveLength(6);
    expect(runLoader({ observeThrows: true }).requested()).toHaveLength(6);
  });

  it(`asks after ${FALLBACK_MS} ms when no paint is reported, and only once`, () => {
    const page = runLoader();
    vi.advanceTimersByTime(FALLBACK_MS - 1);
    expect(page.requested()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(page.requested()).toHaveLength(6);
    page.paint('first-contentful-paint');
    vi.advanceTimersByTime(1);
    expect(page.requested()).toHaveLength(6);
  });
});
