import { describe, expect, it } from 'vitest';
import { hasSyncedPast, rememberSyncedPast } from './synced-past';

const memory = () => {
  const items = new Map<string, string>();
  return { getItem: (name: string) => items.get(name) ?? null, setItem: (name: string, value: string) => void items.set(name, value) };
};

describe('whether the device synced past a bundle', () => {
  it('is false on a first visit, true for that bundle or an older one once the listeners heard from the server, false for a newer one', () => {
    const storage = memory();
    const built = new Date('2026-08-15T19:00:00Z');
    expect(hasSyncedPast('encore-2026', built, storage)).toBe(false);
    rememberSyncedPast('encore-2026', built, storage);
    expect(hasSyncedPast('encore-2026', built, storage)).toBe(true);
    expect(hasSyncedPast('encore-2026', new Date('2026-08-15T18:00:00Z'), storage)).toBe(true);
    expect(hasSyncedPast('encore-2026', new Date('2026-08-15T19:05:00Z'), storage)).toBe(false);
    expect(hasSyncedPast('another-festival', built, storage)).toBe(false);
  });

  it('never goes back to an older bundle', () => {
    const storage = memory();
    rememberSyncedPast('encore-2026', new Date('2026-08-15T19:00:00Z'), storage);
    rememberSyncedPast('encore-2026', new Date('2026-08-15T18:00:00Z'), storage);
    expect(hasSyncedPast('encore-2026', new Date('2026-08-15T18:30:00Z'), storage)).toBe(true);
    expect(hasSyncedPast('encore-2026', new Date('2026-08-15T19:00:00Z'), storage)).toBe(true);
  });
});
