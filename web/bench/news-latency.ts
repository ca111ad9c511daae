/**
 * `npm run bench` (root): how soon an urgent announcement reaches a visitor, in Chromium
 * against the whole local stack (test/browser/local-stack.ts, a production build).
 *
 * One visitor has the Programme page open, another the News page. Each round staff post an
 * urgent announcement (a firebase-admin write, timed from just before it is sent) and the
 * bench waits for the banner on the Programme page and for the announcement in the News
 * page's list; each page reports the moment its element appears (a MutationObserver calling
 * back into the bench). The News list is the honest baseline: the same listener, rendered
 * as a page instead of the shell's banner, so the ratio shows what the banner adds. The
 * requirement is 2 s from the staff post to the banner.
 *
 * The stack's functions log to stdout, so the work runs in a child of this script whose
 * output is dropped; the figures come back on a pipe of their own (fd 3).
 */
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const FIGURES_FD = 3;
const ROUNDS = Number(process.env.BENCH_RUNS ?? 7);
const BUDGET_MS = 2000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

async function measure(): Promise<void> {
  const { firestorePaths } = await import('@encore/model');
  const { deleteApp, initializeApp } = await import('firebase-admin/app');
  const { FieldValue, getFirestore } = await import('firebase-admin/firestore');
  const { launchBrowser } = await import('../test/browser/browser.ts');
  const { startLocalStack } = await import('../test/browser/local-stack.ts');
  type Page = Awaited<ReturnType<Awaited<ReturnType<typeof launchBrowser>>['newPage']>>;

  const stack = await startLocalStack();
  const browser = await launchBrowser();
  const admin = initializeApp({ projectId: 'demo-encore' }, 'news-latency-bench');
  const report = (line: string) => writeSync(FIGURES_FD, `${line}\n`);
  try {
    /**
     * A page that notes (on this machine's clock, which the bench shares) the moment an
     * element matching `selector` with a text appears. Scripts are strings, not functions:
     * tsx would give a function's inner helpers a `__name` call the page does not have.
     */
    const watcher = async (path: string, heading: string, selector: string) => {
      const page: Page = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
      await page.goto(`${stack.url}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 60_000 });
      return {
        /** Starts watching for `text`; resolves with the epoch milliseconds at which it appeared. */
        async arrival(text: string): Promise<{ at: Promise<number> }> {
          const key = JSON.stringify(text);
          await page.evaluate(`(() => {
            window.encoreSeen = window.encoreSeen || {};
            const observer = new MutationObserver(() => {
              if (![...document.querySelectorAll(${JSON.stringify(selector)})].some((element) => element.textContent.includes(${key}))) return;
              observer.disconnect();
              window.encoreSeen[${key}] = Date.now();
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          })()`);
          // Wrapped: an async function returning a promise would wait for it.
          const at = page.waitForFunction(`window.encoreSeen[${key}]`, undefined, { timeout: 60_000, polling: 50 }).then((handle) => handle.jsonValue() as Promise<number>);
          return { at };
        },
      };
    };
    const programme = await watcher('/', 'Programme', '[role="alert"]');
    const news = await watcher('/inbox', 'News', 'h3');

    const banner: number[] = [];
    const list: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      const title = `Drill ${round}`;
      const [bannerAt, listAt] = await Promise.all([programme.arrival(`Urgent: ${title}`), news.arrival(`Urgent: ${title}`)]);
      const postedAt = Date.now();
      // (Date.now() on both sides: the pages run on this machine, on the same clock.)
      await getFirestore(admin).collection(firestorePaths.announcements('encore-2026')).add({ title, body: 'This is a drill.', createdAt: FieldValue.serverTimestamp(), priority: 'urgent' });
      const [bannerMs, listMs] = [(await bannerAt.at) - postedAt, (await listAt.at) - postedAt];
      // Round 0 warms up both pages (the messaging chunk, the listeners).
      if (round === 0) continue;
      banner.push(bannerMs);
      list.push(listMs);
    }
    const p50 = percentile(banner, 50);
    report(`web: urgent announcement to banner on the Programme page: p50 ${p50.toFixed(0)} ms, max ${Math.max(...banner).toFixed(0)} ms over ${ROUNDS} posts (budget ${BUDGET_MS} ms; max/budget ${(Math.max(...banner) / BUDGET_MS).toFixed(2)})`);
    report(`web: the same announcement in the News page's list: p50 ${percentile(list, 50).toFixed(0)} ms, max ${Math.max(...list).toFixed(0)} ms`);
    report(`web: banner vs News list (p50 ratio, same listener): ${(p50 / percentile(list, 50)).toFixed(2)}`);
    if (Math.max(...banner) > BUDGET_MS) report(`web: OVER BUDGET: a banner took ${Math.max(...banner).toFixed(0)} ms`);
  } finally {
    await deleteApp(admin);
    await browser.close();
    await stack.stop();
  }
}

if (process.argv[2] === '--child') {
  await measure();
  process.exit(0);
} else {
  const child = spawn(process.execPath, ['--conditions=encore-source', '--import', 'tsx', fileURLToPath(import.meta.url), '--child'], { stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  (child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => process.stdout.write(chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) {
    process.stderr.write(errors);
    process.exit(1);
  }
}
