import { useState } from 'react';
import { useFestival } from '../../festival/FestivalContext';
import { ErrorNotice } from '../../ui/ErrorNotice';
import { Loading } from '../../ui/Loading';
import { Lightbox } from './Lightbox';
import type { PhotoDoc } from './photo-types';
import { PhotoWallView } from './PhotoWallView';
import { useReadyPhotos } from './use-photos';

/** The live wall (festival-wide, or one performance's) with its lightbox. */
export function PhotoWall({ performanceId }: { performanceId: string | null }) {
  const photos = useReadyPhotos(performanceId);
  const { programme } = useFestival();
  const [open, setOpen] = useState<number | null>(null);

  const describe = (photo: PhotoDoc) => {
    const performance = programme?.performances.find((candidate) => candidate.id === photo.performanceId);
    const artist = performance ? programme?.artists.get(performance.artistId) : undefined;
    return artist ? `Photo of ${artist.name}` : 'Festival photo';
  };

  if (photos.status === 'error') return <ErrorNotice error={photos.error} />;
  if (photos.status === 'loading') return <Loading label="Loading photos…" />;
  if (photos.data.length === 0) return <p className="empty">No photos yet. Be the first to share one!</p>;
  return (
    <>
      <PhotoWallView photos={photos.data} describe={describe} onOpen={setOpen} />
      <Lightbox photos={photos.data} index={open} describe={describe} onIndexChange={setOpen} onClose={() => setOpen(null)} />
    </>
  );
}
