import { useEffect, useState } from 'react';

/**
 * The photo open in the lightbox, held by its id, not its place on the wall: the wall is live,
 * newest first, so each photo published while the lightbox is open moves every place by one,
 * and a lightbox held by place would jump to another photo under the person's finger (their
 * reaction or report landing on a photo they did not choose). A photo that leaves the wall
 * (hidden, deleted) closes the lightbox, and does not reopen it if it comes back.
 */
export function useOpenPhoto(photos: ReadonlyArray<{ id: string }>): {
  /** Where the open photo is on the wall now, or null when none is open. */
  index: number | null;
  /** Opens the photo at `index` (a tile pressed, or the lightbox's previous and next). */
  openAt(index: number): void;
  close(): void;
} {
  const [openId, setOpenId] = useState<string | null>(null);
  const found = openId === null ? -1 : photos.findIndex((photo) => photo.id === openId);
  const gone = openId !== null && found === -1;
  useEffect(() => {
    if (gone) setOpenId(null);
  }, [gone]);
  return {
    index: found === -1 ? null : found,
    openAt: (index) => setOpenId(photos[index]?.id ?? null),
    close: () => setOpenId(null),
  };
}
