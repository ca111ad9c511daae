import { describe, expect, it } from 'vitest';
import { noticeId, programmeChange } from './programme-changes.js';

const base = { startsAt: new Date('2026-08-14T19:00:00Z'), endsAt: new Date('2026-08-14T20:00:00Z'), stageId: 'main', status: 'scheduled' as const };

describe('programme changes', () => {
  it('tell moved and cancelled sets apart from edits visitors need not hear about', () => {
    expect(programmeChange(base, { ...base, startsAt: new Date('2026-08-14T19:30:00Z') })).toBe('moved');
    expect(programmeChange(base, { ...base, stageId: 'tent' })).toBe('moved');
    expect(programmeChange(base, { ...base, status: 'cancelled' })).toBe('cancelled');
    expect(programmeChange({ ...base, status: 'cancelled' }, { ...base, status: 'cancelled', stageId: 'tent' })).toBeNull();
    expect(programmeChange(base, { ...base })).toBeNull();
    expect(programmeChange(null, base)).toBeNull();
  });

  it('give one notice id per change and set', () => {
    expect(noticeId('evt/1#0', 'p1')).toBe('p1-evt%2F1%230');
    expect(noticeId('evt/1#0', 'p1')).not.toBe(noticeId('evt/2#0', 'p1'));
  });
});
