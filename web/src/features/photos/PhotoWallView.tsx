import { Button } from 'react-aria-components';
import { FormattedMessage } from 'react-intl';
import { PhotoImage } from './PhotoImage';
import type { PhotoAttribution } from './photo-attribution';
import { PhotoTileCaption } from './PhotoAttributionText';
import type { PhotoDoc } from './photo-types';

/** Wide photos take two cells and tall ones two rows, so the grid packs like a masonry wall. */
export function tileShape(photo: Pick<PhotoDoc, 'width' | 'height'>): 'wide' | 'tall' | 'square' {
  if (!photo.width || !photo.height) return 'square';
  const ratio = photo.width / photo.height;
  return ratio >= 1.45 ? 'wide' : ratio <= 0.7 ? 'tall' : 'square';
}

/** A dense grid of thumbnails, newest first; each opens the lightbox. */
export function PhotoWallView({
  photos,
  describe,
  attribute,
  onOpen,
}: {
  photos: PhotoDoc[];
  describe(photo: PhotoDoc): string;
  attribute(photo: PhotoDoc): PhotoAttribution;
  onOpen(index: number): void;
}) {
  return (
    <ul className="photo-wall">
      {photos.map((photo, index) => {
        const shape = tileShape(photo);
        return (
          <li key={photo.id} className={shape === 'square' ? undefined : `photo-${shape}`}>
            {/* The image's alt text names the button; the caption (set, time, uploader) and the count add to it. */}
            <Button className="photo-tile" onPress={() => onOpen(index)}>
              <PhotoImage photo={photo} sizes={shape === 'wide' ? '(min-width: 900px) 360px, 100vw' : '(min-width: 900px) 180px, 50vw'} width={shape === 'wide' ? 800 : 320} alt={describe(photo)} />
              <PhotoTileCaption attribution={attribute(photo)} />
              {photo.reactionCount > 0 ? (
                <span className="photo-tile-count">
                  <span aria-hidden="true">♥ {photo.reactionCount}</span>
                  <span className="visually-hidden">
                    <FormattedMessage
                      id="photos.wallView.reactions"
                      defaultMessage="{count, plural, one {# reaction} other {# reactions}}"
                      values={{ count: photo.reactionCount }}
                    />
                  </span>
                </span>
              ) : null}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
