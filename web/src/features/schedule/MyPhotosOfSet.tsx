import { useIntl } from 'react-intl';
import { PhotoImage } from '../photos/PhotoImage';
import type { PhotoDoc } from '../photos/photo-types';

/** Under a set in "What I saw": the photos the person took of it, small, in the order taken. */
export function MyPhotosOfSet({ photos, artistName }: { photos: readonly PhotoDoc[]; artistName: string }) {
  const intl = useIntl();
  if (photos.length === 0) return null;
  return (
    <ul className="my-photos" aria-label={intl.formatMessage({ id: 'schedule.saw.photosOf', defaultMessage: 'Your photos of {artist}' }, { artist: artistName })}>
      {photos.map((photo, index) => (
        <li key={photo.id}>
          <PhotoImage
            photo={photo}
            sizes="96px"
            width={320}
            alt={intl.formatMessage({ id: 'schedule.saw.photo', defaultMessage: 'Your photo {number} of {artist}' }, { number: index + 1, artist: artistName })}
          />
        </li>
      ))}
    </ul>
  );
}
