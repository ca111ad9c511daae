import { describe, expect, it } from 'vitest';
import { documentIdSchema, slugIdSchema } from './schemas/common.js';
import { performanceIdFor, randomId, slugify } from './ids.js';

describe('slugify', () => {
  it('folds accents, symbols and spaces into a URL-safe id', () => {
    expect(slugify('Zoë Lambert')).toBe('zoe-lambert');
    expect(slugify('  The Velvet Owls!! ')).toBe('the-velvet-owls');
    expect(slugify('Salt & Pepper')).toBe('salt-and-pepper');
    expect(slugify('DJ Sól')).toBe('dj-sol');
  });

  it('caps the length without a trailing dash', () => {
    const slug = slugify('a'.repeat(59) + ' b c d');
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('refuses text with nothing to make an id from', () => {
    expect(() => slugify('!!!')).toThrow(/no letters or digits/);
  });
});

describe('performanceIdFor', () => {
  const input = { artistId: 'the-velvet-owls', stageId: 'main-stage', startsAt: new Date('2026-08-14T19:30:00Z') };

  it('is stable for the same artist, stage and start', () => {
    expect(performanceIdFor(input)).toBe(performanceIdFor({ ...input, startsAt: new Date(input.startsAt) }));
    expect(performanceIdFor(input)).toMatch(/^the-velvet-owls-main-stage-0814-1930-[0-9a-z]{7}$/);
  });

  it('differs when any part differs, and is a valid id', () => {
    const ids = new Set([
      performanceIdFor(input),
      performanceIdFor({ ...input, stageId: 'harbour-tent' }),
      performanceIdFor({ ...input, startsAt: new Date('2026-08-14T19:31:00Z') }),
      performanceIdFor({ ...input, artistId: 'noor-vermeulen' }),
    ]);
    expect(ids.size).toBe(4);
    for (const id of ids) expect(slugIdSchema.safeParse(id).success).toBe(true);
  });
});

describe('randomId', () => {
  it('makes 20-character Firestore-style ids that do not repeat', () => {
    const ids = new Set(Array.from({ length: 2000 }, randomId));
    expect(ids.size).toBe(2000);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(documentIdSchema.safeParse(id).success).toBe(true);
    }
  });
});
