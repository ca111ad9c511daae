import { calendarDateIn } from '@encore/model';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
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

/**
 * When a tile's photo was taken (or shared), as short as is still true: "21:04" today, "Sat
 * 21:04" on another day (calendar days in the festival's zone), so a wall that spans the
 * festival's nights never reads as one evening.
 */
export function tileWhen(intl: IntlShape, attribution: Pick<PhotoAttribution, 'at' | 'timeZone'>, now: Date): string {
  const time = clockTime(intl, attribution.at, attribution);
  if (calendarDateIn(attribution.at, attribution.timeZone) === calendarDateIn(now, attribution.timeZone)) return time;
  const day = intl.formatDate(attribution.at, { weekday: 'short', timeZone: attribution.timeZone });
  return intl.formatMessage({ id: 'photos.attribution.tileDayTime', defaultMessage: '{day} {time}' }, { day, time });
}

/** The attribution in two short lines, laid over a wall tile; `now` tells today from other days. */
export function PhotoTileCaption({ attribution, now }: { attribution: PhotoAttribution; now: Date }) {
  const intl = useIntl();
  const time = tileWhen(intl, attribution, now);
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
