import { Link, useParams } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { useNow } from '../../time/ClockContext';
import { FestivalGate } from '../../ui/FestivalGate';
import { useFavorites } from '../favorites/FavoritesContext';
import { SetList } from '../programme/SetList';

/** An artist's page (deep-linkable): bio, genres and every set they play. */
export default function ArtistPage() {
  const { artistId = '' } = useParams();
  const festival = useFestival();
  const favorites = useFavorites();
  const now = useNow();
  return (
    <FestivalGate state={festival}>
      {(programme) => {
        const artist = programme.artists.get(artistId);
        if (!artist) {
          return (
            <p className="empty">
              This artist is not on the bill. <Link to="/">Back to the programme</Link>
            </p>
          );
        }
        const sets = programme.performances.filter((performance) => performance.artistId === artist.id);
        return (
          <article>
            <header className="page-header">
              <p>
                <Link to="/">← Programme</Link>
              </p>
              <h1>{artist.name}</h1>
              <ul className="chips" aria-label="Genres">
                {artist.genres.map((genre) => (
                  <li key={genre}>{genre}</li>
                ))}
              </ul>
            </header>
            <div className="detail">
              <section className="panel">
                <h2>Biography</h2>
                <p>{artist.bio}</p>
              </section>
              <section className="panel" aria-labelledby="sets-title">
                <h2 id="sets-title">{sets.length === 1 ? 'Set' : 'Sets'}</h2>
                <SetList
                  programme={programme}
                  performances={sets}
                  now={now}
                  favorites={{ ids: favorites.ids, pendingIds: favorites.pendingIds, onToggle: (id) => void favorites.toggle(id) }}
                />
              </section>
            </div>
          </article>
        );
      }}
    </FestivalGate>
  );
}
