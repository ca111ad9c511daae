import { afterEach, describe, expect, it, vi } from 'vitest';
import { DISPLAY_FONT_KEY, loadDisplayFont } from './display-font';

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

describe('the display face on a first visit', () => {
  afterEach(() => {
    delete (document as { fonts?: unknown }).fonts;
  });

  it('switches the headings to it only once the face has loaded, and remembers it for the next visit', async () => {
    let loaded: () => void = () => {};
    const load = vi.fn(() => new Promise<FontFace[]>((resolve) => (loaded = () => resolve([{} as FontFace]))));
    Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
    const root = document.createElement('html');
    const storage = memoryStorage();

    const done = loadDisplayFont(root, storage);
    await Promise.resolve();
    expect(load).toHaveBeenCalledWith(expect.stringContaining('Bricolage Grotesque Variable'), expect.any(String));
    expect(root.hasAttribute('data-display-font')).toBe(false);
    loaded();
    await done;
    expect(root.hasAttribute('data-display-font')).toBe(true);
    expect(storage.getItem(DISPLAY_FONT_KEY)).toBe('1');
  });

  it('lets the browser use the face when it can even if loading it failed (offline) without remembering it, and does nothing when index.html set it already', async () => {
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    Object.defineProperty(document, 'fonts', { value: { load }, configurable: true });
    const root = document.createElement('html');
    const storage = memoryStorage();
    await loadDisplayFont(root, storage);
    expect(root.hasAttribute('data-display-font')).toBe(true);
    // Not remembered: the next visit loads it after its first content again.
    expect(storage.getItem(DISPLAY_FONT_KEY)).toBeNull();

    load.mockClear();
    await loadDisplayFont(root, memoryStorage());
    expect(load).not.toHaveBeenCalled();
  });
});
