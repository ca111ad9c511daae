import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { holdsOneLine, isOnTimeline, minuteOf, PX_PER_MINUTE, timelineLayout } from './timeline-layout';

const amsterdam = { timeZone: 'Europe/Amsterdam' };
const set = (start: string, end: string) => ({ startsAt: new Date(start), endsAt: new Date(end) });

describe('the timeline’s layout', () => {
  it('runs from the festival’s full hour before the first set to the full hour after the last, marking each hour in festival time', () => {
    // 12:15 to 02:45 the next night, Amsterdam summer time (UTC+2).
    const layout = timelineLayout([set('2026-08-15T10:15:00Z', '2026-08-15T11:00:00Z'), set('2026-08-16T00:00:00Z', '2026-08-16T00:45:00Z')], amsterdam)!;
    expect(layout.startsAt.toISOString()).toBe('2026-08-15T10:00:00.000Z');
    expect(layout.minutes).toBe(15 * 60);
    expect(layout.hours.map((hour) => hour.label)).toEqual(['12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00', '22:00', '23:00', '00:00', '01:00', '02:00', '03:00']);
    expect(layout.hours[3]!.minute).toBe(180);
  });

  it('marks full hours of the festival’s zone where the offset is not whole hours', () => {
    const layout = timelineLayout([set('2026-08-15T14:00:00Z', '2026-08-15T15:10:00Z')], { timeZone: 'Asia/Kolkata' })!;
    // 19:30 in Kolkata: the timeline starts at 19:00 there, 13:30 UTC.
    expect(layout.startsAt.toISOString()).toBe('2026-08-15T13:30:00.000Z');
    expect(layout.hours.map((hour) => hour.label)).toEqual(['19:00', '20:00', '21:00']);
  });

  it('places an instant in minutes from the top, and knows whether it is on the timeline', () => {
    const layout = timelineLayout([set('2026-08-15T18:00:00Z', '2026-08-15T19:00:00Z')], amsterdam)!;
    expect(minuteOf(layout, new Date('2026-08-15T18:45:00Z'))).toBe(45);
    expect(isOnTimeline(layout, new Date('2026-08-15T18:45:00Z'))).toBe(true);
    expect(isOnTimeline(layout, new Date('2026-08-15T19:30:00Z'))).toBe(false);
    expect(timelineLayout([], amsterdam)).toBeNull();
  });

  it('gives a block of 84 px or less (54 minutes at 1.6 px, less the 3 px gap) one line of name, a longer one two', () => {
    expect(holdsOneLine(45)).toBe(true);
    expect(holdsOneLine(54)).toBe(true);
    expect(holdsOneLine(55)).toBe(false);
    expect(holdsOneLine(60)).toBe(false);
    // The scale it assumes is the stylesheet's.
    const css = readFileSync(join(__dirname, 'programme.css'), 'utf8');
    expect(css.match(/--px-per-minute:\s*([\d.]+)px/g)).toEqual([`--px-per-minute: ${PX_PER_MINUTE}px`]);
  });
});
