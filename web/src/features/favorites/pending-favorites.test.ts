import { describe, expect, it, vi } from 'vitest';
import { notYetInFirestore, storagePendingStore, togglePending } from './pending-favorites';

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
    store.save('encore-2026', ['p1', 'p2']);
    store.save('other-fest', ['p9']);
    expect(storagePendingStore(storage).load('encore-2026')).toEqual(['p1', 'p2']);
    expect(storagePendingStore(storage).load('other-fest')).toEqual(['p9']);
    store.save('encore-2026', []);
    expect(storage.items.has('encore.pendingFavorites.encore-2026')).toBe(false);
  });

  it('read a damaged entry as none, keeping only the ids that are strings', () => {
    expect(storagePendingStore(memoryStorage({ 'encore.pendingFavorites.f': '{not json' })).load('f')).toEqual([]);
    expect(storagePendingStore(memoryStorage({ 'encore.pendingFavorites.f': '{"a":1}' })).load('f')).toEqual([]);
    expect(storagePendingStore(memoryStorage({ 'encore.pendingFavorites.f': '["p1",2,null]' })).load('f')).toEqual(['p1']);
  });

  it('survive a storage that refuses writes, with a warning instead of an error', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refusing = { ...memoryStorage(), setItem: () => { throw new DOMException('full', 'QuotaExceededError'); } };
    expect(() => storagePendingStore(refusing).save('f', ['p1'])).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('toggle like a heart: a second tap takes it back', () => {
    expect(togglePending([], 'p1')).toEqual(['p1']);
    expect(togglePending(['p1', 'p2'], 'p1')).toEqual(['p2']);
  });

  it('leave the device once Firestore shows them', () => {
    expect(notYetInFirestore(['p1', 'p2', 'p3'], new Set(['p2']))).toEqual(['p1', 'p3']);
  });
});
