import type { Artist } from '@encore/model';
import { MediaPicture } from '../../ui/MediaPicture';
import { initials } from './ArtistArt';
import './artist-media.css';

/**
 * An artist's picture in the artwork slot: their initials on the stage colour first, then the
 * picture staff uploaded (its blurred placeholder while it loads) over them. `small` is the
 * avatar size for lists and cards.
 */
export function ArtistPicture({ artist, color, size = 'large' }: { artist: Pick<Artist, 'name' | 'image'>; color?: string | undefined; size?: 'large' | 'small' }) {
  return (
    <div className={`artist-art${size === 'small' ? ' artist-art-small' : ''}`} style={{ ['--stage-color' as string]: color ?? 'var(--color-stage-fallback)' }} aria-hidden="true">
      <span className="artist-art-initials">{initials(artist.name)}</span>
      {artist.image ? <MediaPicture image={artist.image} sizes={size === 'small' ? '44px' : '148px'} width={size === 'small' ? 128 : 480} alt="" className="artist-art-picture" eager={size === 'large'} /> : null}
    </div>
  );
}
