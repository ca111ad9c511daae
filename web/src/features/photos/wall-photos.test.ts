import { describe, expect, it } from 'vitest';
import type { WallPhoto } from './photo-types';
import { agedOut, nextPageAfter, shownWall } from './wall-photos';

const at = (minute: number) => new Date(Date.UTC(2026, 7, 14, 20, minute));
const tile = (id: string, minute: number, performanceId: string | null = null): WallPhoto => ({
  id,
  uploaderUid: 'u',
  performanceId,
  width: 800,
  height: 600,
  thumbnails: [],
  dominantColor: null,
  placeholder: null,
  capturedAt: null,
  createdAt: at(minute),
});
const ids = (photos: readonly WallPhoto[]) => photos.map((photo) => photo.id);

describe('the wall as the app assembles it', () => {
  it('keeps on screen a tile that newer photos pushed out of the published wall', () => {
    const before = [tile('c', 3), tile('b', 2), tile('a', 1)];
    const after = [tile('d', 4), tile('c', 3), tile('b', 2)];
    expect(ids(agedOut(before, after))).toEqual(['a']);
    expect(ids(shownWall(after, agedOut(before, after), [], null))).toEqual(['d', 'c', 'b', 'a']);
  });

  it('drops a tile that left the published wall because it was hidden, rejected or deleted', () => {
    const before = [tile('c', 3), tile('b', 2), tile('a', 1)];
    expect(agedOut(before, [tile('c', 3), tile('a', 1)])).toEqual([]);
    expect(agedOut(before, [tile('c', 3), tile('b', 2)])).toEqual([]);
    expect(agedOut(before, [])).toEqual([]);
  });

  it('drops a photo published as withdrawn wherever it is shown: an aged-out tile hidden in the same publication, an older page', () => {
    // The oldest tile was hidden while a new photo arrived: from the wall alone it looks aged out.
    const before = [tile('c', 3), tile('b', 2), tile('a', 1)];
    const after = [tile('d', 4), tile('c', 3), tile('b', 2)];
    const older = [tile('x', 0)];
    expect(ids(shownWall(after, agedOut(before, after), older, null, new Set(['a', 'x'])))).toEqual(['d', 'c', 'b']);
  });

  it('shows published tiles and older pages newest first, each photo once, and only the set’s own on a set’s wall', () => {
    const published = [tile('d', 4, 'set-1'), tile('c', 3, 'set-2')];
    const older = [tile('b', 2, 'set-1'), tile('d', 4, 'set-1'), tile('a', 1, 'set-2')];
    expect(ids(shownWall(published, [], older, null))).toEqual(['d', 'c', 'b', 'a']);
    expect(ids(shownWall(published, [], older, 'set-1'))).toEqual(['d', 'b']);
  });

  it('shows the photos in the order they were taken (capture time, else upload time), not the order they were shared', () => {
    const taken = (id: string, uploadMinute: number, takenMinute: number | null) => ({ ...tile(id, uploadMinute), capturedAt: takenMinute === null ? null : at(takenMinute) });
    // b was shared last but taken first; c has no capture time (its upload time counts); a and d were taken at the same minute.
    const published = [taken('b', 9, 1), taken('c', 8, null), taken('d', 7, 5)];
    const older = [taken('a', 6, 5), taken('e', 2, 2)];
    expect(ids(shownWall(published, [], older, null))).toEqual(['c', 'd', 'a', 'e', 'b']);
    // Every photo once, whatever the order: paging goes by upload time still.
    expect(shownWall(published, [], older, null)).toHaveLength(5);
    expect(nextPageAfter(published, [], older)).toEqual(at(2));
  });

  it('pages on after the oldest photo shown, or from the newest when nothing is published', () => {
    const published = [tile('d', 4), tile('c', 3)];
    expect(nextPageAfter([], [], [])).toBeNull();
    expect(nextPageAfter(published, [], [])).toEqual(at(3));
    expect(nextPageAfter(published, [tile('b', 2)], [])).toEqual(at(2));
    expect(nextPageAfter(published, [tile('b', 2)], [tile('a', 1)])).toEqual(at(1));
  });
});
