import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Skeleton } from '../../ui/Skeleton';
import { Lightbox } from './Lightbox';
import { attributionOf } from './photo-attribution';
import type { PhotoDoc } from './photo-types';
import { PhotoReactionsProvider, usePhotoReactions } from './PhotoReactionsContext';
import { PhotoWallView } from './PhotoWallView';
import { useReadyPhotos } from './use-photos';

/** The live wall (festival-wide, or one performance's) with its lightbox. */
export function PhotoWall({ performanceId }: { performanceId: string | null }) {
  const intl = useIntl();
  const photos = useReadyPhotos(performanceId);
  const { programme } = useFestival();
  const [open, setOpen] = useState<number | null>(null);

  const describe = (photo: PhotoDoc) => {
    const performance = programme?.performances.find((candidate) => candidate.id === photo.performanceId);
    const artist = performance ? programme?.artists.get(performance.artistId) : undefined;
    return artist
      ? intl.formatMessage({ id: 'photos.wall.photoOf', defaultMessage: 'Photo of {artist}' }, { artist: artist.name })
      : intl.formatMessage({ id: 'photos.wall.festivalPhoto', defaultMessage: 'Festival photo' });
  };

  const attribute = (photo: PhotoDoc) => attributionOf(photo, programme);

  if (photos.status === 'error') return <ErrorNotice variant="state" error={photos.error} onRetry={() => window.location.reload()} />;
  if (photos.status === 'loading') {
    return <Skeleton shape="tiles" count={8} label={<FormattedMessage id="photos.wall.loading" defaultMessage="Loading photos…" />} />;
  }
  if (photos.data.length === 0 && photos.fromCache) {
    // Only this device's cache answered: the wall may well have photos, just not saved here.
    return (
      <EmptyState icon="offline" title={<FormattedMessage id="photos.wall.notSavedTitle" defaultMessage="No photos saved on this device yet" />}>
        <FormattedMessage id="photos.wall.notSaved" defaultMessage="They will appear when you are back online." />
      </EmptyState>
    );
  }
  if (photos.data.length === 0) {
    return (
      <EmptyState
        icon="photos"
        title={<FormattedMessage id="photos.wall.empty" defaultMessage="No photos yet. Be the first to share one!" />}
        action={
          <Link to={performanceId ? `/upload?performance=${performanceId}` : '/upload'} className="button">
            <FormattedMessage id="photos.wall.share" defaultMessage="Share a photo" />
          </Link>
        }
      />
    );
  }
  return (
    <PhotoReactionsProvider>
      <CountedWall photos={photos.data} describe={describe} attribute={attribute} onOpen={setOpen} />
      <Lightbox photos={photos.data} index={open} describe={describe} attribute={attribute} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </PhotoReactionsProvider>
  );
}

/** The wall with each photo's reactions as published (live/photos), the person's own at once. */
function CountedWall(props: Omit<Parameters<typeof PhotoWallView>[0], 'countsOf'>) {
  const { countsOf } = usePhotoReactions();
  return <PhotoWallView {...props} countsOf={countsOf} />;
}
