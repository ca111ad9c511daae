import { describe, expect, it } from 'vitest';
import { newestSeen, newsMemory, seenUpTo, unreadCount, urgentBanners } from './news-state';

const at = (time: string) => new Date(`2026-08-15T${time}:00Z`);
const announcements = [
  { id: 'evacuate', createdAt: at('21:00'), priority: 'urgent' as const },
  { id: 'rain', createdAt: at('18:00') },
  { id: 'old-urgent', createdAt: new Date('2026-08-14T06:00:00Z'), priority: 'urgent' as const },
];

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) } as Storage;
}

describe('unread announcements', () => {
  it('are the ones posted after the newest seen, on this device or any other', () => {
    expect(unreadCount(announcements, null)).toBe(3);
    expect(unreadCount(announcements, at('18:00'))).toBe(1);
    expect(unreadCount(announcements, at('21:00'))).toBe(0);
    expect(seenUpTo(at('18:00'), at('21:00'))).toEqual(at('21:00'));
    expect(seenUpTo(at('21:00'), at('18:00'))).toEqual(at('21:00'));
    expect(seenUpTo(null, at('18:00'))).toEqual(at('18:00'));
    expect(seenUpTo(at('18:00'), undefined)).toEqual(at('18:00'));
  });

  it('count as seen up to the newest shown, except one still being posted from this device', () => {
    expect(newestSeen(announcements, new Set())).toEqual(at('21:00'));
    expect(newestSeen(announcements, new Set(['evacuate']))).toEqual(at('18:00'));
    expect(newestSeen([], new Set())).toBeNull();
  });
});

describe('urgent banners', () => {
  it('show urgent announcements of the last twelve hours until dismissed', () => {
    expect(urgentBanners(announcements, new Set(), at('22:00')).map((a) => a.id)).toEqual(['evacuate']);
    expect(urgentBanners(announcements, new Set(['evacuate']), at('22:00'))).toEqual([]);
    expect(urgentBanners(announcements, new Set(), new Date('2026-08-16T09:01:00Z'))).toEqual([]);
  });

  it('leave as soon as staff withdraw or lower the announcement, which then counts as unread no more', () => {
    const withdrawn = [{ ...announcements[0]!, status: 'withdrawn' as const }, ...announcements.slice(1)];
    const lowered = [{ ...announcements[0]!, priority: 'normal' as const }, ...announcements.slice(1)];
    expect(urgentBanners(withdrawn, new Set(), at('22:00'))).toEqual([]);
    expect(urgentBanners(lowered, new Set(), at('22:00'))).toEqual([]);
    expect(unreadCount(withdrawn, at('18:00'))).toBe(0);
    expect(unreadCount(lowered, at('18:00'))).toBe(1);
  });
});

describe('this device’s memory of the news', () => {
  it('keeps the newest seen and the dismissed banners across a reload', () => {
    const storage = memoryStorage();
    newsMemory(storage).rememberSeen(at('21:00'));
    newsMemory(storage).dismiss('evacuate');
    const reloaded = newsMemory(storage);
    expect(reloaded.seenAt()).toEqual(at('21:00'));
    expect(reloaded.dismissed()).toEqual(new Set(['evacuate']));
  });

  it("keeps each festival's memory apart, the build's festival under the keys it always had", () => {
    const storage = memoryStorage();
    newsMemory(storage).rememberSeen(at('21:00'));
    newsMemory(storage).dismiss('evacuate');
    const other = newsMemory(storage, 'zomer-2027');
    expect(other.seenAt()).toBeNull();
    expect(other.dismissed()).toEqual(new Set());
    other.rememberSeen(at('22:00'));
    other.dismiss('storm');
    expect(newsMemory(storage).seenAt()).toEqual(at('21:00'));
    expect(newsMemory(storage).dismissed()).toEqual(new Set(['evacuate']));
    expect(newsMemory(storage, 'zomer-2027').seenAt()).toEqual(at('22:00'));
    expect(storage.getItem('encore.news.seenAt')).toBe(at('21:00').toISOString());
    expect(JSON.parse(storage.getItem('encore.news.dismissed.zomer-2027')!)).toEqual(['storm']);
  });

  it('keeps the last fifty dismissals, and survives storage that is off or garbled', () => {
    const storage = memoryStorage();
    const memory = newsMemory(storage);
    for (let index = 0; index < 60; index++) memory.dismiss(`a${index}`);
    expect(memory.dismissed().size).toBe(50);
    expect(memory.dismissed().has('a59')).toBe(true);
    storage.setItem('encore.news.dismissed', '{not json');
    storage.setItem('encore.news.seenAt', 'yesterday');
    expect(memory.dismissed()).toEqual(new Set());
    expect(memory.seenAt()).toBeNull();
    const off = newsMemory({ getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('SecurityError'); } });
    expect(off.seenAt()).toBeNull();
    expect(() => off.dismiss('x')).not.toThrow();
  });
});
