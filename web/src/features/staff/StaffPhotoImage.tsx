import { getBlob, ref } from 'firebase/storage';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { storage } from '../../firebase/storage';
import { PhotoImage } from '../photos/PhotoImage';
import type { PhotoDoc } from '../photos/photo-types';
import { fallbackThumbnail, renditionPath } from '../photos/photo-urls';
import { placeholderDataUrl } from '../photos/placeholder';

type Loaded = { status: 'loading' } | { status: 'ready'; url: string } | { status: 'failed' };

/**
 * A photo in the moderation queue as it really looks, whatever its state. A ready photo's
 * renditions are public (PhotoImage links to them). A hidden one's answer only to the
 * festival's moderators and admins (storage.rules), and a plain `<img>` sends no sign-in, so
 * it would get 403: the rendition is read through the Storage SDK instead, signed in as the
 * staff member, and shown from memory. Never through `getDownloadURL()`, whose token would
 * serve the hidden photo to anyone holding the link.
 */
export function StaffPhotoImage({ photo, sizes, alt, width }: { photo: PhotoDoc; sizes: string; alt: string; width: number }) {
  if (photo.status === 'ready') return <PhotoImage photo={photo} sizes={sizes} alt={alt} width={width} />;
  return <SignedInPhotoImage photo={photo} alt={alt} width={width} />;
}

function SignedInPhotoImage({ photo, alt, width }: { photo: PhotoDoc; alt: string; width: number }) {
  const intl = useIntl();
  const rendition = fallbackThumbnail(photo.thumbnails, width);
  const path = rendition ? renditionPath(photo, rendition) : undefined;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    if (!path) return;
    let url: string | undefined;
    let cancelled = false;
    setLoaded({ status: 'loading' });
    getBlob(ref(storage(), path)).then(
      (blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setLoaded({ status: 'ready', url });
      },
      (error: unknown) => {
        console.warn('Hidden photo not loaded:', error);
        if (!cancelled) setLoaded({ status: 'failed' });
      },
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);

  const preview = placeholderDataUrl(photo.placeholder);
  const style = { backgroundColor: photo.dominantColor ?? 'var(--color-skeleton)', backgroundImage: preview ? `url(${preview})` : undefined, backgroundSize: 'cover' };
  if (!rendition || loaded.status === 'failed') {
    const missing = intl.formatMessage({ id: 'staff.moderation.imageMissing', defaultMessage: '{alt} (the image could not be loaded)' }, { alt });
    return <div className="photo-missing" style={style} role="img" aria-label={missing} />;
  }
  if (loaded.status === 'loading') return <div className="photo-missing" style={style} role="img" aria-label={alt} aria-busy="true" />;
  return (
    <picture style={style} className="photo-picture">
      <img src={loaded.url} alt={alt} width={rendition.width} height={rendition.height} decoding="async" />
    </picture>
  );
}
