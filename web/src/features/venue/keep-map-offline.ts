import { firestorePaths, mediaImageSchema, type MediaImage } from '@encore/model';
import { doc, getDocFromCache, type Firestore } from 'firebase/firestore';
import { timestampsToDates } from '../../firebase/to-model';
import { fallbackThumbnail, publicFileUrl, srcSets } from '../photos/photo-urls';
import { SITE_PLAN_FALLBACK_WIDTH, SITE_PLAN_SIZES } from './site-plan-image';

/**
 * Puts the site plan on the device after a first visit to any page, so the map opens offline
 * with its plan although the person never opened it online (the map document itself comes
 * with the programme's data bundle, in Firestore's cache).
 *
 * The browser chooses the rendition exactly as the map's `<picture>` will (same sources,
 * formats and `sizes`, this screen's width and pixel density: a phone gets its phone size, not
 * the largest file), through a hidden `<picture>` loaded once the service worker controls the
 * page, so the worker's media route keeps the file (sw.ts). Staff renditions never change
 * (a new plan has new paths): a later visit finds it in the worker's cache and fetches nothing.
 */
export async function keepSitePlanOffline(firestore: Firestore, festivalId: string): Promise<void> {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const image = await cachedSitePlan(firestore, festivalId);
  if (!image) return;
  await controlledByServiceWorker();
  await loadHidden(image);
}

async function cachedSitePlan(firestore: Firestore, festivalId: string): Promise<MediaImage | null> {
  try {
    const snapshot = await getDocFromCache(doc(firestore, firestorePaths.venueMap(festivalId)));
    const parsed = mediaImageSchema.safeParse(timestampsToDates(snapshot.get('image')));
    return parsed.success ? parsed.data : null;
  } catch {
    // Not in the cache (no bundle this time): the map keeps its plan once shown, as before.
    return null;
  }
}

function controlledByServiceWorker(): Promise<void> {
  if (navigator.serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
}

/** The plan as the map draws it, in a hidden `<picture>`; resolves once the chosen rendition loaded (or failed). */
function loadHidden(image: MediaImage): Promise<void> {
  const sets = srcSets(image.renditions);
  const fallback = fallbackThumbnail(image.renditions, SITE_PLAN_FALLBACK_WIDTH);
  const holder = document.createElement('div');
  holder.hidden = true;
  holder.setAttribute('aria-hidden', 'true');
  const picture = document.createElement('picture');
  for (const type of ['avif', 'webp'] as const) {
    const srcset = sets[type];
    if (!srcset) continue;
    const source = document.createElement('source');
    source.type = `image/${type}`;
    source.srcset = srcset;
    source.sizes = SITE_PLAN_SIZES;
    picture.append(source);
  }
  const img = document.createElement('img');
  img.alt = '';
  img.loading = 'eager';
  img.sizes = SITE_PLAN_SIZES;
  if (sets.jpeg) img.srcset = sets.jpeg;
  if (fallback) img.src = publicFileUrl(fallback.path);
  picture.append(img);
  holder.append(picture);
  return new Promise((resolve) => {
    const done = () => {
      holder.remove();
      resolve();
    };
    img.addEventListener('load', done, { once: true });
    img.addEventListener('error', done, { once: true });
    document.body.append(holder);
  });
}
