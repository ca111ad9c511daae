import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON } from '../testing/brand-images.js';
import { brandLinks } from './brand-links.js';
import { APP_ICONS, APP_MANIFEST_COLOUR, festivalManifest, festivalOfManifestPath, manifestShortName, type ManifestFestival } from './festival-manifest.js';

const zomer: ManifestFestival = {
  name: 'Zomer Klanken 2027',
  shortName: 'Zomer',
  timeZone: 'Europe/Amsterdam',
  startsOn: '2027-07-02',
  endsOn: '2027-07-04',
  venue: 'Park',
  description: 'Three days of music in the park.',
  defaultLanguage: 'nl',
  colours: { primary: '#1A6B3C', secondary: '#0B2545' },
};

describe('festivalManifest', () => {
  it("is the festival's own app: its name, short name, description and language, opening and scoped to its address, standalone", () => {
    expect(festivalManifest('zomer-klanken-2027', zomer)).toMatchObject({
      id: '/f/zomer-klanken-2027/',
      name: 'Zomer Klanken 2027',
      short_name: 'Zomer',
      description: 'Three days of music in the park.',
      lang: 'nl',
      start_url: '/f/zomer-klanken-2027/',
      scope: '/f/zomer-klanken-2027/',
      display: 'standalone',
    });
  });

  it("takes its night band's colour for the browser's bar and the splash screen, else the app's", () => {
    expect(festivalManifest('z', zomer)).toMatchObject({ theme_color: '#0b2545', background_color: '#0b2545' });
    const { colours: _, ...plain } = zomer;
    expect(festivalManifest('z', plain)).toMatchObject({ theme_color: APP_MANIFEST_COLOUR, background_color: APP_MANIFEST_COLOUR });
  });

  it('says when and where without a description', () => {
    const { description: _, ...plain } = zomer;
    expect(festivalManifest('z', { ...plain, defaultLanguage: 'en' }).description).toMatch(/^2\s?–\s?4 July 2027, Park$/);
  });

  it("has the app's icons, as the app's own manifest lists them", () => {
    const own = JSON.parse(readFileSync(new URL('../../../web/public/manifest.webmanifest', import.meta.url), 'utf8')) as { icons: unknown; theme_color: string };
    expect(festivalManifest('z', zomer).icons).toEqual(own.icons);
    expect(APP_ICONS).toEqual(own.icons);
    expect(APP_MANIFEST_COLOUR).toBe(own.theme_color);
  });
});

describe("festivalManifest with the festival's own icon", () => {
  it("lists the festival's PNGs instead of the app's: 'any' 192 and 512, and the maskable 512", () => {
    const { icons } = brandLinks({ icon: ICON, logo: null }, 'https://files.example/o/');
    expect(festivalManifest('z', zomer, icons!.manifest).icons).toEqual(icons!.manifest);
    expect(festivalManifest('z', zomer, icons!.manifest).icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    expect(festivalManifest('z', zomer, null).icons).toEqual(APP_ICONS);
  });
});

describe('manifestShortName', () => {
  it('is the short name, else the name when it fits under an icon, else its first words that do', () => {
    expect(manifestShortName({ name: 'Zomer Klanken 2027', shortName: 'ZK' })).toBe('ZK');
    expect(manifestShortName({ name: 'Encore 2026' })).toBe('Encore 2026');
    expect(manifestShortName({ name: 'Zomer Klanken 2027' })).toBe('Zomer');
    expect(manifestShortName({ name: 'Down The Rabbit Hole' })).toBe('Down The');
    expect(manifestShortName({ name: 'Noorderzonfestival Groningen' })).toBe('Noorderzonfe');
  });
});

describe('festivalOfManifestPath', () => {
  it("reads /f/{id}/manifest.webmanifest's festival, and nothing that is not a slug", () => {
    expect(festivalOfManifestPath('/f/zomer-klanken-2027/manifest.webmanifest')).toBe('zomer-klanken-2027');
    for (const path of ['/manifest.webmanifest', '/f/Zomer/manifest.webmanifest', '/f//manifest.webmanifest', '/f/a/b/manifest.webmanifest', '/f/a/manifest.json']) {
      expect([path, festivalOfManifestPath(path)]).toEqual([path, null]);
    }
  });
});
