/**
 * firestore.rules checks an artist's links, and a festival's (issue 35), with the very
 * expressions the model validates them with (ARTIST_LINK_PATTERNS, FESTIVAL_LINK_PATTERNS), so
 * the staff editor never accepts a link the rules refuse, nor the rules one the app would not
 * show. The matrix proves the rules' verdicts; this proves the lists are one.
 */
import { ARTIST_LINK_KINDS, ARTIST_LINK_PATTERNS, FESTIVAL_LINK_KINDS, FESTIVAL_LINK_PATTERNS } from '@encore/model';
import { describe, expect, it } from 'vitest';
import { FIRESTORE_RULES } from './harness.js';

/** `link(<links>, 'kind', '...')` calls in the rules, their string literals unescaped. */
const inRules = (links: string) =>
  Object.fromEntries(
    [...FIRESTORE_RULES.matchAll(new RegExp(`link\\(${links}, '([a-z]+)', '((?:[^'\\\\]|\\\\.)*)'\\)`, 'g'))].map((match) => [match[1]!, match[2]!.replace(/\\(.)/g, '$1')]),
  );

describe('artist link patterns', () => {
  it('are the model’s, kind for kind, in firestore.rules', () => {
    const patterns = inRules('links');
    expect(Object.keys(patterns).sort()).toEqual([...ARTIST_LINK_KINDS].sort());
    for (const kind of ARTIST_LINK_KINDS) expect(patterns[kind], kind).toBe(ARTIST_LINK_PATTERNS[kind]);
  });
});

describe('festival link patterns', () => {
  it('are the model’s, kind for kind, in firestore.rules', () => {
    const patterns = inRules('festivalLinks');
    expect(Object.keys(patterns).sort()).toEqual([...FESTIVAL_LINK_KINDS].sort());
    for (const kind of FESTIVAL_LINK_KINDS) expect(patterns[kind], kind).toBe(FESTIVAL_LINK_PATTERNS[kind]);
  });
});
