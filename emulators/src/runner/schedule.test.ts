import { afterEach, describe, expect, it, vi } from 'vitest';
import { armSchedules, nextRun, toCron } from './schedule.js';

describe('toCron', () => {
  it('passes unix-cron through and converts the App Engine "every N" forms', () => {
    expect(toCron('0 3 * * *')).toBe('0 3 * * *');
    expect(toCron('every 5 minutes')).toBe('*/5 * * * *');
    expect(toCron('every 1 minutes')).toBe('* * * * *');
    expect(toCron('every 2 hours')).toBe('0 */2 * * *');
  });
});

describe('nextRun', () => {
  it('computes the next time in the function time zone', () => {
    // 03:00 in Paris on 1 July (CEST, UTC+2) is 01:00 UTC.
    const due = nextRun({ name: 'nightly', schedule: '0 3 * * *', timeZone: 'Europe/Paris' }, new Date('2026-07-01T00:00:00Z'));
    expect(due.toISOString()).toBe('2026-07-01T01:00:00.000Z');
  });

  it('throws on schedules it cannot parse', () => {
    expect(() => nextRun({ name: 'x', schedule: '1st monday of month 09:00', timeZone: 'UTC' }, new Date())).toThrow();
  });
});

describe('armSchedules', () => {
  afterEach(() => vi.useRealTimers());

  it('fires each job at its scheduled times until disarmed', () => {
    vi.useFakeTimers({ now: new Date('2026-07-01T00:00:30Z') });
    const fired: string[] = [];
    const disarm = armSchedules(
      [{ name: 'tick', schedule: 'every 1 minutes', timeZone: 'UTC' }],
      (job, at) => fired.push(`${job.name}@${at.toISOString()}`),
      () => {},
    );
    vi.advanceTimersByTime(2 * 60_000);
    disarm();
    vi.advanceTimersByTime(5 * 60_000);
    expect(fired).toEqual(['tick@2026-07-01T00:01:00.000Z', 'tick@2026-07-01T00:02:00.000Z']);
  });

  it('reports invalid schedules instead of arming them', () => {
    const invalid: string[] = [];
    const disarm = armSchedules([{ name: 'bad', schedule: 'whenever', timeZone: 'UTC' }], () => {}, (job) => invalid.push(job.name));
    disarm();
    expect(invalid).toEqual(['bad']);
  });
});
