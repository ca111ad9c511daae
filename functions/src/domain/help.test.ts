import { describe, expect, it } from 'vitest';
import type { HelpRequest } from '@encore/model';
import { helpEventOf, helpNoticeId, helpPositionOverdue, withoutPosition } from './help.js';

const sent = new Date('2026-08-14T20:00:00Z');
const request: HelpRequest = { uid: 'anna', kind: 'first-aid', note: '', position: { x: 0.4, y: 0.6, accuracy: 10 }, locale: 'nl', status: 'new', createdAt: sent, updatedAt: sent };

describe('helpEventOf', () => {
  it('calls a new request created, and a step staff took a step', () => {
    expect(helpEventOf(undefined, request)).toEqual({ kind: 'created' });
    expect(helpEventOf(request, { ...request, status: 'on-the-way' })).toEqual({ kind: 'step', status: 'on-the-way' });
    expect(helpEventOf({ ...request, status: 'on-the-way' }, { ...request, status: 'resolved' })).toEqual({ kind: 'step', status: 'resolved' });
  });

  it('tells nobody of a cancel, a dropped position, a deletion or a write that changed no status', () => {
    expect(helpEventOf(request, { ...request, status: 'resolved', cancelled: true })).toBeNull();
    expect(helpEventOf(request, withoutPosition(request))).toBeNull();
    expect(helpEventOf(request, undefined)).toBeNull();
  });
});

describe('help positions', () => {
  it('are overdue a day after the request was sent, whatever its status', () => {
    expect(helpPositionOverdue(request, new Date('2026-08-15T19:59:00Z'))).toBe(false);
    expect(helpPositionOverdue({ ...request, status: 'on-the-way' }, new Date('2026-08-15T20:00:00Z'))).toBe(true);
    expect(helpPositionOverdue(withoutPosition(request), new Date('2026-08-16T20:00:00Z'))).toBe(false);
  });

  it('one notice id per request and step', () => {
    expect(helpNoticeId('req-1', 'on-the-way')).not.toBe(helpNoticeId('req-1', 'resolved'));
  });
});
