import { useMemo, useState } from 'react';
import { capPhotoDensity } from '@encore/model';
import type { WallPhoto } from './photo-types';
import { fallbackThumbnail, photoSrcSets, renditionUrl } from './photo-urls';
import { placeholderDataUrl } from './placeholder';

/**
 * A derived photo as `<picture>`: AVIF, then WebP, then JPEG, each with every width so the
 * browser picks by screen, drawn at most at 2x (`capPhotoDensity`: a phone's 50vw tile takes the
 * 480 at 2-3x, the lightbox the 800; photos made before the 480 take the 640, those before the
 * 640 the 800). Until it loads, the ThumbHash preview over the dominant colour. `sizes` is the
 * slot as laid out; the cap is added here.
 */
export function PhotoImage({ photo, sizes: slot, alt, width = 800 }: { photo: WallPhoto; sizes: string; alt: string; width?: number }) {
  const [loaded, setLoaded] = useState(false);
  // Parsed once per slot, not at every render (the wall re-renders at each publication).
  const sizes = useMemo(() => capPhotoDensity(slot), [slot]);
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
