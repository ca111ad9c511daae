// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAN_PRELOAD_HELPER } from '../vite/lean-preload-helper';

type Preload = <T>(load: () => Promise<T>, deps?: string[]) => Promise<T>;

/** A fresh copy of the helper (its own `seen`), run as the browser runs it: an ES module as written. */
async function freshHelper(): Promise<Preload> {
  const source = `${LEAN_PRELOAD_HELPER}\n// ${Math.random()}`;
  return ((await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(source)}`)) as { __vitePreload: Preload }).__vitePreload;
}

const links = () => [...document.head.querySelectorAll('link')].map((link) => `${link.rel} ${link.getAttribute('href')}`);
const linkTo = (href: string) => document.head.querySelector<HTMLLinkElement>(`link[href="${href}"]`)!;
const settled = async <T>(promise: Promise<T>) => Promise.race([promise.then(() => 'resolved', () => 'rejected'), new Promise((resolve) => setTimeout(() => resolve('pending'), 20))]);

describe('the lean preload helper', () => {
  let preload: Preload;
  beforeEach(async () => {
    document.head.innerHTML = '';
    preload = await freshHelper();
  });
  afterEach(() => vi.restoreAllMocks());

  it('imports the chunk only once its stylesheet has loaded, and preloads the chunks it lists without waiting', async () => {
    const load = vi.fn(async () => ({ default: 'page' }));
    const imported = preload(load, ['assets/Page-1.css', 'assets/firestore-2.js']);
    expect(links()).toEqual([`stylesheet ${location.origin}/assets/Page-1.css`, `modulepreload ${location.origin}/assets/firestore-2.js`]);
    expect(await settled(imported)).toBe('pending');
    expect(load).not.toHaveBeenCalled();
    linkTo(`${location.origin}/assets/Page-1.css`).dispatchEvent(new Event('load'));
    await expect(imported).resolves.toEqual({ default: 'page' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('adds each file once per page, and none the HTML already links (the entry’s disabled stylesheet, its module preloads)', async () => {
    document.head.innerHTML = '<link rel="stylesheet" href="/assets/index-1.css" disabled><link rel="modulepreload" href="/assets/ProgrammePage-1.js"><link rel="preload" as="style" href="/assets/Programme-1.css">';
    const first = preload(async () => 1, ['assets/index-1.css', 'assets/ProgrammePage-1.js', 'assets/Programme-1.css']);
    // A stylesheet only preloaded (rel=preload) is not applied: it still gets its stylesheet link.
    expect(links().slice(3)).toEqual([`stylesheet ${location.origin}/assets/Programme-1.css`]);
    linkTo(`${location.origin}/assets/Programme-1.css`).dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(1);
    await expect(preload(async () => 2, ['assets/index-1.css', 'assets/Programme-1.css'])).resolves.toBe(2);
    expect(links()).toHaveLength(4);
  });

  it('imports at once without dependencies', async () => {
    await expect(preload(async () => 'nl')).resolves.toBe('nl');
    await expect(preload(async () => 'nl', [])).resolves.toBe('nl');
    expect(links()).toEqual([]);
  });

  it('fails the import when a stylesheet fails, and asks for it again on the next import', async () => {
    const load = vi.fn(async () => 'page');
    const first = preload(load, ['assets/Photos-1.css']);
    linkTo(`${location.origin}/assets/Photos-1.css`).dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow(`Unable to preload CSS for ${location.origin}/assets/Photos-1.css`);
    expect(load).not.toHaveBeenCalled();
    expect(links()).toEqual([]);
    const retry = preload(load, ['assets/Photos-1.css']);
    linkTo(`${location.origin}/assets/Photos-1.css`).dispatchEvent(new Event('load'));
    await expect(retry).resolves.toBe('page');
  });
});
