import type { MediaImage } from '@encore/model';
import { useState, type CSSProperties } from 'react';
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
}: {
  image: MediaImage;
  sizes: string;
  alt: string;
  /** The rendition width the plain `src` should be closest to. */
  width?: number;
  className?: string;
  /** Load at once (the site plan), instead of when scrolled near. */
  eager?: boolean;
}) {
  const [loaded, setLoaded] = useState(false);
  const sets = srcSets(image.renditions);
  const fallback = fallbackThumbnail(image.renditions, width);
  const preview = loaded ? null : placeholderDataUrl(image.placeholder);
  const style: CSSProperties = { backgroundColor: image.dominantColor, backgroundImage: preview ? `url(${preview})` : undefined, backgroundSize: 'cover' };
  return (
    <picture className={className ? `media-picture ${className}` : 'media-picture'} style={style} data-loaded={loaded}>
      {sets.avif ? <source type="image/avif" srcSet={sets.avif} sizes={sizes} /> : null}
      {sets.webp ? <source type="image/webp" srcSet={sets.webp} sizes={sizes} /> : null}
      <img
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
        style={{ opacity: loaded ? 1 : 0 }}
      />
    </picture>
  );
}
