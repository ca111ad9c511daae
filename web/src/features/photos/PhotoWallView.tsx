import { Button } from 'react-aria-components';
import { PhotoImage } from './PhotoImage';
import type { PhotoDoc } from './photo-types';

/** A responsive grid of thumbnails; each opens the lightbox. */
export function PhotoWallView({ photos, describe, onOpen }: { photos: PhotoDoc[]; describe(photo: PhotoDoc): string; onOpen(index: number): void }) {
  return (
    <ul className="photo-wall">
      {photos.map((photo, index) => (
        <li key={photo.id}>
          {/* The image's alt text names the button; the count adds to it. */}
          <Button className="photo-tile" onPress={() => onOpen(index)}>
            <PhotoImage photo={photo} sizes="(min-width: 900px) 220px, 50vw" width={320} alt={describe(photo)} />
            {photo.reactionCount > 0 ? (
              <span className="photo-tile-count">
                <span aria-hidden="true">♥ </span>
                {photo.reactionCount}
                <span className="visually-hidden"> {photo.reactionCount === 1 ? 'reaction' : 'reactions'}</span>
              </span>
            ) : null}
          </Button>
        </li>
      ))}
    </ul>
  );
}
