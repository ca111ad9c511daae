import { describe, expect, it } from 'vitest';
import { prioritiesOf, priorityAfterCycle, priorityAfterTap, priorityWrite } from './priority';

describe('must-see and maybe', () => {
  it('sets a priority with one tap, switches it with a tap on the other, and takes it off with a second tap on the same', () => {
    expect(priorityAfterTap(undefined, 'must')).toBe('must');
    expect(priorityAfterTap('must', 'maybe')).toBe('maybe');
    expect(priorityAfterTap('maybe', 'maybe')).toBeNull();
  });

  it('cycles the timeline’s single button from none to must-see to maybe and back to none', () => {
    expect(priorityAfterCycle(undefined)).toBe('must');
    expect(priorityAfterCycle('must')).toBe('maybe');
    expect(priorityAfterCycle('maybe')).toBeNull();
  });

  it('creates the favourite with its priority when the set is not one yet, and changes only the priority when it is', () => {
    expect(priorityWrite(false, undefined, 'maybe')).toEqual({ kind: 'create', priority: 'maybe' });
    expect(priorityWrite(false, undefined, null)).toEqual({ kind: 'none' });
    expect(priorityWrite(true, undefined, 'must')).toEqual({ kind: 'update', priority: 'must' });
    expect(priorityWrite(true, 'must', null)).toEqual({ kind: 'update', priority: null });
    expect(priorityWrite(true, 'must', 'must')).toEqual({ kind: 'none' });
    expect(priorityWrite(true, undefined, null)).toEqual({ kind: 'none' });
  });

  it('reads today’s favourites (no priority field) as plain favourites', () => {
    const today = [
      { id: 'a', festivalId: 'encore-2026', performanceId: 'a', createdAt: new Date() },
      { id: 'b', festivalId: 'encore-2026', performanceId: 'b', createdAt: new Date(), priority: 'maybe' as const },
    ];
    expect(prioritiesOf(today)).toEqual(new Map([['b', 'maybe']]));
  });
});
