import { describe, expect, it } from 'vitest';
import { dueFans, dueLeads, festivalIsOn, isRemindable, minutesUntil, reminderHorizon } from './reminders.js';

const START = new Date('2026-08-14T19:00:00Z');
const before = (minutes: number) => new Date(START.getTime() - minutes * 60_000);

describe('reminder windows', () => {
  it('make each lead time due from one interval before it to one interval after it, never once the set began', () => {
    expect(dueLeads(START, before(65))).toEqual([60]);
    expect(dueLeads(START, before(61))).toEqual([60]);
    expect(dueLeads(START, before(56))).toEqual([60]);
    expect(dueLeads(START, before(55))).toEqual([]);
    expect(dueLeads(START, before(66))).toEqual([]);
    expect(dueLeads(START, before(32))).toEqual([30]);
    expect(dueLeads(START, before(12))).toEqual([10, 15]);
    expect(dueLeads(START, before(1))).toEqual([5]);
    expect(dueLeads(START, START)).toEqual([]);
    expect(dueLeads(START, before(-3))).toEqual([]);
  });

  it('give every lead time exactly two runs of a five-minute schedule, the first no later than promised', () => {
    for (const lead of [5, 10, 15, 30, 60] as const) {
      // Runs every five minutes, at any offset from the start.
      for (const offset of [0, 1, 2.5, 4.9]) {
        const runs = Array.from({ length: 20 }, (_, index) => 95 - index * 5 - offset).filter((minutes) => minutes > 0);
        const due = runs.filter((minutes) => dueLeads(START, before(minutes)).includes(lead));
        expect(due, `lead ${lead}, offset ${offset}`).toHaveLength(2);
        expect(due[0]!, `lead ${lead}, offset ${offset}`).toBeGreaterThanOrEqual(lead);
        expect(due[0]!, `lead ${lead}, offset ${offset}`).toBeLessThanOrEqual(lead + 5);
      }
    }
  });

  it('look as far ahead as the longest lead time and one interval', () => {
    expect(reminderHorizon(before(0)).toISOString()).toBe('2026-08-14T20:05:00.000Z');
  });

  it('count minutes to the start as the reminder says them', () => {
    expect(minutesUntil(START, before(14.6))).toBe(15);
    expect(minutesUntil(START, before(0.2))).toBe(1);
  });
});

describe('who is reminded of what', () => {
  it('only scheduled sets that have not begun', () => {
    expect(isRemindable({ status: 'scheduled', startsAt: START }, before(10))).toBe(true);
    expect(isRemindable({ status: 'cancelled', startsAt: START }, before(10))).toBe(false);
    expect(isRemindable({ status: 'scheduled', startsAt: START }, before(-1))).toBe(false);
  });

  it('only fans whose own lead time is due; none for those who chose none', () => {
    const fans = [
      { uid: 'a', reminderMinutes: 60 },
      { uid: 'b', reminderMinutes: 15 },
      { uid: 'c', reminderMinutes: null },
      { uid: 'd', reminderMinutes: undefined },
      { uid: 'e', reminderMinutes: 10 },
    ];
    expect(dueFans(fans, [10, 15]).map((fan) => fan.uid)).toEqual(['b', 'e']);
    expect(dueFans(fans, [])).toEqual([]);
  });

  it('look at a festival from a reminder horizon before its first day until its last night ends', () => {
    const festival = { timeZone: 'Europe/Amsterdam', startsOn: '2026-08-14', endsOn: '2026-08-16' };
    // The first festival day starts at 06:00 local (04:00 UTC); the last ends at 06:00 on the 17th.
    expect(festivalIsOn(festival, new Date('2026-08-14T02:54:00Z'))).toBe(false);
    expect(festivalIsOn(festival, new Date('2026-08-14T02:56:00Z'))).toBe(true);
    expect(festivalIsOn(festival, new Date('2026-08-17T03:59:00Z'))).toBe(true);
    expect(festivalIsOn(festival, new Date('2026-08-17T04:00:00Z'))).toBe(false);
  });
});
