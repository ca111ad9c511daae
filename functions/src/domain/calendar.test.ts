import { describe, expect, it } from 'vitest';
import { calendarFeed, newCalendarToken } from './calendar.js';

const set = {
  performanceId: 'nina-main-0814-2100-abc',
  festivalName: 'Encore',
  artistName: 'Nina',
  stageName: 'Main Stage',
  startsAt: new Date('2026-08-14T19:00:00Z'),
  endsAt: new Date('2026-08-14T20:30:00Z'),
  status: 'scheduled' as const,
};

describe('calendar feed', () => {
  it('lists each set with a stable UID and UTC times, and keeps cancelled sets as CANCELLED', () => {
    const feed = calendarFeed([set, { ...set, performanceId: 'x', status: 'cancelled' }]);
    expect(feed).toContain('BEGIN:VCALENDAR');
    expect(feed).toContain('UID:nina-main-0814-2100-abc@encore');
    expect(feed).toContain('DTSTART:20260814T190000Z');
    expect(feed).toContain('DTEND:20260814T203000Z');
    expect(feed).toContain('LOCATION:Main Stage\\, Encore');
    expect(feed).toContain('STATUS:CANCELLED');
    expect(feed).toContain('SUMMARY:CANCELLED: Nina');
  });

  it('serves an empty but valid calendar when nothing is favourited', () => {
    expect(calendarFeed([])).toMatch(/^BEGIN:VCALENDAR\r\n[\s\S]*END:VCALENDAR\r\n$/);
  });

  it('makes unguessable URL-safe tokens', () => {
    const token = newCalendarToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCalendarToken()).not.toBe(token);
  });
});
