import { describe, expect, it } from 'vitest';
import type { LivePhotos } from '@encore/model';
import { nextLivePhotos } from './live-photos.js';

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
