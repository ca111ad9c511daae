/**
 * The festival's own logo and app icon (issue 35, `festivals/{f}/brand/{logo|icon}`) as the
 * addresses the first page's head and the web manifest link to. Pure: the images come from
 * their documents, the public files' address from the deployment (`publicFilesBase`).
 */
import type { AppIcon, AppIconPurpose, MediaImage } from '@encore/model';

/** One icon as a web manifest lists it. */
export interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** What the page and the manifest show of the festival's look; null where the app's own stand in. */
export interface BrandLinks {
  icons: {
    /** The browser tab's (`<link rel="icon">`). */
    favicon: ManifestIcon;
    /** `<link rel="apple-touch-icon">`. */
    appleTouch: string;
    /** The web manifest's `icons`. */
    manifest: ManifestIcon[];
  } | null;
  /** Open Graph's and Twitter's image: the logo's largest JPEG, else the icon's largest PNG. */
  preview: { url: string; type: string; width: number; height: number } | null;
}

export const NO_BRAND: BrandLinks = { icons: null, preview: null };

/**
 * A public file's address, as the web app links its staff images (web/src/features/photos/
 * photo-urls.ts, `publicFileUrl`): the Storage REST media URL, without a download token.
 * `base` ends in `/o/` (`https://firebasestorage.googleapis.com/v0/b/{bucket}/o/`, or the
 * Storage emulator's).
 */
export function publicFileUrl(base: string, path: string): string {
  return `${base}${encodeURIComponent(path)}?alt=media`;
}

const asManifestIcon = (base: string, icon: AppIcon): ManifestIcon => ({
  src: publicFileUrl(base, icon.path),
  sizes: `${icon.size}x${icon.size}`,
  type: 'image/png',
  purpose: icon.purpose === 'maskable' ? 'maskable' : 'any',
});

/** The largest of one purpose. */
function largest(icons: readonly AppIcon[], purpose: AppIconPurpose): AppIcon | undefined {
  return icons.filter((icon) => icon.purpose === purpose).sort((a, b) => b.size - a.size)[0];
}

/**
 * The links of a festival's icon and logo. An icon image without its PNGs (none is written
 * so, but a document is read as it is) leaves the app's icons in place.
 */
export function brandLinks(images: { icon: MediaImage | null; logo: MediaImage | null }, base: string): BrandLinks {
  const pngs = images.icon?.icons ?? [];
  const anyIcon = largest(pngs, 'any');
  const appleTouch = largest(pngs, 'apple-touch');
  const icons =
    anyIcon && appleTouch
      ? {
          favicon: asManifestIcon(base, pngs.filter((icon) => icon.purpose === 'any').sort((a, b) => a.size - b.size)[0]!),
          appleTouch: publicFileUrl(base, appleTouch.path),
          manifest: pngs.filter((icon) => icon.purpose !== 'apple-touch').map((icon) => asManifestIcon(base, icon)),
        }
      : null;
  const logo = images.logo?.renditions.filter((rendition) => rendition.format === 'jpeg').sort((a, b) => b.width - a.width)[0];
  const preview = logo
    ? { url: publicFileUrl(base, logo.path), type: 'image/jpeg', width: logo.width, height: logo.height }
    : anyIcon
      ? { url: publicFileUrl(base, anyIcon.path), type: 'image/png', width: anyIcon.size, height: anyIcon.size }
      : null;
  return { icons, preview };
}
