import { brandImageDocSchema, firestorePaths, type BrandImage, type MediaImage } from '@encore/model';
import { NO_BRAND, brandLinks, type BrandLinks } from '../domain/brand-links.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';

/**
 * The festival's own logo and icon as the first page and the manifest link them
 * (domain/brand-links.ts): `images` says which documents to read (the manifest needs the
 * icon only). Either unreadable, both are left out and the app's own icons stand in: a page
 * in the app's look beats no page.
 */
export async function readBrandLinks(deps: Pick<Deps, 'docs' | 'settings'>, festivalId: string, images: readonly BrandImage[] = ['icon', 'logo']): Promise<BrandLinks> {
  const read = async (image: BrandImage): Promise<MediaImage | null> =>
    images.includes(image) ? ((await deps.docs.get(firestorePaths.brandImage(festivalId, image), brandImageDocSchema))?.image ?? null) : null;
  try {
    const [icon, logo] = await Promise.all([read('icon'), read('logo')]);
    return brandLinks({ icon, logo }, deps.settings.publicFilesBase);
  } catch (error) {
    logs.festivalBrandUnreadable({ festivalId, error: String(error) });
    return NO_BRAND;
  }
}
