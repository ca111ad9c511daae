import { FormattedMessage, useIntl } from 'react-intl';
import { clockTime, shortInstantLabel } from '../../time/format';
import type { PhotoAttribution } from './photo-attribution';

function Uploader({ name }: { name: string | null }) {
  return name ? <>{name}</> : <FormattedMessage id="photos.attribution.visitor" defaultMessage="a visitor" />;
}

function SetLine({ attribution }: { attribution: PhotoAttribution }) {
  if (!attribution.known) return null;
  if (attribution.artist && attribution.stage) {
    return <FormattedMessage id="photos.attribution.setAndStage" defaultMessage="{artist} · {stage}" values={{ artist: attribution.artist, stage: attribution.stage }} />;
  }
  if (attribution.artist) return <>{attribution.artist}</>;
  return <FormattedMessage id="photos.attribution.noSet" defaultMessage="Not from one set" />;
}

/**
 * The attribution in full, for the photo's own view: set and stage, when it was taken (or
 * shared, when the camera said nothing), in the festival's zone, and by whom.
 */
export function PhotoAttributionText({ attribution }: { attribution: PhotoAttribution }) {
  const intl = useIntl();
  const when = shortInstantLabel(intl, attribution.at, attribution);
  return (
    <div className="photo-attribution">
      <p className="photo-attribution-set">
        <SetLine attribution={attribution} />
      </p>
      <p className="muted">
        {!attribution.known ? null : attribution.captured ? (
          <FormattedMessage id="photos.attribution.takenBy" defaultMessage="Taken {when} by {name}" values={{ when, name: <Uploader name={attribution.uploaderName} /> }} />
        ) : (
          <FormattedMessage id="photos.attribution.sharedBy" defaultMessage="Shared {when} by {name}" values={{ when, name: <Uploader name={attribution.uploaderName} /> }} />
        )}
      </p>
    </div>
  );
}

/** The attribution in two short lines, laid over a wall tile. */
export function PhotoTileCaption({ attribution }: { attribution: PhotoAttribution }) {
  const intl = useIntl();
  const time = clockTime(intl, attribution.at, attribution);
  return (
    <span className="photo-tile-caption">
      <span className="photo-tile-caption-line">
        <SetLine attribution={attribution} />
      </span>
      <span className="photo-tile-caption-line">
        {attribution.known ? (
          <FormattedMessage id="photos.attribution.tile" defaultMessage="{time} · {name}" values={{ time, name: <Uploader name={attribution.uploaderName} /> }} />
        ) : (
          <Uploader name={attribution.uploaderName} />
        )}
      </span>
    </span>
  );
}
