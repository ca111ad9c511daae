import { festivalDayOf, type Festival } from '@encore/model';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import type { PerformanceDoc } from '../../festival/programme';
import { dayLabel } from '../../time/format';
import { useNow } from '../../time/ClockContext';
import { EmptyState } from '../../ui/EmptyState';
import { FestivalGate } from '../../ui/FestivalGate';
import { useFavorites } from '../favorites/FavoritesContext';
import { SetList } from '../programme/SetList';
import { ArtistLinks } from './ArtistLinks';
import { ArtistPicture } from './ArtistPicture';

/** An artist's page (deep-linkable): their picture (or artwork), genres, links, bio and every set they play. */
export default function ArtistPage() {
  const { artistId = '' } = useParams();
  const intl = useIntl();
  const festival = useFestival();
  const favorites = useFavorites();
  const now = useNow();
  return (
    <FestivalGate state={festival}>
      {(programme) => {
        const artist = programme.artists.get(artistId);
        if (!artist) {
          return (
            <EmptyState
              title={<FormattedMessage id="performance.artistPage.missing" defaultMessage="This artist is not on the bill" />}
              action={
                <Link to="/" className="button">
                  <FormattedMessage id="performance.artistPage.back" defaultMessage="Back to the programme" />
                </Link>
              }
            />
          );
        }
        const sets = programme.performances.filter((performance) => performance.artistId === artist.id);
        const stage = programme.stages.find((candidate) => candidate.id === sets[0]?.stageId);
        return (
          <article>
            <Link to="/" className="back-link">
              ← <FormattedMessage id="performance.artistPage.programme" defaultMessage="Programme" />
            </Link>
            <header className="page-header hero">
              <ArtistPicture artist={artist} color={stage?.color} />
              <div>
                <h1>{artist.name}</h1>
                <ul className="chips" aria-label={intl.formatMessage({ id: 'performance.artistPage.genres', defaultMessage: 'Genres' })}>
                  {artist.genres.map((genre) => (
                    <li key={genre}>{genre}</li>
                  ))}
                </ul>
                <ArtistLinks links={artist.links} name={artist.name} />
              </div>
            </header>
            <div className="detail">
              <section className="panel">
                <h2>
                  <FormattedMessage id="performance.artistPage.biography" defaultMessage="Biography" />
                </h2>
                <p>{artist.bio}</p>
              </section>
              <section className="panel" aria-labelledby="sets-title">
                <h2 id="sets-title">
                  <FormattedMessage id="performance.artistPage.sets" defaultMessage="{count, plural, one {Set} other {Sets}}" values={{ count: sets.length }} />
                </h2>
                {/* One list per festival day: a set card says the time, not the day, and an artist often plays two. */}
                {setsByDay(sets, programme.festival).map(([day, daySets]) => (
                  <section key={day} aria-labelledby={`artist-day-${day}`}>
                    <h3 id={`artist-day-${day}`}>{dayLabel(intl, day)}</h3>
                    <SetList
                      programme={programme}
                      performances={daySets}
                      now={now}
                      favorites={{ ids: favorites.ids, pendingIds: favorites.pendingIds, onToggle: (id) => void favorites.toggle(id) }}
                    />
                  </section>
                ))}
              </section>
            </div>
          </article>
        );
      }}
    </FestivalGate>
  );
}

/** The sets (in time order) per festival day, days in order. */
function setsByDay(sets: PerformanceDoc[], festival: Festival): Array<[string, PerformanceDoc[]]> {
  const days = new Map<string, PerformanceDoc[]>();
  for (const set of sets) {
    const day = festivalDayOf(set.startsAt, festival);
    days.set(day, [...(days.get(day) ?? []), set]);
  }
  return [...days.entries()];
}
