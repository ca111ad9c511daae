import type { LiveWallPhoto, Photo, ReactionCounts } from '@encore/model';
import type { WithId } from '../../firebase/to-model';

export type PhotoDoc = WithId<Photo>;

/**
 * A photo as the wall shows it: a tile published in `live/photos.wall`, or a photo document
 * read by a page ("More photos"), which carries its own `reactions` once it is old.
 */
export type WallPhoto = LiveWallPhoto & { reactions?: ReactionCounts };
