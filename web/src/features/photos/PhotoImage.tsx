import { useState } from 'react';
import type { WallPhoto } from './photo-types';
import { fallbackThumbnail, photoSrcSets, renditionUrl } from './photo-urls';
import { placeholderDataUrl } from './placeholder';

/**
 * A derived photo as `<picture>`: AVIF, then WebP, then JPEG, each with every width so the
 * browser picks by screen (a phone's 50vw tile takes the 640 at 2-3x; photos made before it
 * have 320, 800 and 1600, and show as before). Until it loads, the ThumbHash preview over the
 * dominant colour.
 */
export function PhotoImage({ photo, sizes, alt, width = 800 }: { photo: WallPhoto; sizes: string; alt: string; width?: number }) {
  const [loaded, setLoaded] = useState(false);
  const sets = photoSrcSets(photo);
  const fallback = fallbackThumbnail(photo.thumbnails, width);
  const preview = placeholderDataUrl(photo.placeholder);
  const style = {
    backgroundColor: photo.dominantColor ?? 'var(--color-skeleton)',
    backgroundImage: preview && !loaded ? `url(${preview})` : undefined,
    backgroundSize: 'cover',
  };
  if (!fallback) return <div className="photo-missing" style={style} role="img" aria-label={alt} />;
  return (
    <picture style={style} className="photo-picture">
      {sets.avif ? <source type="image/avif" srcSet={sets.avif} sizes={sizes} /> : null}
      {sets.webp ? <source type="image/webp" srcSet={sets.webp} sizes={sizes} /> : null}
      <img
        src={renditionUrl(photo, fallback)}
        srcSet={sets.jpeg}
        sizes={sizes}
        alt={alt}
        width={fallback.width}
        height={fallback.height}
        loading="lazy"
        decoding="async"
        onLoad={() => setLoaded(true)}
        style={{ opacity: loaded ? 1 : 0 }}
      />
    </picture>
  );
}
