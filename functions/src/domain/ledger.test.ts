import { describe, expect, it } from 'vitest';
import { ledgerEntry, ledgerPath } from './ledger.js';

describe('ledger', () => {
  it('maps any event id to one document and expires entries after the retry window', () => {
    expect(ledgerPath('countFavorite', 'abc/123#0')).toBe('eventLedger/countFavorite~abc%2F123%230');
    const now = new Date('2026-08-14T00:00:00Z');
    expect(ledgerEntry('s', 'e', now)).toEqual({ subscriber: 's', eventId: 'e', processedAt: now, expiresAt: new Date('2026-08-22T00:00:00Z') });
  });
});
