import { describe, expect, it } from 'vitest';
import { countReport, newModerationEntry, recordDecision, staffTransition } from './moderation.js';

const AT = new Date('2026-08-14T21:00:00Z');
const trusted = (reason: 'privacy' | 'spam' = 'privacy') => ({ reason, weight: { counts: true } as const, at: AT });
const untrusted = { reason: 'spam' as const, weight: { counts: false, because: 'new-account' } as const, at: AT };
/** Automatic hides the festival has left this hour: plenty, unless a test says otherwise. */
const LEFT = 10;

describe('counting reports', () => {
  it('keeps counts per reason and of trusted reporters, and hides a visible photo at the threshold, once', () => {
    const one = countReport(undefined, 'ph1', trusted(), 'ready', 2, LEFT);
    expect(one).toMatchObject({ hide: false, entry: { photoId: 'ph1', reports: 1, trustedReporters: 1, reasons: { privacy: 1 }, autoHiddenAt: null, decision: 'pending' } });
    const two = countReport(one.entry, 'ph1', trusted('spam'), 'ready', 2, LEFT);
    expect(two).toMatchObject({ hide: true, entry: { reports: 2, trustedReporters: 2, reasons: { privacy: 1, spam: 1 }, autoHiddenAt: AT, autoHiddenAfter: 2 } });
    // Hidden already (and auto-hidden once): more reports only count.
    const three = countReport(two.entry, 'ph1', trusted(), 'hidden', 2, LEFT);
    expect(three).toMatchObject({ hide: false, entry: { reports: 3, trustedReporters: 3, reasons: { privacy: 2, spam: 1 }, autoHiddenAfter: 2 } });
  });

  it('never hides on reports from untrusted reporters, however many', () => {
    let entry = newModerationEntry('ph1', AT);
    for (let i = 0; i < 50; i++) {
      const outcome = countReport(entry, 'ph1', untrusted, 'ready', 3, LEFT);
      expect(outcome.hide).toBe(false);
      entry = outcome.entry;
    }
    expect(entry).toMatchObject({ reports: 50, trustedReporters: 0, reasons: { spam: 50 }, notCounted: { 'new-account': 50 } });
  });

  it('holds a photo for staff instead of hiding it once the festival used up its automatic hides this hour', () => {
    const one = countReport(undefined, 'ph1', trusted(), 'ready', 2, 0);
    const two = countReport(one.entry, 'ph1', trusted(), 'ready', 2, 0);
    expect(two).toMatchObject({ hide: false, held: true, entry: { trustedReporters: 2, autoHiddenAt: null, heldAt: AT, heldBecause: 'auto-hide-cap' } });
    // A later report, in an hour with hides left, hides it; the hold stays on record.
    const later = { ...trusted(), at: new Date('2026-08-14T22:05:00Z') };
    expect(countReport(two.entry, 'ph1', later, 'ready', 2, 1)).toMatchObject({ hide: true, held: false, entry: { heldAt: AT, autoHiddenAt: later.at } });
  });

  it('stays the same size however many reports arrive: counters only, no lists', () => {
    let entry = newModerationEntry('ph1', AT);
    for (let i = 0; i < 1000; i++) entry = countReport(entry, 'ph1', i % 2 ? trusted() : untrusted, 'hidden', 3, LEFT).entry;
    expect(JSON.stringify(entry).length).toBeLessThan(400);
    expect(Object.values(entry).some(Array.isArray)).toBe(false);
  });

  it('does not hide a photo that is not visible, nor one staff restored', () => {
    expect(countReport(undefined, 'ph1', trusted(), 'processing', 1, LEFT).hide).toBe(false);
    const restored = recordDecision(undefined, 'ph1', 'restore', { uid: 'sam', name: 'Sam' }, AT);
    expect(countReport(restored, 'ph1', trusted(), 'ready', 1, LEFT).hide).toBe(false);
  });
});

describe('staff decisions', () => {
  it('lets staff hide what is visible and restore what is hidden, nothing else', () => {
    expect(staffTransition('ready', 'hide')).toBe('hidden');
    expect(staffTransition('hidden', 'restore')).toBe('ready');
    expect(staffTransition('rejected', 'restore')).toBeNull();
    expect(staffTransition('hidden', 'hide')).toBeNull();
  });

  it('records who decided and when, keeping the report counts', () => {
    const reported = countReport(undefined, 'ph1', trusted(), 'ready', 3, LEFT).entry;
    const later = new Date('2026-08-14T22:00:00Z');
    expect(recordDecision(reported, 'ph1', 'hide', { uid: 'sam', name: 'sam@encore.test' }, later)).toMatchObject({
      reports: 1,
      trustedReporters: 1,
      decision: 'hidden',
      decidedBy: { uid: 'sam', name: 'sam@encore.test' },
      decidedAt: later,
      updatedAt: later,
    });
  });
});
