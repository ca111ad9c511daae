import { describe, expect, it } from 'vitest';
import { LIVE_WALL_MAX_BYTES, LIVE_WALL_SIZE, livePhotosSchema, wallRenditionsShown, type LivePhotos, type Photo } from '@encore/model';
import { nextLivePhotos, nextWall, nextWithdrawn, sameWall } from './live-photos.js';

const at = (minute: number) => new Date(Date.UTC(2026, 7, 14, 20, minute));
const NOW = at(59);

describe('nextLivePhotos', () => {
  it('replaces only the recounted kinds and keeps the others as published', () => {
    const previous: LivePhotos = { reactions: { a: { createdAt: at(1), love: 3, fire: 1 } }, publishedAt: at(50) };
    const next = nextLivePhotos(previous, [{ photoId: 'a', createdAt: at(1), recounted: { love: 4 } }], NOW);
    expect(next.live?.reactions).toEqual({ a: { createdAt: at(1), love: 4, fire: 1 } });
    expect(next).toMatchObject({ totalDelta: 1, added: 1, photoWrites: [] });
  });

  it('publishes nothing when the recount matches what is published', () => {
    const previous: LivePhotos = { reactions: { a: { createdAt: at(1), love: 3 } }, publishedAt: at(50) };
    expect(nextLivePhotos(previous, [{ photoId: 'a', createdAt: at(1), recounted: { love: 3 } }], NOW)).toEqual({ live: null, photoWrites: [], totalDelta: 0, added: 0 });
  });

  it('drops a photo whose reactions are all gone, and a photo that is gone, from the document and the total', () => {
    const previous: LivePhotos = { reactions: { a: { createdAt: at(1), wow: 2 }, b: { createdAt: at(2), clap: 5 } }, publishedAt: at(50) };
    const next = nextLivePhotos(previous, [
      { photoId: 'a', createdAt: at(1), recounted: { wow: 0 } },
      { photoId: 'b', createdAt: null, recounted: { love: 0, fire: 0, clap: 0, wow: 0 } },
    ], NOW);
    expect(next.live?.reactions).toEqual({});
    expect(next.totalDelta).toBe(-7);
    expect(next.added).toBe(0);
  });

  it('keeps the newest photos within the bound and moves the oldest onto their own documents', () => {
    const previous: LivePhotos = { reactions: { old: { createdAt: at(1), love: 2 }, mid: { createdAt: at(5), fire: 1 } }, publishedAt: at(50) };
    const next = nextLivePhotos(previous, [{ photoId: 'new', createdAt: at(9), recounted: { love: 1, fire: 0, clap: 0, wow: 0 } }], NOW, 2);
    expect(Object.keys(next.live!.reactions).sort()).toEqual(['mid', 'new']);
    expect(next.photoWrites).toEqual([{ photoId: 'old', reactions: { love: 2, fire: 0, clap: 0, wow: 0 } }]);
    // Moving a photo changes no total.
    expect(next.totalDelta).toBe(1);
  });

  it('counts an old photo outside the window on its own document, from what it carried', () => {
    const previous: LivePhotos = { reactions: { a: { createdAt: at(8), love: 1 } }, publishedAt: at(50) };
    const next = nextLivePhotos(previous, [{ photoId: 'older', createdAt: at(0), stored: { reactions: { love: 4, fire: 0, clap: 0, wow: 1 } }, recounted: { love: 5, fire: 0, clap: 0, wow: 1 } }], NOW, 1);
    expect(next.live).toBeNull();
    expect(next.photoWrites).toEqual([{ photoId: 'older', reactions: { love: 5, fire: 0, clap: 0, wow: 1 } }]);
    expect(next.totalDelta).toBe(1);
  });

  it('zeroes the counts a photo carried when it comes back into the window', () => {
    const next = nextLivePhotos(undefined, [{ photoId: 'a', createdAt: at(3), stored: { reactions: { love: 2, fire: 0, clap: 0, wow: 0 } }, recounted: { love: 3, fire: 0, clap: 0, wow: 0 } }], NOW);
    expect(next.live?.reactions).toEqual({ a: { createdAt: at(3), love: 3 } });
    expect(next.photoWrites).toEqual([{ photoId: 'a', reactions: { love: 0, fire: 0, clap: 0, wow: 0 } }]);
    expect(next.totalDelta).toBe(1);
  });

  it('takes a legacy photo’s reactionCount as its previous total', () => {
    const next = nextLivePhotos(undefined, [{ photoId: 'a', createdAt: at(3), stored: { reactionCount: 4 }, recounted: { love: 3, fire: 1, clap: 0, wow: 1 } }], NOW);
    expect(next.totalDelta).toBe(1);
  });
});

describe('the wall (live/photos.wall)', () => {
  const photo = (minute: number, overrides: Partial<Photo> = {}): Photo => ({
    uploaderUid: 'uploader',
    uploaderName: 'Sam',
    performanceId: 'set-1',
    suggestedPerformanceId: null,
    status: 'ready',
    rejectReason: null,
    originalPath: 'uploads/uploader/encore-2026/x',
    width: 800,
    height: 600,
    thumbnails: [{ width: 320, height: 240, format: 'webp', path: 'photos/encore-2026/x/320.webp', bytes: 9000 }],
    dominantColor: '#336699',
    placeholder: null,
    capturedAt: null,
    reportCount: 3,
    createdAt: at(minute),
    updatedAt: at(minute),
    ...overrides,
  });

  it('carries the newest LIVE_WALL_SIZE ready photos as tiles, newest first, without what a tile does not show', () => {
    const newest = Array.from({ length: LIVE_WALL_SIZE + 5 }, (_, i) => ({ id: `p${i}`, photo: photo(58 - i) }));
    const wall = nextWall(newest);
    expect(wall.map((tile) => tile.id)).toEqual(newest.slice(0, LIVE_WALL_SIZE).map(({ id }) => id));
    expect(wall[0]).toEqual({
      id: 'p0',
      uploaderUid: 'uploader',
      uploaderName: 'Sam',
      performanceId: 'set-1',
      width: 800,
      height: 600,
      // Each rendition without its path (it follows from the id) and its size.
      thumbnails: newest[0]!.photo.thumbnails.map(({ width, height, format }) => ({ width, height, format })),
      dominantColor: '#336699',
      placeholder: null,
      capturedAt: null,
      createdAt: at(58),
    });
    expect(livePhotosSchema.parse({ reactions: {}, wall, publishedAt: NOW }).wall).toHaveLength(LIVE_WALL_SIZE);
  });

  it('carries the renditions’ version when the photo has one (its files’ names follow from it), and none for a photo made before versions', () => {
    const versioned = photo(5, { renditionVersion: 'k3x9q2a', thumbnails: [{ width: 640, height: 480, format: 'avif', path: 'photos/encore-2026/v/k3x9q2a-640.avif', bytes: 9000 }] });
    const [tile, old] = nextWall([{ id: 'v', photo: versioned }, { id: 'o', photo: photo(4) }]);
    expect(tile).toMatchObject({ id: 'v', renditionVersion: 'k3x9q2a', thumbnails: [{ width: 640, height: 480, format: 'avif' }] });
    expect(old).not.toHaveProperty('renditionVersion');
    expect(livePhotosSchema.parse({ reactions: {}, wall: [tile, old], publishedAt: NOW }).wall![0]!.renditionVersion).toBe('k3x9q2a');
  });

  it('lists only the AVIF renditions of a photo made in every format at every width (they stand for the rest), and all of one that is not', () => {
    const made = [320, 480, 800].flatMap((width) =>
      (['avif', 'webp', 'jpeg'] as const).map((format) => ({ width, height: (width * 3) / 4, format, path: `photos/encore-2026/c/k3x9q2a-${width}.${format}`, bytes: 9000 })),
    );
    const [compact, partial] = nextWall([
      { id: 'c', photo: photo(6, { renditionVersion: 'k3x9q2a', thumbnails: made }) },
      // A WebP missing at 800: the list is not every format at every width, so it stays whole.
      { id: 'p', photo: photo(5, { thumbnails: made.filter((rendition) => !(rendition.width === 800 && rendition.format === 'webp')) }) },
    ]);
    expect(compact!.thumbnails).toEqual([
      { width: 320, height: 240, format: 'avif' },
      { width: 480, height: 360, format: 'avif' },
      { width: 800, height: 600, format: 'avif' },
    ]);
    expect(partial!.thumbnails).toHaveLength(8);
    // What an open wall shows of the compact tile: every rendition the photo has.
    expect(wallRenditionsShown(compact!.thumbnails)).toEqual(expect.arrayContaining(made.map(({ width, height, format }) => ({ width, height, format }))));
    expect(wallRenditionsShown(compact!.thumbnails)).toHaveLength(made.length);
    // A compact tile compares as itself (a republished wall is not a change).
    expect(sameWall([compact!], nextWall([{ id: 'c', photo: photo(6, { renditionVersion: 'k3x9q2a', thumbnails: made }) }]))).toBe(true);
  });

  it('leaves out a photo that is not ready (a stale query result)', () => {
    expect(nextWall([{ id: 'hidden', photo: photo(3, { status: 'hidden' }) }, { id: 'ok', photo: photo(2) }]).map((tile) => tile.id)).toEqual(['ok']);
  });

  it('drops the oldest tiles until the wall fits its byte bound', () => {
    // A tile carries its renditions' widths, heights and formats: 200 of them weigh ~9 KB.
    const long = (i: number) => Array.from({ length: 200 }, (_, k) => ({ width: 320 + k, height: 240, format: 'avif' as const, path: `photos/encore-2026/p${i}/${320 + k}.avif`, bytes: 9000 }));
    const newest = Array.from({ length: LIVE_WALL_SIZE }, (_, i) => ({ id: `p${i}`, photo: photo(58 - i, { thumbnails: long(i) }) }));
    const wall = nextWall(newest);
    expect(wall.length).toBeGreaterThan(0);
    expect(wall.length).toBeLessThan(LIVE_WALL_SIZE);
    expect(JSON.stringify(wall).length).toBeLessThanOrEqual(LIVE_WALL_MAX_BYTES);
    expect(wall.map((tile) => tile.id)).toEqual(newest.slice(0, wall.length).map(({ id }) => id));
  });

  it('compares walls by what they show', () => {
    const wall = nextWall([{ id: 'a', photo: photo(2) }]);
    expect(sameWall(wall, nextWall([{ id: 'a', photo: photo(2, { reportCount: 9, updatedAt: at(40) }) }]))).toBe(true);
    expect(sameWall(wall, nextWall([{ id: 'a', photo: photo(2, { performanceId: 'set-2' }) }]))).toBe(false);
    expect(sameWall(undefined, [])).toBe(false);
  });
});

describe('the withdrawn photos (live/photos.withdrawn)', () => {
  it('adds each photo once at the publication time, newest first, drops those older than an hour, keeps at most the bound', () => {
    const earlier = [
      { photoId: 'b', at: at(30) },
      { photoId: 'old', at: new Date(NOW.getTime() - 61 * 60_000) },
    ];
    expect(nextWithdrawn(earlier, ['c', 'c', 'b'], NOW)).toEqual([
      { photoId: 'c', at: NOW },
      { photoId: 'b', at: NOW },
    ]);
    expect(nextWithdrawn(undefined, ['a', 'b', 'c'], NOW, 60, 2).map((entry) => entry.photoId)).toEqual(['a', 'b']);
    expect(nextWithdrawn(earlier, [], NOW)).toEqual([{ photoId: 'b', at: at(30) }]);
  });
});
