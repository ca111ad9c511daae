import { brandImageDocSchema, firestorePaths, type BrandImage } from '@encore/model';
import { doc } from 'firebase/firestore';
import { useMemo } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { db } from '../../firebase/firestore';
import { useLiveDocument } from '../../firebase/live';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { StaffImageUpload } from '../staff/StaffImageUpload';
import { ICON_MIN_SIZE, iconSizeProblem } from './icon-size';
import './festival-settings.css';

const iconWords = defineMessages({
  notSquare: { id: 'festival-settings.brand.notSquare', defaultMessage: 'This image is {width} × {height} pixels: the app icon must be square. Crop it to a square first.' },
  tooSmall: { id: 'festival-settings.brand.tooSmall', defaultMessage: 'This image is {width} × {height} pixels: the app icon needs at least {minimum} × {minimum}.' },
});

/**
 * The festival's logo and app icon, each uploaded through the image pipeline
 * (`staff-uploads/{f}/brand/{logo|icon}/{uploadId}`) and followed on `festivals/{f}/brand/{image}`,
 * where functions record how the upload went and the renditions made of it.
 */
export function BrandImages({ festivalId }: { festivalId: string }) {
  return (
    <section className="brand-images" aria-labelledby="brand-images-title">
      <h3 id="brand-images-title">
        <FormattedMessage id="festival-settings.brand.title" defaultMessage="Logo and app icon" />
      </h3>
      <BrandImageUpload festivalId={festivalId} image="logo" />
      <BrandImageUpload festivalId={festivalId} image="icon" />
    </section>
  );
}

function BrandImageUpload({ festivalId, image }: { festivalId: string; image: BrandImage }) {
  const intl = useIntl();
  const ref = useMemo(() => doc(db(), firestorePaths.brandImage(festivalId, image)), [festivalId, image]);
  const live = useLiveDocument(ref, brandImageDocSchema);
  const titleId = `brand-${image}-title`;
  return (
    <div className="brand-image" role="group" aria-labelledby={titleId}>
      <h4 id={titleId}>
        {image === 'logo' ? (
          <FormattedMessage id="festival-settings.brand.logo" defaultMessage="Logo" />
        ) : (
          <FormattedMessage id="festival-settings.brand.icon" defaultMessage="App icon" />
        )}
      </h4>
      <p className="field-hint">
        {image === 'logo' ? (
          <FormattedMessage
            id="festival-settings.brand.logoHint"
            defaultMessage="Shown in the app’s header beside the festival’s name, and in the preview when someone shares a page. Any shape; a transparent PNG, WebP or AVIF suits both themes. Up to 20 MB."
          />
        ) : (
          <FormattedMessage
            id="festival-settings.brand.iconHint"
            defaultMessage="The installed app’s icon on the home screen and the browser tab’s. It needs to be square, at least 512 × 512 pixels, with nothing important near the edges (phones round or crop the corners). Up to 20 MB."
          />
        )}
      </p>
      {live.status === 'error' ? <ErrorNotice error={live.error} /> : null}
      <StaffImageUpload
        festivalId={festivalId}
        subject={{ kind: 'brand', image }}
        image={live.data?.image}
        upload={live.data?.imageUpload}
        label={
          image === 'logo' ? (
            <FormattedMessage id="festival-settings.brand.logoLabel" defaultMessage="The festival’s logo" />
          ) : (
            <FormattedMessage id="festival-settings.brand.iconLabel" defaultMessage="The festival’s app icon" />
          )
        }
        previewAlt={
          image === 'logo'
            ? intl.formatMessage({ id: 'festival-settings.brand.logoAlt', defaultMessage: 'The current logo' })
            : intl.formatMessage({ id: 'festival-settings.brand.iconAlt', defaultMessage: 'The current app icon' })
        }
        checkSize={
          image === 'icon'
            ? (size) => {
                const problem = iconSizeProblem(size);
                if (!problem) return null;
                const words: MessageDescriptor = problem === 'not-square' ? iconWords.notSquare : iconWords.tooSmall;
                return intl.formatMessage(words, { ...size, minimum: ICON_MIN_SIZE });
              }
            : undefined
        }
      />
    </div>
  );
}
