import { Link, useParams } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { slotLabel } from '../../time/format';
import { FestivalGate } from '../../ui/FestivalGate';
import { useFavorites } from '../favorites/FavoritesContext';
import { FavoriteButton } from '../favorites/FavoriteButton';
import { PhotoWall } from '../photos/PhotoWall';

/** A set's own page (deep-linkable): when and where, the favourite, and its photo wall. */
export default function PerformancePage() {
  const { performanceId = '' } = useParams();
  const festival = useFestival();
  const favorites = useFavorites();
  return (
    <FestivalGate state={festival}>
      {(programme) => {
        const performance = programme.performances.find((candidate) => candidate.id === performanceId);
        if (!performance) {
          return (
            <p className="empty">
              This set is not in the programme (any more). <Link to="/">Back to the programme</Link>
            </p>
          );
        }
        const artist = programme.artists.get(performance.artistId);
        const stage = programme.stages.find((candidate) => candidate.id === performance.stageId);
        const name = artist?.name ?? 'Unknown artist';
        return (
          <article>
            <header className="page-header">
              <p>
                <Link to="/">← Programme</Link>
              </p>
              <h1>
                {name}
                {performance.title ? <span className="muted"> · {performance.title}</span> : null}
              </h1>
              <p>
                <span className="stage-pill" style={{ ['--stage-color' as string]: stage?.color ?? '#6b6b80' }}>
                  {stage?.name ?? 'Stage to be announced'}
                </span>{' '}
                · {slotLabel(performance.startsAt, performance.endsAt, programme.festival)}
              </p>
            </header>
            {performance.status === 'cancelled' ? (
              <p className="notice notice-error" role="status">
                This set has been cancelled.
              </p>
            ) : null}
            <div className="detail">
              <section className="panel" aria-labelledby="photos-title">
                <h2 id="photos-title">Photos from this set</h2>
                <p>
                  <Link to={`/upload?performance=${performance.id}`}>Add your photos of this set</Link>
                </p>
                <PhotoWall performanceId={performance.id} />
              </section>
              <aside className="panel">
                <div className="button-row">
                  <FavoriteButton
                    artistName={name}
                    isFavorite={favorites.ids.has(performance.id)}
                    pending={favorites.pendingIds.has(performance.id)}
                    count={performance.favoriteCount}
                    onToggle={() => void favorites.toggle(performance.id)}
                  />
                  <span className="muted">{favorites.ids.has(performance.id) ? 'In your schedule' : 'Add to your schedule'}</span>
                </div>
                {artist ? (
                  <>
                    <h2 style={{ marginTop: 16 }}>
                      <Link to={`/artists/${artist.id}`}>About {artist.name}</Link>
                    </h2>
                    <ul className="chips" aria-label="Genres">
                      {artist.genres.map((genre) => (
                        <li key={genre}>{genre}</li>
                      ))}
                    </ul>
                    <p>{artist.bio}</p>
                  </>
                ) : null}
              </aside>
            </div>
          </article>
        );
      }}
    </FestivalGate>
  );
}
