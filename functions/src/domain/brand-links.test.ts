import { describe, expect, it } from 'vitest';
import { ICON, LOGO, brandFolder as folder } from '../testing/brand-images.js';
import { brandLinks, publicFileUrl } from './brand-links.js';

const BASE = 'https://files.example/v0/b/demo-encore.appspot.com/o/';

describe('brandLinks', () => {
  it('links public files as the web app does: the Storage media URL of the encoded path, no token', () => {
    expect(publicFileUrl(BASE, 'media/zomer/brand/icon/u1/any-192.png')).toBe(`${BASE}media%2Fzomer%2Fbrand%2Ficon%2Fu1%2Fany-192.png?alt=media`);
  });

  it("gives the tab the smallest 'any' PNG, Apple its touch icon, and the manifest the 'any' and maskable ones", () => {
    const { icons } = brandLinks({ icon: ICON, logo: null }, BASE);
    expect(icons).toEqual({
      favicon: { src: publicFileUrl(BASE, `${folder('icon')}/any-192.png`), sizes: '192x192', type: 'image/png', purpose: 'any' },
      appleTouch: publicFileUrl(BASE, `${folder('icon')}/apple-touch-180.png`),
      manifest: [
        { src: publicFileUrl(BASE, `${folder('icon')}/any-192.png`), sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: publicFileUrl(BASE, `${folder('icon')}/any-512.png`), sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: publicFileUrl(BASE, `${folder('icon')}/maskable-512.png`), sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    });
  });

  it("previews a link with the logo's largest JPEG, else the icon's largest PNG, else nothing of the festival's", () => {
    expect(brandLinks({ icon: ICON, logo: LOGO }, BASE).preview).toEqual({ url: publicFileUrl(BASE, `${folder('logo')}/640.jpg`), type: 'image/jpeg', width: 640, height: 160 });
    expect(brandLinks({ icon: ICON, logo: null }, BASE).preview).toEqual({ url: publicFileUrl(BASE, `${folder('icon')}/any-512.png`), type: 'image/png', width: 512, height: 512 });
    expect(brandLinks({ icon: null, logo: null }, BASE)).toEqual({ icons: null, preview: null });
  });

  it("leaves the app's icons in place for an icon image without its PNGs", () => {
    const { icons: _, ...withoutPngs } = ICON;
    expect(brandLinks({ icon: withoutPngs, logo: null }, BASE)).toEqual({ icons: null, preview: null });
  });
});
