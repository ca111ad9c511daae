import type { MediaImage } from '@encore/model';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { fallbackThumbnail, publicFileUrl, srcSets } from '../features/photos/photo-urls';
import { placeholderDataUrl } from '../features/photos/placeholder';

/**
 * An image staff uploaded (an artist's picture, the site plan) as `<picture>`: AVIF, then
 * WebP, then JPEG, every width, so the browser picks by screen. Until it loads, the ThumbHash
 * preview over the dominant colour. Its files are public and never change, so they are linked
 * directly (no download token) and the service worker may keep them for offline use.
 */
export function MediaPicture({
  image,
  sizes,
  alt,
  width = 480,
  className,
  eager = false,
  keepOffline = false,
  onUnavailable,
}: {
  image: MediaImage;
  sizes: string;
  alt: string;
  /** The rendition width the plain `src` should be closest to. */
  width?: number;
  className?: string;
  /** Load at once (the site plan), instead of when scrolled near. */
  eager?: boolean;
  /**
   * Make sure the service worker keeps the rendition shown, for offline use: on a first visit
   * the image may load before the worker controls the page (and so past its cache); it is
   * fetched once more through the worker as soon as it takes control.
   */
  keepOffline?: boolean;
  /** The rendition could not be loaded (offline, and not kept on this device). */
  onUnavailable?(): void;
}) {
  const [loaded, setLoaded] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  useEffect(() => {
    if (!keepOffline || !loaded || !('serviceWorker' in navigator) || navigator.serviceWorker.controller) return;
    const keep = () => {
      const url = img.current?.currentSrc;
      // Opaque (no-cors) as the <img> itself loaded it; the worker's media route stores it.
      if (url) fetch(url, { mode: 'no-cors', credentials: 'omit' }).catch(() => undefined);
    };
    navigator.serviceWorker.addEventListener('controllerchange', keep, { once: true });
    return () => navigator.serviceWorker.removeEventListener('controllerchange', keep);
  }, [keepOffline, loaded]);
  const sets = srcSets(image.renditions);
  const fallback = fallbackThumbnail(image.renditions, width);
  const preview = loaded ? null : placeholderDataUrl(image.placeholder);
  const style: CSSProperties = { backgroundColor: image.dominantColor, backgroundImage: preview ? `url(${preview})` : undefined, backgroundSize: 'cover' };
  return (
    <picture className={className ? `media-picture ${className}` : 'media-picture'} style={style} data-loaded={loaded}>
      {sets.avif ? <source type="image/avif" srcSet={sets.avif} sizes={sizes} /> : null}
      {sets.webp ? <source type="image/webp" srcSet={sets.webp} sizes={sizes} /> : null}
      <img
        ref={img}
        src={fallback ? publicFileUrl(fallback.path) : undefined}
        srcSet={sets.jpeg}
        sizes={sizes}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        draggable={false}
        onLoad={() => setLoaded(true)}
        onError={onUnavailable}
        style={{ opacity: loaded ? 1 : 0 }}
      />
    </picture>
  );
}
