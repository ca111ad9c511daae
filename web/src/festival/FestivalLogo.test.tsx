import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrandImageDoc } from '@encore/model';
import FestivalLogo from './FestivalLogo';

let logo: Partial<BrandImageDoc> | null = null;
const asked: string[] = [];
vi.mock('firebase/firestore', () => ({ doc: (_db: unknown, path: string) => ({ path }) }));
vi.mock('../firebase/firestore', () => ({ db: () => ({}) }));
vi.mock('../firebase/live', () => ({
  useLiveDocument: (ref: { path: string }) => {
    asked.push(ref.path);
    return { data: logo, status: 'ready', error: null, hasPendingWrites: false, fromCache: false };
  },
}));

const image = {
  uploadId: 'up-1',
  width: 600,
  height: 200,
  renditions: [{ width: 240, height: 80, path: 'media/encore-2026/brand/logo/up-1/240.jpg', contentType: 'image/jpeg' }],
  dominantColor: '#223344',
  placeholder: '',
  updatedAt: new Date(),
} as unknown as NonNullable<BrandImageDoc['image']>;

/** The header as app/Layout.tsx draws it: the app's mark, then the festival's name. */
function header() {
  return (
    <header className="site-header">
      <a href="/" className="brand">
        <svg className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Zomer Klanken</span>
      </a>
    </header>
  );
}

beforeEach(() => {
  logo = null;
  asked.length = 0;
});

describe('FestivalLogo', () => {
  it('puts the logo first in the header’s brand link, the name kept as its text', () => {
    logo = { image };
    render(
      <>
        {header()}
        <FestivalLogo />
      </>,
    );
    expect(asked[0]).toBe('festivals/encore-2026/brand/logo');
    const link = screen.getByRole('link', { name: 'Zomer Klanken' });
    const picture = link.firstElementChild?.querySelector('picture');
    expect(picture?.classList.contains('brand-logo')).toBe(true);
    expect(picture?.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('leaves the app’s mark alone without a logo, and takes the logo away when it goes', () => {
    const view = render(
      <>
        {header()}
        <FestivalLogo />
      </>,
    );
    expect(document.querySelector('.brand-logo-slot')).toBeNull();
    logo = { image };
    act(() =>
      view.rerender(
        <>
          {header()}
          <FestivalLogo />
        </>,
      ),
    );
    expect(document.querySelector('.brand .brand-logo')).not.toBeNull();
    logo = { image: null };
    act(() =>
      view.rerender(
        <>
          {header()}
          <FestivalLogo />
        </>,
      ),
    );
    expect(document.querySelector('.brand-logo-slot')).toBeNull();
  });
});
