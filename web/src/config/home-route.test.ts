import { describe, expect, it, vi } from 'vitest';
import { askHome } from './ask-home';
import { homeAtLoad, homeHref, openHomeAtLoad, REMEMBERED_HOME_KEY, type HomeWindow } from './home-route';

const memoryStorage = (entries: Record<string, string> = {}) => {
  const map = new Map(Object.entries(entries));
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key) } as unknown as Storage;
};

const page = (pathname: string, { meta, online = true, search = '', hash = '' }: { meta?: string; online?: boolean; search?: string; hash?: string } = {}) => {
  const replaced: string[] = [];
  const win: HomeWindow = {
    location: { pathname, search, hash },
    history: { replaceState: (_data: unknown, _unused: string, url?: string | URL | null) => void replaced.push(String(url)) },
    navigator: { onLine: online },
    document: { querySelector: ((selector: string) => (meta !== undefined && selector === 'meta[name="encore-home"]' ? { getAttribute: () => meta } : null)) as Document['querySelector'] },
  };
  return { win, replaced };
};

describe('homeAtLoad: what `/` opens from what the page knows', () => {
  it('follows the first page: a festival, or the chooser when it names none', () => {
    expect(homeAtLoad({ hint: 'zomer-2027', online: true, remembered: 'encore-2026', build: 'encore-2026' })).toEqual({ kind: 'festival', festivalId: 'zomer-2027' });
    expect(homeAtLoad({ hint: '', online: true, remembered: 'encore-2026', build: 'encore-2026' })).toEqual({ kind: 'chooser' });
  });

  it('asks when online without a first page, and offline opens the festival remembered, else the build\'s', () => {
    expect(homeAtLoad({ hint: undefined, online: true, remembered: 'zomer-2027', build: 'encore-2026' })).toEqual({ kind: 'ask' });
    expect(homeAtLoad({ hint: undefined, online: false, remembered: 'zomer-2027', build: 'encore-2026' })).toEqual({ kind: 'festival', festivalId: 'zomer-2027' });
    expect(homeAtLoad({ hint: undefined, online: false, remembered: null, build: 'encore-2026' })).toEqual({ kind: 'festival', festivalId: 'encore-2026' });
    expect(homeAtLoad({ hint: undefined, online: false, remembered: '../x', build: 'encore-2026' })).toEqual({ kind: 'festival', festivalId: 'encore-2026' });
  });

  it('goes to the festival with the query and fragment `/` was opened with', () => {
    expect(homeHref({ kind: 'festival', festivalId: 'zomer-2027' }, '?day=2', '#now')).toBe('/f/zomer-2027/?day=2#now');
    expect(homeHref({ kind: 'chooser' })).toBe('/festivals');
  });
});

describe('openHomeAtLoad', () => {
  it("replaces `/` by the first page's festival, remembers it, and routes under its prefix", () => {
    const storage = memoryStorage();
    const { win, replaced } = page('/', { meta: 'zomer-2027', search: '?day=2' });
    expect(openHomeAtLoad(win, storage, 'encore-2026')).toEqual({ pathname: '/f/zomer-2027/', asking: false });
    expect(replaced).toEqual(['/f/zomer-2027/?day=2']);
    expect(storage.getItem(REMEMBERED_HOME_KEY)).toBe('zomer-2027');
  });

  it('opens offline the festival `/` opened before, not the build\'s', () => {
    const storage = memoryStorage({ [REMEMBERED_HOME_KEY]: 'zomer-2027' });
    const { win, replaced } = page('/', { online: false });
    expect(openHomeAtLoad(win, storage, 'encore-2026')).toEqual({ pathname: '/f/zomer-2027/', asking: false });
    expect(replaced).toEqual(['/f/zomer-2027/']);
  });

  it("keeps the build's own festival at `/`, whose unprefixed addresses are its own, remembering it", () => {
    const storage = memoryStorage({ [REMEMBERED_HOME_KEY]: 'zomer-2027' });
    const { win, replaced } = page('/', { meta: 'encore-2026' });
    expect(openHomeAtLoad(win, storage, 'encore-2026')).toEqual({ pathname: '/', asking: false });
    expect(replaced).toEqual([]);
    expect(storage.getItem(REMEMBERED_HOME_KEY)).toBe('encore-2026');
  });

  it('leaves `/` as it is to ask when online without a first page, and any other address untouched', () => {
    const { win, replaced } = page('/');
    expect(openHomeAtLoad(win, memoryStorage(), 'encore-2026')).toEqual({ pathname: '/', asking: true });
    const elsewhere = page('/f/encore-2026/lineup', { meta: 'zomer-2027' });
    expect(openHomeAtLoad(elsewhere.win, memoryStorage(), 'encore-2026')).toEqual({ pathname: '/f/encore-2026/lineup', asking: false });
    expect([...replaced, ...elsewhere.replaced]).toEqual([]);
  });

  it('goes to the chooser and forgets the remembered festival when the first page names none', () => {
    const storage = memoryStorage({ [REMEMBERED_HOME_KEY]: 'zomer-2027' });
    const { win, replaced } = page('/', { meta: '' });
    expect(openHomeAtLoad(win, storage, 'encore-2026')).toEqual({ pathname: '/festivals', asking: false });
    expect(replaced).toEqual(['/festivals']);
    expect(storage.getItem(REMEMBERED_HOME_KEY)).toBeNull();
  });
});

describe('askHome', () => {
  it('answers what site/settings says', async () => {
    expect(await askHome(async () => ({ kind: 'chooser' }), { remembered: 'zomer-2027', build: 'encore-2026' })).toEqual({ kind: 'chooser' });
  });

  it('opens the remembered (else the build\'s) festival when the read fails or takes too long', async () => {
    expect(await askHome(() => Promise.reject(new Error('unavailable')), { remembered: null, build: 'encore-2026' })).toEqual({ kind: 'festival', festivalId: 'encore-2026' });
    vi.useFakeTimers();
    try {
      const answer = askHome(() => new Promise(() => undefined), { remembered: 'zomer-2027', build: 'encore-2026' }, 1000);
      await vi.advanceTimersByTimeAsync(1000);
      expect(await answer).toEqual({ kind: 'festival', festivalId: 'zomer-2027' });
    } finally {
      vi.useRealTimers();
    }
  });
});
