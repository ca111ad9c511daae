import { describe, expect, it } from 'vitest';
import { tbtFromObservedFirstPaint, type TraceEvent } from '../bench/support/tbt-from-first-paint.ts';

const main = { pid: 1, tid: 7 };
const task = (atMs: number, ms: number): TraceEvent => ({ name: 'RunTask', ph: 'X', ts: atMs * 1000, dur: ms * 1000, ...main });
const mark = (name: string, atMs: number): TraceEvent => ({ name, ph: 'R', ts: atMs * 1000, ...main });

describe('TBT from the observed first paint', () => {
  it('weighs each task after the paint as Lantern does: 4x, 2x with layout, less 50 ms', () => {
    const events = [
      task(10, 40), // before the first paint: not counted
      mark('firstContentfulPaint', 100),
      task(120, 20), // 80 ms simulated: 30
      task(200, 30), // with layout: 60 ms simulated: 10
      { name: 'Layout', ph: 'X', ts: 210_000, dur: 5_000, ...main },
      task(300, 10), // 40 ms simulated: 0
      { ...task(400, 100), tid: 8 }, // another thread: not counted
      mark('loadEventEnd', 500),
      task(5_400, 25), // within 5 s of the load: 50
      task(6_000, 100), // later: not counted
    ];
    expect(tbtFromObservedFirstPaint(events)).toBeCloseTo(90, 6);
  });

  it('has nothing to say without a first contentful paint', () => {
    expect(tbtFromObservedFirstPaint([task(0, 100)])).toBeNull();
  });
});
