/**
 * `npm run profile:first-visit -w web`: where a first visit's main-thread time goes. Not a
 * benchmark (it prints no ratio against a target, and `npm run bench` skips it): the tool
 * behind web/README.md, "The first page", for whoever takes Lighthouse's TBT further.
 *
 * The production build against the whole local stack (test/browser/local-stack.ts), a fresh
 * browser context per run (a true first visit), the festival's Saturday at 21:00, the CPU
 * slowed down `RATE` times (default 4, Lighthouse's factor, here really throttled). For each
 * task of the renderer's main thread over `MIN_TASK` ms (default 50, Lighthouse's long
 * task): when it started, how long it took, the functions that took most of it (sampled by
 * V8's profiler, mapped to their sources through the build's source maps), the call paths
 * from the task's root, and the browser's own work in it (style, layout, paint, module
 * evaluation, from the trace). Then the sum of what each task spent over 50 ms.
 *
 * `RUNS` (default 2) first visits; `WAIT` ms (default 8000) each, after the navigation.
 * After the tasks, the whole visit's script time by source module (every sample, short tasks
 * too); `FOCUS=<text>` breaks the sources containing it down by function and call path, and
 * `FRAME=<regular expression>` sums the samples with a matching frame anywhere up their stack
 * (`FRAME='signIn|Credential'`: what signing in cost). `RATE=1 MIN_TASK=1000` gives those
 * totals unthrottled, without the task list.
 * `TASK_FRAMES=<text>` adds, for each task, the frames anywhere up its samples' stacks whose
 * source contains the text (`TASK_FRAMES=src/`: which of the app's components and functions a
 * task ran, such as the components a synchronous React render went through).
 * `CLOCK=real` visits at the machine's real clock (after the festival) instead of its Saturday.
 */
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { CDPSession } from 'playwright-core';
import { launchChromium } from '@encore/emulators/browser';
import { startLocalStack } from '../test/browser/local-stack.ts';
import { FESTIVAL_SATURDAY_NINE, festivalClockScript } from '../test/browser/festival-clock.ts';

const RUNS = Number(process.env.RUNS ?? 2);
const RATE = Number(process.env.RATE ?? 4);
const TASK_FRAMES = process.env.TASK_FRAMES ?? '';
const MIN_TASK_MS = Number(process.env.MIN_TASK ?? 50);
const WAIT_MS = Number(process.env.WAIT ?? 8000);
const REAL_CLOCK = process.env.CLOCK === 'real';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Task {
  start: number;
  end: number;
  /** The profile nodes sampled during the task, one entry per sample. */
  samples: number[];
}

/** Source maps of the build's chunks, fetched once each. */
const sourceMaps = new Map<string, Promise<TraceMap | null>>();
function sourceMapOf(url: string): Promise<TraceMap | null> {
  let map = sourceMaps.get(url);
  if (!map) {
    map = fetch(`${url}.map`)
      .then(async (response) => (response.ok ? new TraceMap((await response.json()) as ConstructorParameters<typeof TraceMap>[0]) : null))
      .catch(() => null);
    sourceMaps.set(url, map);
  }
  return map;
}

/** `function source:line`, from the source map where the build has one. */
async function describeFrame(frame: CallFrame): Promise<string> {
  if (!frame.url) return frame.functionName || '(native)';
  const map = frame.url.includes('/assets/') ? await sourceMapOf(frame.url) : null;
  const position = map ? originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber }) : null;
  if (position?.source) {
    const source = position.source.replace(/.*node_modules\//, '').replace(/.*\/web\/src\//, 'src/');
    return `${position.name ?? frame.functionName ?? '?'} ${source}:${position.line}`;
  }
  return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop()}:${frame.lineNumber}`;
}

async function trace(cdp: CDPSession, work: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' });
  await work();
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/** Milliseconds per label (`n` samples of `sampleMs` each), the largest first, one per line. */
function ranked(counts: Map<string, number>, sampleMs: number, count: number): string {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([label, n]) => `      ${(n * sampleMs).toFixed(0).padStart(5)} ms  ${label}`)
    .join('\n');
}

/** A sampled node's stack, from the profile's root down to the node. */
function stackOf(id: number, parentOf: Map<number, number>): number[] {
  const chain: number[] = [];
  for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) chain.unshift(node);
  return chain;
}

/** The first frames below the profile's root of a sample's stack: what its task was for. */
async function callPath(id: number, nodes: Map<number, ProfileNode>, parentOf: Map<number, number>): Promise<string> {
  return (await Promise.all(stackOf(id, parentOf).slice(1, 5).map((node) => describeFrame(nodes.get(node)!.callFrame)))).join(' > ');
}

async function firstVisit(url: string, run: number): Promise<void> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    if (!REAL_CLOCK) await page.addInitScript(festivalClockScript(FESTIVAL_SATURDAY_NINE));
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    const events = await trace(cdp, async () => {
      await page.goto(`${url}/`);
      await page.waitForTimeout(WAIT_MS);
    });
    const { profile } = await cdp.send('Profiler.stop');
    const paints = await page.evaluate(() => performance.getEntriesByType('paint').map((entry) => `${entry.name} ${entry.startTime.toFixed(0)} ms`));
    const lcp = await page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1) as (PerformanceEntry & { element?: Element }) | undefined;
            resolve(last ? `${last.startTime.toFixed(0)} ms, ${last.element?.outerHTML.slice(0, 60) ?? '?'}` : 'none');
          }).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    );

    // The renderer's main thread: the one that parsed the page.
    const parser = events.find((event) => event.name === 'ParseHTML');
    const main = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain' && event.pid === parser?.pid);
    const nodes = new Map<number, ProfileNode>((profile.nodes as ProfileNode[]).map((node) => [node.id, node]));
    const parentOf = new Map<number, number>();
    for (const node of nodes.values()) for (const child of node.children ?? []) parentOf.set(child, node.id);
    let at = profile.startTime;
    const sampled = (profile.samples ?? []).map((id, index) => ({ id, at: (at += profile.timeDeltas?.[index] ?? 0) }));
    const tasks: Task[] = events
      .filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.tid === main?.tid && (event.dur ?? 0) >= MIN_TASK_MS * 1000)
      .map((event) => ({ start: event.ts, end: event.ts + event.dur!, samples: sampled.filter((sample) => sample.at >= event.ts && sample.at <= event.ts + event.dur!).map((sample) => sample.id) }));

    console.log(`\nFirst visit ${run + 1} of ${RUNS} (CPU ${RATE}x slower, ${REAL_CLOCK ? 'real clock' : "festival's Saturday 21:00"}): ${paints.join(', ')}; largest contentful paint ${lcp}`);
    let overFifty = 0;
    for (const task of tasks) {
      const durationMs = (task.end - task.start) / 1000;
      overFifty += Math.max(0, durationMs - 50);
      const self = new Map<string, number>();
      const paths = new Map<string, number>();
      const appFrames = new Map<string, number>();
      for (const id of task.samples) {
        if (TASK_FRAMES) {
          const labels = new Set(await Promise.all(stackOf(id, parentOf).map((node) => describeFrame(nodes.get(node)!.callFrame))));
          for (const label of labels) if (label.includes(TASK_FRAMES)) appFrames.set(label, (appFrames.get(label) ?? 0) + 1);
        }
        const frame = nodes.get(id)!.callFrame;
        const label = await describeFrame(frame);
        self.set(label, (self.get(label) ?? 0) + 1);
        const path = await callPath(id, nodes, parentOf);
        paths.set(path, (paths.get(path) ?? 0) + 1);
      }
      const browserWork = new Map<string, number>();
      for (const event of events) {
        if (event.tid !== main?.tid || event.ph !== 'X' || event.name === 'RunTask' || event.ts < task.start || event.ts >= task.end || (event.dur ?? 0) < 1000) continue;
        browserWork.set(event.name, Math.max(browserWork.get(event.name) ?? 0, event.dur! / 1000));
      }
      const work = [...browserWork].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ');
      console.log(`  task at ${((task.start - profile.startTime) / 1000).toFixed(0)} ms: ${durationMs.toFixed(0)} ms${work ? ` (browser: ${work})` : ''}`);
      if (task.samples.length === 0) continue;
      const sampleMs = durationMs / task.samples.length;
      console.log(`    most time in:\n${ranked(self, sampleMs, 5)}\n    called from:\n${ranked(paths, sampleMs, 3)}`);
      if (appFrames.size > 0) console.log(`    ${TASK_FRAMES} frames up its stacks:\n${ranked(appFrames, sampleMs, 12)}`);
    }
    console.log(`  time over 50 ms, summed over these tasks: ${overFifty.toFixed(0)} ms (Lighthouse's TBT counts it from the first contentful paint on)`);
    await summariseVisit(profile, sampled, nodes, parentOf);
    await context.close();
  } finally {
    await browser.close();
  }
}

async function summariseVisit(
  profile: { startTime: number; endTime: number },
  sampled: Array<{ id: number }>,
  nodes: Map<number, ProfileNode>,
  parentOf: Map<number, number>,
): Promise<void> {
  const sampleMs = (profile.endTime - profile.startTime) / 1000 / Math.max(1, sampled.length);
  const bySource = new Map<string, number>();
  const focusFunctions = new Map<string, number>();
  const focusPaths = new Map<string, number>();
  const frame = process.env.FRAME ? new RegExp(process.env.FRAME) : null;
  let underFrame = 0;
  for (const { id } of sampled) {
    const label = await describeFrame(nodes.get(id)!.callFrame);
    const source = label.replace(/^\S* /, '').replace(/:\d+$/, '');
    if (label === '(idle)' || label === '(program)') continue;
    bySource.set(source, (bySource.get(source) ?? 0) + 1);
    if (process.env.FOCUS && source.includes(process.env.FOCUS)) {
      focusFunctions.set(label, (focusFunctions.get(label) ?? 0) + 1);
      const path = await callPath(id, nodes, parentOf);
      focusPaths.set(path, (focusPaths.get(path) ?? 0) + 1);
    }
    if (frame) {
      const frames = await Promise.all(stackOf(id, parentOf).map((node) => describeFrame(nodes.get(node)!.callFrame)));
      if (frames.some((name) => frame.test(name))) underFrame += 1;
    }
  }
  console.log(`  script time over the visit by source (${WAIT_MS} ms):\n${ranked(bySource, sampleMs, 25)}`);
  if (process.env.FOCUS) console.log(`  ${process.env.FOCUS} by function:\n${ranked(focusFunctions, sampleMs, 20)}\n  ${process.env.FOCUS} by call path:\n${ranked(focusPaths, sampleMs, 15)}`);
  if (frame) console.log(`  samples with a frame matching /${frame.source}/: ${(underFrame * sampleMs).toFixed(0)} ms`);
}

const stack = await startLocalStack();
try {
  for (let run = 0; run < RUNS; run++) await firstVisit(stack.url, run);
} finally {
  await stack.stop();
}
