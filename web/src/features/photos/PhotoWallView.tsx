import type { ReactionCounts } from '@encore/model';
import { Button } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import { PhotoImage } from './PhotoImage';
import type { PhotoAttribution } from './photo-attribution';
import { PhotoTileCaption } from './PhotoAttributionText';
import type { WallPhoto } from './photo-types';
import { publishedCounts } from './reaction-counts';
import { REACTION_KINDS_SHOWN } from './reaction-kinds';

/** Wide photos take two cells and tall ones two rows, so the grid packs like a masonry wall. */
export function tileShape(photo: Pick<WallPhoto, 'width' | 'height'>): 'wide' | 'tall' | 'square' {
  if (!photo.width || !photo.height) return 'square';
  const ratio = photo.width / photo.height;
  return ratio >= 1.45 ? 'wide' : ratio <= 0.7 ? 'tall' : 'square';
}

/** A dense grid of thumbnails, in the order given (the wall's: newest taken first); each opens the lightbox. */
export function PhotoWallView({
  photos,
  describe,
  attribute,
  onOpen,
  now,
  countsOf = (photo) => publishedCounts(null, photo),
}: {
  photos: WallPhoto[];
  /** The time now: a tile says the day of a photo not taken today. */
  now: Date;
  describe(photo: WallPhoto): string;
  attribute(photo: WallPhoto): PhotoAttribution;
  onOpen(index: number): void;
  /** Each photo's reactions per kind (the wall passes the published ones: PhotoReactionsContext). */
  countsOf?(photo: WallPhoto): ReactionCounts;
}) {
  const intl = useIntl();
  return (
    <ul className="photo-wall">
      {photos.map((photo, index) => {
        const shape = tileShape(photo);
        return (
          <li key={photo.id} className={shape === 'square' ? undefined : `photo-${shape}`}>
            {/* The image's alt text names the button; the caption (set, time, uploader) and the count add to it. */}
            <Button className="photo-tile" onPress={() => onOpen(index)}>
              <PhotoImage photo={photo} sizes={shape === 'wide' ? '(min-width: 900px) 360px, 100vw' : '(min-width: 900px) 180px, 50vw'} width={shape === 'wide' ? 800 : 320} alt={describe(photo)} />
              <PhotoTileCaption attribution={attribute(photo)} now={now} />
              <ReactionBadges counts={countsOf(photo)} intl={intl} />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** One badge per kind with reactions ("❤️ 3 🔥 1"), read out as "Reactions: 3 Love, 1 Fire". */
function ReactionBadges({ counts, intl }: { counts: ReactionCounts; intl: ReturnType<typeof useIntl> }) {
  const shown = REACTION_KINDS_SHOWN.filter(({ kind }) => counts[kind] > 0);
  if (shown.length === 0) return null;
  const spoken = intl.formatList(shown.map(({ kind, label }) => `${counts[kind]} ${intl.formatMessage(label)}`));
  return (
    <span className="photo-tile-count">
      <span aria-hidden="true" className="photo-tile-kinds">
        {shown.map(({ kind, emoji }) => (
          <span key={kind}>
            {emoji} {counts[kind]}
          </span>
        ))}
      </span>
      <span className="visually-hidden">
        <FormattedMessage id="photos.wallView.reactionsByKind" defaultMessage="Reactions: {list}" values={{ list: spoken }} />
      </span>
    </span>
  );
}
