/**
 * A festival's web manifest (issue 35): what a phone installs from `/f/{festivalId}/` is that
 * festival's app, with its name under the icon, its colours on the splash screen and its
 * programme as the page it opens; scoped to the festival's address, so each festival
 * installs as an app of its own beside the others. Its icons are the festival's own
 * (`festivals/{f}/brand/icon`'s PNGs, domain/brand-links.ts) once it has uploaded one, else
 * the app's (web/public/manifest.webmanifest's).
 */
import { slugIdSchema, type Festival } from '@encore/model';
import type { ManifestIcon } from './brand-links.js';
import { festivalBasePath, festivalSummary, type FirstPageFestival } from './first-page.js';

/** The manifest's path under a festival's base path. */
export const FESTIVAL_MANIFEST_FILE = 'manifest.webmanifest';

/** The app's colour where a festival has none of its own (web/public/manifest.webmanifest). */
export const APP_MANIFEST_COLOUR = '#1b1530';

/** The app's icons, as web/public/manifest.webmanifest lists them. */
export const APP_ICONS = [
  { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
  { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any maskable' },
  { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
] as const;

/** How long a name the home screen shows under an icon without cutting it (Chromium's advice for `short_name`). */
export const SHORT_NAME_LENGTH = 12;

/** `/f/{festivalId}/manifest.webmanifest`'s festival, or null for any other path or an id that is not a slug. */
export function festivalOfManifestPath(path: string): string | null {
  const id = /^\/f\/([^/]+)\/manifest\.webmanifest$/.exec(path)?.[1];
  return id !== undefined && slugIdSchema.safeParse(id).success ? id : null;
}

export type ManifestFestival = FirstPageFestival & Partial<Pick<Festival, 'languages'>>;

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  start_url: string;
  scope: string;
  display: 'standalone';
  theme_color: string;
  background_color: string;
  icons: ReadonlyArray<{ src: string; sizes: string; type: string; purpose: string }>;
}

/** The festival's short name, else its name cut at a word to fit under an icon (whole when it fits, or when its first word does not). */
export function manifestShortName(festival: Pick<Festival, 'name' | 'shortName'>): string {
  if (festival.shortName) return festival.shortName;
  const name = festival.name.trim();
  if (name.length <= SHORT_NAME_LENGTH) return name;
  let cut = '';
  for (const word of name.split(/\s+/)) {
    const longer = cut ? `${cut} ${word}` : word;
    if (longer.length > SHORT_NAME_LENGTH) break;
    cut = longer;
  }
  return cut || name.slice(0, SHORT_NAME_LENGTH);
}

/** `icons`: the festival's own (`brandLinks(...).icons.manifest`), else the app's. */
export function festivalManifest(festivalId: string, festival: ManifestFestival, icons: readonly ManifestIcon[] | null = null): WebManifest {
  const scope = `${festivalBasePath(festivalId)}/`;
  return {
    id: scope,
    name: festival.name,
    short_name: manifestShortName(festival),
    description: festivalSummary(festival),
    lang: festival.defaultLanguage ?? festival.languages?.[0] ?? 'en',
    start_url: scope,
    scope,
    display: 'standalone',
    theme_color: festival.colours?.secondary.toLowerCase() ?? APP_MANIFEST_COLOUR,
    background_color: festival.colours?.secondary.toLowerCase() ?? APP_MANIFEST_COLOUR,
    icons: icons ?? APP_ICONS,
  };
}
