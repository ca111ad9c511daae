/**
 * The bill's instance-time model (`_instance-time.ts`) as pure logic: what request-based
 * billing charges a stream of calls, shared on an instance or one per instance, and how a
 * fraction of a vCPU stretches a duration measured on a whole core.
 */
import { describe, expect, it } from 'vitest';
import type { Invocation } from '../test/integration/local-stack.js';
import { billedInstanceSeconds, instanceDay, withMedianDurations, type FunctionSettings } from './_instance-time.js';

const DAY = 14 * 3600;

describe('billedInstanceSeconds', () => {
  it('charges sparse short calls one 100 ms unit each', () => {
    expect(billedInstanceSeconds(1_000, 0.005, 80, DAY)).toBeCloseTo(100, 6);
  });

  it('charges a dense stream on a concurrent instance at most the day, however many calls', () => {
    expect(billedInstanceSeconds(2_000_000, 0.005, 80, DAY)).toBe(DAY);
  });

  it('charges every call its own time, at least a unit, when an instance takes one call at a time', () => {
    expect(billedInstanceSeconds(2_000_000, 0.005, 1, DAY)).toBeCloseTo(200_000, 6);
    expect(billedInstanceSeconds(1_000, 0.25, 1, DAY)).toBeCloseTo(250, 6);
  });
});

describe('instanceDay', () => {
  const settings = (vcpu: number, concurrency: number): FunctionSettings => ({ memoryGiB: 0.25, vcpu, concurrency, kind: 'event' });

  it('stretches a call measured on a whole core by 1/vCPU on a fraction of one', () => {
    const day = new Map([['thin', { calls: 1_000, totalMs: 30_000 }]]);
    const [line] = instanceDay(day, new Map([['thin', settings(0.25, 1)]]), DAY);
    expect(line!.meanSeconds).toBeCloseTo(0.12, 6);
    expect(line!.instanceSeconds).toBeCloseTo(120, 6);
    expect(line!.vcpuSeconds).toBeCloseTo(30, 6);
  });

  it('leaves a duration as measured at one vCPU or more', () => {
    const day = new Map([['whole', { calls: 1_000, totalMs: 30_000 }]]);
    const [line] = instanceDay(day, new Map([['whole', settings(2, 1)]]), DAY);
    expect(line!.meanSeconds).toBeCloseTo(0.03, 6);
    expect(line!.instanceSeconds).toBeCloseTo(100, 6);
  });

  it('refuses a call of a function the code does not export', () => {
    expect(() => instanceDay(new Map([['gone', { calls: 1, totalMs: 1 }]]), new Map(), DAY)).toThrow(/does not export/);
  });
});

describe('withMedianDurations', () => {
  const attempt = (name: string, durationMs: number, outcome: Invocation['outcome'] = 'ok'): Invocation => ({ function: name, trigger: 't', eventId: `${name}-${durationMs}`, attempt: 1, durationMs, outcome });

  it("keeps the measured run's calls and prices each at the median of the runs' successful attempts", () => {
    const measured = new Map([
      ['processPhoto', { calls: 1, totalMs: 1_250 }],
      ['onUploadFinalized', { calls: 16, totalMs: 16 * 40 }],
    ]);
    const runs = [attempt('processPhoto', 1_250), attempt('processPhoto', 640), attempt('processPhoto', 610), attempt('processPhoto', 9_000, 'error'), attempt('onUploadFinalized', 30), attempt('onUploadFinalized', 50)];
    expect(withMedianDurations(measured, runs)).toEqual(
      new Map([
        ['processPhoto', { calls: 1, totalMs: 640 }],
        ['onUploadFinalized', { calls: 16, totalMs: 16 * 40 }],
      ]),
    );
  });

  it('leaves a function the runs never completed as measured', () => {
    const measured = new Map([['publishLiveSets', { calls: 1, totalMs: 85 }]]);
    expect(withMedianDurations(measured, [attempt('publishLiveSets', 10, 'retrying')])).toEqual(measured);
  });
});
