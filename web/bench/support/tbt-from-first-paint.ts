/**
 * Lighthouse's TBT as it would be if its simulated first contentful paint fell where the
 * browser really painted first: an estimate, from the run's own trace, of the figure the
 * median hides. Lighthouse's simulation (Lantern) starts TBT's window at its estimate of the
 * first paint, and that estimate takes in every request finished before the paint it
 * observed; on localhost the entry's scripts often finish within the first frame, so the
 * simulated first paint lands either early (the app's whole start counts) or late (most of it
 * does not), and the score moves by 10 points between runs of one build (web/README.md, "The
 * first page"). This counts every main-thread task from the observed first contentful paint
 * to five seconds after the load event as Lantern weighs it: its length times the CPU
 * slowdown (4, or half that for a task with layout, Lantern's layout multiplier), less 50 ms.
 */
export interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
}

const CPU_SLOWDOWN = 4;
const LAYOUT_SLOWDOWN = CPU_SLOWDOWN / 2;
const BLOCKING_MS = 50;
const AFTER_LOAD_US = 5_000_000;

export function tbtFromObservedFirstPaint(events: readonly TraceEvent[]): number | null {
  const firstPaint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!firstPaint) return null;
  const onMain = events.filter((event) => event.pid === firstPaint.pid && event.tid === firstPaint.tid && event.ph === 'X');
  const load = events.find((event) => event.name === 'loadEventEnd' && event.pid === firstPaint.pid)?.ts ?? Number.POSITIVE_INFINITY;
  const layouts = onMain.filter((event) => event.name === 'Layout');
  let total = 0;
  for (const task of onMain) {
    if (task.name !== 'RunTask' || task.ts < firstPaint.ts || task.ts > load + AFTER_LOAD_US) continue;
    const end = task.ts + (task.dur ?? 0);
    const withLayout = layouts.some((layout) => layout.ts >= task.ts && layout.ts < end);
    const simulatedMs = ((task.dur ?? 0) / 1000) * (withLayout ? LAYOUT_SLOWDOWN : CPU_SLOWDOWN);
    total += Math.max(0, simulatedMs - BLOCKING_MS);
  }
  return total;
}
