import { describe, expect, it } from 'vitest';
import { feedAppUrl, newCalendarToken } from './calendar.js';

describe('calendar feed rules', () => {
  it('makes unguessable URL-safe tokens', () => {
    const token = newCalendarToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newCalendarToken()).not.toBe(token);
  });

  it('links to APP_URL when set, else to the project’s default Hosting site', () => {
    expect(feedAppUrl('https://encore.example/', 'demo-encore')).toBe('https://encore.example');
    expect(feedAppUrl('', 'encore-prod')).toBe('https://encore-prod.web.app');
    expect(feedAppUrl('  ', 'encore-prod')).toBe('https://encore-prod.web.app');
  });
});
