import { describe, expect, it } from 'vitest';
import { helpDeskOrder, minutesWaiting } from './help-desk-logic';

const at = (minute: number) => new Date(Date.UTC(2026, 7, 14, 20, minute));

describe('helpDeskOrder', () => {
  it('lists open requests oldest first, then resolved ones most recently resolved first', () => {
    const requests = [
      { id: 'b', status: 'new' as const, createdAt: at(10), updatedAt: at(10) },
      { id: 'r1', status: 'resolved' as const, createdAt: at(1), updatedAt: at(5), resolvedAt: at(5) },
      { id: 'a', status: 'on-the-way' as const, createdAt: at(3), updatedAt: at(12) },
      { id: 'r2', status: 'resolved' as const, createdAt: at(2), updatedAt: at(9), resolvedAt: at(9) },
    ];
    const { open, resolved } = helpDeskOrder(requests);
    expect(open.map((request) => request.id)).toEqual(['a', 'b']);
    expect(resolved.map((request) => request.id)).toEqual(['r2', 'r1']);
  });

  it('counts whole minutes waited, never negative (a phone clock ahead of the server)', () => {
    expect(minutesWaiting(at(10), at(17))).toBe(7);
    expect(minutesWaiting(at(10), at(9))).toBe(0);
  });
});
