import { describe, expect, it } from 'vitest';
import { afterRefusedLead, publicationFor, publicationTaskId, type Publication } from './publication-window.js';

const I = 30_000;
/** A change stored at `ms` and asked for at once. */
const at = (ms: number) => ({ storedAtMs: ms, nowMs: ms });
const lead = (slot: number, ms: number): Publication => ({ slot, at: new Date(ms), leading: true });
const trail = (slot: number): Publication => ({ slot, at: new Date(slot * I), leading: false });

describe('publicationFor', () => {
  it('publishes the first change an instance sees at once, taking the slot that ends its window', () => {
    expect(publicationFor(at(0), I, undefined)).toEqual(lead(1, 0));
    expect(publicationFor(at(29_999), I, undefined)).toEqual(lead(1, 29_999));
    expect(publicationFor(at(30_000), I, undefined)).toEqual(lead(2, 30_000));
  });

  it('asks nothing for a change stored before the last publication asked for runs (that one reads it)', () => {
    expect(publicationFor(at(10_000), I, trail(1))).toBeNull();
    expect(publicationFor({ storedAtMs: 4_999, nowMs: 5_200 }, I, lead(1, 5_000))).toBeNull();
  });

  it('puts a change stored at or after a leading publication on the next slot, more than an interval after it', () => {
    expect(publicationFor(at(5_000), I, lead(1, 5_000))).toEqual(trail(2));
    expect(publicationFor(at(29_000), I, lead(1, 5_000))).toEqual(trail(2));
    expect(trail(2).at.getTime() - 5_000).toBeGreaterThanOrEqual(I);
  });

  it('keeps the steady state on trailing slots an interval apart: a change every second for two minutes is one publication a slot', () => {
    let last: Publication | undefined;
    const asked: Publication[] = [];
    for (let ms = 0; ms < 120_000; ms += 1_000) {
      const next = publicationFor(at(ms), I, last);
      if (next) asked.push((last = next));
    }
    expect(asked).toEqual([lead(1, 0), trail(2), trail(3), trail(4)]);
    const times = asked.map((publication) => publication.at.getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(I);
  });

  it('leads again only after a whole slot with no publication: at least an interval after the last one', () => {
    // The last ran at 60 s (slot 2): a change in window 2 (60-90 s) still rides on slot 3 at 90 s.
    expect(publicationFor(at(61_000), I, trail(2))).toEqual(trail(3));
    // Nothing asked at 90 s: a change at 91 s is published at once, 31 s after the last.
    expect(publicationFor(at(91_000), I, trail(2))).toEqual(lead(4, 91_000));
    // A lead in window 1 took slot 2: a change at 65 s rides on slot 3, the next lead comes from 90 s.
    expect(publicationFor(at(65_000), I, lead(2, 59_000))).toEqual(trail(3));
    expect(publicationFor(at(90_000), I, lead(2, 59_000))).toEqual(lead(4, 90_000));
  });

  it('never leads when told not to (a follow-up or the sweep): the end of the window, or the slot after the last', () => {
    expect(publicationFor(at(5_000), I, undefined, false)).toEqual(trail(1));
    expect(publicationFor(at(91_000), I, trail(2), false)).toEqual(trail(4));
    expect(publicationFor(at(31_000), I, lead(2, 31_000), false)).toEqual(trail(3));
  });

  it('asks for a slot after the instance clock, never one already past, when the change was stored earlier', () => {
    expect(publicationFor({ storedAtMs: 31_000, nowMs: 65_000 }, I, trail(1), false)).toEqual(trail(3));
  });
});

describe('afterRefusedLead', () => {
  it('rides on the next slot: after the change, and at least an interval after the other instance’s lead, whenever it ran', () => {
    const refused = lead(4, 91_000);
    const next = afterRefusedLead(refused, I);
    expect(next).toEqual(trail(5));
    // The other lead ran in window 3 (90-120 s), at 120 s at the latest.
    expect(next.at.getTime() - 120_000).toBeGreaterThanOrEqual(I);
    // And it is where the leading instance puts its own followers: one task, not two.
    expect(publicationFor(at(100_000), I, lead(4, 95_000))).toEqual(next);
  });
});

describe('publicationTaskId', () => {
  it('names the kind, the slot, whether it leads and the festival; leading and trailing ids of a slot differ', () => {
    expect(publicationTaskId('sets', 'encore-2026', trail(7))).toBe('sets-7-encore-2026');
    expect(publicationTaskId('sets', 'encore-2026', lead(7, 200_000))).toBe('sets-lead-7-encore-2026');
    // A festival whose id starts like a lead's still differs from one.
    expect(publicationTaskId('sets', 'lead-7-x', trail(7))).not.toBe(publicationTaskId('sets', 'x', lead(7, 200_000)));
  });

  it('is made of Cloud Tasks characters only, and differs for festivals that differ only in other characters', () => {
    const dotted = publicationTaskId('photos', 'a.b', trail(7));
    expect(dotted).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(dotted).not.toBe(publicationTaskId('photos', 'a_b', trail(7)));
  });

  it('keeps slots and leading apart for a festival id long enough to be cut at 500 characters', () => {
    const long = 'f'.repeat(1500);
    const ids = [publicationTaskId('sets', long, trail(7)), publicationTaskId('sets', long, trail(8)), publicationTaskId('sets', long, lead(7, 200_000))];
    expect(ids.every((id) => id.length === 500)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });
});
