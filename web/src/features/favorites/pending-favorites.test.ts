import { describe, expect, it, vi } from 'vitest';
import { notYetInFirestore, storagePendingStore, togglePending, withPendingPriority } from './pending-favorites';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('pending favourites', () => {
  it('are kept per festival across a reload, and forgotten once none are left', () => {
    const storage = memoryStorage();
    const store = storagePendingStore(storage);
    store.save('encore-2026', [{ id: 'p1' }, { id: 'p2', priority: 'must' }]);
    store.save('other-fest', [{ id: 'p9', priority: 'maybe' }]);
    expect(storagePendingStore(storage).load('encore-2026')).toEqual([{ id: 'p1' }, { id: 'p2', priority: 'must' }]);
    expect(storagePendingStore(storage).load('other-fest')).toEqual([{ id: 'p9', priority: 'maybe' }]);
    store.save('encore-2026', []);
    expect(storage.items.has('encore.pendingFavorites.encore-2026')).toBe(false);
  });

  it('read the bare ids older versions kept as plain favourites, and keep a plain one as a bare id', () => {
    const storage = memoryStorage({ 'encore.pendingFavorites.f': '["p1","p2"]' });
    expect(storagePendingStore(storage).load('f')).toEqual([{ id: 'p1' }, { id: 'p2' }]);
    storagePendingStore(storage).save('f', [{ id: 'p1' }, { id: 'p3', priority: 'maybe' }]);
    expect(JSON.parse(storage.items.get('encore.pendingFavorites.f')!)).toEqual(['p1', { id: 'p3', priority: 'maybe' }]);
  });

  it('read a damaged entry as none, keeping only well-formed entries and dropping an unknown priority', () => {
    expect(storagePendingStore(memoryStorage({ 'encore.pendingFavorites.f': '{not json' })).load('f')).toEqual([]);
    expect(storagePendingStore(memoryStorage({ 'encore.pendingFavorites.f': '{"a":1}' })).load('f')).toEqual([]);
    expect(storagePendingStore(memoryStorage({ 'encore.pendingFavorites.f': '["p1",2,null,{"id":3},{"id":"p4","priority":"top"}]' })).load('f')).toEqual([
      { id: 'p1' },
      { id: 'p4' },
    ]);
  });

  it('survive a storage that refuses writes, with a warning instead of an error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refusing = { ...memoryStorage(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    expect(() => storagePendingStore(refusing).save('f', [{ id: 'p1' }])).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('toggle like a heart: a second tap takes it back, priority and all', () => {
    expect(togglePending([], 'p1')).toEqual([{ id: 'p1' }]);
    expect(togglePending([{ id: 'p1', priority: 'must' }, { id: 'p2' }], 'p1')).toEqual([{ id: 'p2' }]);
  });

  it('take a priority: a set not waiting starts waiting with it, null makes a waiting one plain', () => {
    expect(withPendingPriority([], 'p1', 'must')).toEqual([{ id: 'p1', priority: 'must' }]);
    expect(withPendingPriority([{ id: 'p1', priority: 'must' }], 'p1', 'maybe')).toEqual([{ id: 'p1', priority: 'maybe' }]);
    expect(withPendingPriority([{ id: 'p1', priority: 'must' }, { id: 'p2' }], 'p1', null)).toEqual([{ id: 'p1' }, { id: 'p2' }]);
    expect(withPendingPriority([{ id: 'p2' }], 'p1', null)).toEqual([{ id: 'p2' }]);
  });

  it('leave the device once Firestore shows them', () => {
    expect(notYetInFirestore([{ id: 'p1' }, { id: 'p2' }, { id: 'p3', priority: 'must' }], new Set(['p2']))).toEqual([{ id: 'p1' }, { id: 'p3', priority: 'must' }]);
  });
});
