import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { EmptyState } from '../../ui/EmptyState';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Skeleton } from '../../ui/Skeleton';
import { useNow } from '../../time/ClockContext';
import { Lightbox } from './Lightbox';
import { attributionOf } from './photo-attribution';
import type { WallPhoto } from './photo-types';
import { PhotoReactionsProvider, usePhotoReactions } from './PhotoReactionsContext';
import { PhotoWallView } from './PhotoWallView';
import { useOpenPhoto } from './use-open-photo';
import { useWallPhotos } from './use-photos';
import { useFestivalArchived } from '../editions/use-festival-archived';

/** The live wall (festival-wide, or one performance's) with its lightbox: the published newest photos first, older ones on request. */
export function PhotoWall({ performanceId }: { performanceId: string | null }) {
  const intl = useIntl();
  const wall = useWallPhotos(performanceId);
  const { programme } = useFestival();
  const open = useOpenPhoto(wall.photos);
  const archived = useFestivalArchived();
  // A minute is fine enough: it only decides whether a tile says its day.
  const now = useNow(60_000);

  const describe = (photo: WallPhoto) => {
    const performance = programme?.performances.find((candidate) => candidate.id === photo.performanceId);
    const artist = performance ? programme?.artists.get(performance.artistId) : undefined;
    return artist
      ? intl.formatMessage({ id: 'photos.wall.photoOf', defaultMessage: 'Photo of {artist}' }, { artist: artist.name })
      : intl.formatMessage({ id: 'photos.wall.festivalPhoto', defaultMessage: 'Festival photo' });
  };

  const attribute = (photo: WallPhoto) => attributionOf(photo, programme);

  if (wall.status === 'error') return <ErrorNotice variant="state" error={wall.error} onRetry={() => window.location.reload()} />;
  if (wall.photos.length === 0 && wall.moreError) return <ErrorNotice variant="state" error={wall.moreError} onRetry={wall.loadMore} />;
  if (wall.status === 'loading') {
    return <Skeleton shape="tiles" count={8} label={<FormattedMessage id="photos.wall.loading" defaultMessage="Loading photos…" />} />;
  }
  if (wall.photos.length === 0 && wall.fromCache) {
    // Only this device's cache answered: the wall may well have photos, just not saved here.
    return (
      <EmptyState icon="offline" title={<FormattedMessage id="photos.wall.notSavedTitle" defaultMessage="No photos saved on this device yet" />}>
        <FormattedMessage id="photos.wall.notSaved" defaultMessage="They will appear when you are back online." />
      </EmptyState>
    );
  }
  if (wall.photos.length === 0) {
    return (
      <EmptyState
        icon="photos"
        title={<FormattedMessage id="photos.wall.empty" defaultMessage="No photos yet. Be the first to share one!" />}
        action={
          archived ? undefined : (
            <Link to={performanceId ? `/upload?performance=${performanceId}` : '/upload'} className="button">
              <FormattedMessage id="photos.wall.share" defaultMessage="Share a photo" />
            </Link>
          )
        }
      />
    );
  }
  return (
    <PhotoReactionsProvider live={wall.live}>
      <CountedWall photos={wall.photos} describe={describe} attribute={attribute} onOpen={open.openAt} now={now} />
      {wall.moreError ? <ErrorNotice error={wall.moreError} onRetry={wall.loadMore} /> : null}
      {wall.hasMore ? (
        <div className="photo-wall-more">
          <Button className="button button-secondary" onPress={wall.loadMore} isDisabled={wall.loadingMore}>
            {wall.loadingMore ? (
              <FormattedMessage id="photos.wall.loadingMore" defaultMessage="Loading more photos…" />
            ) : (
              <FormattedMessage id="photos.wall.more" defaultMessage="More photos" />
            )}
          </Button>
        </div>
      ) : null}
      <Lightbox photos={wall.photos} index={open.index} describe={describe} attribute={attribute} onIndexChange={open.openAt} onClose={open.close} />
    </PhotoReactionsProvider>
  );
}

/** The wall with each photo's reactions as published (live/photos), the person's own at once. */
function CountedWall(props: Omit<Parameters<typeof PhotoWallView>[0], 'countsOf'>) {
  const { countsOf } = usePhotoReactions();
  return <PhotoWallView {...props} countsOf={countsOf} />;
}
