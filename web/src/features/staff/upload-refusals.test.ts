// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { refusalRows } from './upload-refusals';

describe('refusalRows', () => {
  it('lists the hours that refused anything, latest first, reasons most frequent first', () => {
    const rows = refusalRows({
      hours: {
        '2026-08-14T19:00:00.000Z': { quota: 1 },
        '2026-08-14T20:00:00.000Z': { unknown: 3, 'too-large': 1, empty: 3 },
        '2026-08-14T21:00:00.000Z': { quota: 0 },
      },
    });
    expect(rows).toEqual([
      {
        hour: new Date('2026-08-14T20:00:00.000Z'),
        total: 7,
        reasons: [
          { code: 'empty', count: 3 },
          { code: 'unknown', count: 3 },
          { code: 'too-large', count: 1 },
        ],
      },
      { hour: new Date('2026-08-14T19:00:00.000Z'), total: 1, reasons: [{ code: 'quota', count: 1 }] },
    ]);
  });

  it('has no rows for a day without a document', () => {
    expect(refusalRows(null)).toEqual([]);
  });
});
