import { brandImageDocSchema, firestorePaths } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useEffect, useMemo, useState } from 'react';
import { createPortal } from 'react-dom';
import { appConfig } from '../config/firebase-config';
import { db } from '../firebase/firestore';
import { useLiveDocument } from '../firebase/live';
import { MediaPicture } from '../ui/MediaPicture';

/**
 * The festival's logo in the header's brand link, in place of the app's mark, once its admins
 * uploaded one (`festivals/{f}/brand/logo` has an image). The festival's name stays beside it as
 * text (visually hidden on phones), so the logo itself is decorative (`alt=""`). Loaded after the
 * first content (app/LayoutLater.tsx) and put into the header through a portal, so the first
 * page's JavaScript carries none of it; kept by the service worker for offline visits.
 */
export default function FestivalLogo() {
  const ref = useMemo(() => doc(db(), firestorePaths.brandImage(appConfig.festivalId, 'logo')), []);
  const image = useLiveDocument(ref, brandImageDocSchema).data?.image;
  const slot = useBrandSlot(Boolean(image));
  return image && slot ? createPortal(<MediaPicture image={image} sizes="120px" width={240} alt="" className="brand-logo" eager keepOffline />, slot) : null;
}

/** An element of its own at the start of the header's brand link, there while `wanted`. */
function useBrandSlot(wanted: boolean): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const brand = wanted ? document.querySelector('.site-header .brand') : null;
    if (!brand) return;
    const element = document.createElement('span');
    element.className = 'brand-logo-slot';
    brand.prepend(element);
    setSlot(element);
    return () => {
      element.remove();
      setSlot(null);
    };
  }, [wanted]);
  return slot;
}
