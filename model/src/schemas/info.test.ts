import { describe, expect, it } from 'vitest';
import { infoPageSchema, infoText } from './info.js';

const page = { order: 10, title: { en: 'Lockers', nl: 'Kluisjes' }, body: { en: 'By the gate.', nl: 'Bij de ingang.' }, updatedAt: new Date('2026-08-01T10:00:00Z') };

describe('info pages', () => {
  it('accepts a page in both languages, or with one language empty', () => {
    expect(infoPageSchema.safeParse(page).success).toBe(true);
    expect(infoPageSchema.safeParse({ ...page, title: { en: 'Lockers', nl: '' }, body: { en: 'By the gate.', nl: '' } }).success).toBe(true);
  });

  it('refuses a page without any title, an unknown language, a stray field, a bad order or an overlong body', () => {
    const refused = (data: unknown) => infoPageSchema.safeParse(data).success === false;
    expect(refused({ ...page, title: { en: ' ', nl: '' } })).toBe(true);
    expect(refused({ ...page, title: { ...page.title, de: 'Schließfächer' } })).toBe(true);
    expect(refused({ ...page, html: '<b>x</b>' })).toBe(true);
    expect(refused({ ...page, order: -1 })).toBe(true);
    expect(refused({ ...page, order: 1.5 })).toBe(true);
    expect(refused({ ...page, body: { en: 'x'.repeat(10_001), nl: '' } })).toBe(true);
  });

  it('gives readers their language, and the other one when theirs is empty', () => {
    expect(infoText(page.title, 'nl')).toBe('Kluisjes');
    expect(infoText(page.title, 'en')).toBe('Lockers');
    expect(infoText({ en: 'Lost property', nl: '' }, 'nl')).toBe('Lost property');
    expect(infoText({ en: '', nl: 'Gevonden voorwerpen' }, 'en')).toBe('Gevonden voorwerpen');
  });
});
