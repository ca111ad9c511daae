import { describe, expect, it } from 'vitest';
import { favouritesPerSet, reactionsPerPhoto } from './figure-lists';

const at = (time: string) => new Date(`2026-08-14T${time}:00Z`);

describe('favouritesPerSet', () => {
  it('lists every set, most favourites first, equal counts by start time, a set nobody favourited at 0', () => {
    const sets = [
      { id: 'late', startsAt: at('23:00') },
      { id: 'early', startsAt: at('18:00') },
      { id: 'top', startsAt: at('21:00') },
      { id: 'none', startsAt: at('17:00') },
    ];
    const rows = favouritesPerSet(sets, { late: 4, early: 4, top: 9 });
    expect(rows.map((row) => [row.set.id, row.favourites])).toEqual([['top', 9], ['early', 4], ['late', 4], ['none', 0]]);
  });
});

describe('reactionsPerPhoto', () => {
  it('lists photos by their total reactions, with the set and name from the wall where the photo is on it', () => {
    const rows = reactionsPerPhoto({
      reactions: {
        older: { createdAt: at('19:00'), love: 2, fire: 1 },
        newer: { createdAt: at('20:00'), wow: 3 },
        best: { createdAt: at('18:00'), clap: 5, love: 1 },
      },
      wall: [{ id: 'best', uploaderUid: 'u1', uploaderName: 'Umar', performanceId: 'p-headliner', width: 800, height: 600, thumbnails: [], dominantColor: null, placeholder: null, capturedAt: null, createdAt: at('18:00') }],
    });
    expect(rows.map((row) => [row.photoId, row.total])).toEqual([['best', 6], ['newer', 3], ['older', 3]]);
    expect(rows[0]).toMatchObject({ counts: { love: 1, fire: 0, clap: 5, wow: 0 }, performanceId: 'p-headliner', uploaderName: 'Umar' });
    expect(rows[1]).toMatchObject({ performanceId: null, uploaderName: null });
  });

  it('is empty before the first publication', () => {
    expect(reactionsPerPhoto(null)).toEqual([]);
  });
});
