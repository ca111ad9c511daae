import { useLiveCounts } from '../../festival/LiveCountsContext';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { festivalIsOver } from '../../festival/festival-phase';
import { useNow } from '../../time/ClockContext';
import { slotLabel } from '../../time/format';
import { WasTime } from '../delay/WasTime';
import { EmptyState } from '../../ui/EmptyState';
import { FestivalGate } from '../../ui/FestivalGate';
import { FavoriteButton } from '../favorites/FavoriteButton';
import { PriorityToggle } from '../favorites/PriorityToggle';
import { useFavorites } from '../favorites/FavoritesContext';
import { FriendsOnSet } from '../friends/FriendsOnSet';
import { PhotoWall } from '../photos/PhotoWall';
import { ArtistArt } from './ArtistArt';

/** A set's own page (deep-linkable): when and where, the favourite, and its photo wall. */
export default function PerformancePage() {
  const { performanceId = '' } = useParams();
  const intl = useIntl();
  const festival = useFestival();
  const favorites = useFavorites();
  const liveCounts = useLiveCounts();
  const now = useNow();
  return (
    <FestivalGate state={festival}>
      {(programme) => {
        const performance = programme.performances.find((candidate) => candidate.id === performanceId);
        if (!performance) {
          return (
            <EmptyState
              title={<FormattedMessage id="performance.page.missing" defaultMessage="This set is not in the programme (any more)" />}
              action={
                <Link to="/" className="button">
                  <FormattedMessage id="performance.page.back" defaultMessage="Back to the programme" />
                </Link>
              }
            />
          );
        }
        const artist = programme.artists.get(performance.artistId);
        const stage = programme.stages.find((candidate) => candidate.id === performance.stageId);
        const name = artist?.name ?? intl.formatMessage({ id: 'performance.page.unknownArtist', defaultMessage: 'Unknown artist' });
        const inSchedule = favorites.ids.has(performance.id);
        const fans = liveCounts.favorites[performance.id] ?? 0;
        const cancelled = performance.status === 'cancelled';
        // After the festival (or once archived) there is nothing to plan: what was, without the buttons (issue 37).
        const over = festivalIsOver(programme.festival, now);
        return (
          <article>
            <Link to="/" className="back-link">
              ← <FormattedMessage id="performance.page.programme" defaultMessage="Programme" />
            </Link>
            <header className="page-header hero">
              <ArtistArt name={name} color={stage?.color} />
              <div>
                <h1>
                  {name}
                  {performance.title ? <span className="muted"> · {performance.title}</span> : null}
                </h1>
                <p className="hero-meta">
                  <span className="stage-pill" style={{ ['--stage-color' as string]: stage?.color ?? 'var(--color-stage-fallback)' }}>
                    {stage?.name ?? intl.formatMessage({ id: 'performance.page.stageTba', defaultMessage: 'Stage to be announced' })}
                  </span>
                  <span>
                    {slotLabel(intl, performance.startsAt, performance.endsAt, programme.festival)}
                    <WasTime scheduled={performance.scheduled} festival={programme.festival} />
                  </span>
                </p>
                {over ? (
                  <p className="muted" style={{ marginTop: 'var(--space-3)' }}>
                    <FormattedMessage
                      id="performance.page.over"
                      defaultMessage="{mine, select, yes {It was in your schedule. } other {}}{count, plural, =0 {Nobody had it in their schedule.} one {# person had it in their schedule.} other {# people had it in their schedule.}}"
                      values={{ mine: inSchedule ? 'yes' : 'no', count: fans }}
                    />
                  </p>
                ) : (
                  <>
                    <div className="button-row" style={{ marginTop: 'var(--space-3)' }}>
                      <FavoriteButton
                        artistName={name}
                        isFavorite={inSchedule}
                        pending={favorites.pendingIds.has(performance.id)}
                        count={fans}
                        onToggle={() => void favorites.toggle(performance.id)}
                        disabled={cancelled && !inSchedule}
                        describedBy={cancelled ? 'favourite-note' : undefined}
                      />
                      <span className="muted" id="favourite-note">
                        {cancelled ? (
                          inSchedule ? (
                            <FormattedMessage id="performance.page.cancelledInSchedule" defaultMessage="Cancelled: you can take it out of your schedule" />
                          ) : (
                            <FormattedMessage id="performance.page.cancelledNoFavourite" defaultMessage="Cancelled sets cannot be added to your schedule" />
                          )
                        ) : inSchedule ? (
                          <FormattedMessage id="performance.page.inSchedule" defaultMessage="In your schedule" />
                        ) : (
                          <FormattedMessage id="performance.page.addToSchedule" defaultMessage="Add to your schedule" />
                        )}
                      </span>
                    </div>
                    <PriorityToggle
                      artistName={name}
                      priority={inSchedule ? favorites.priorities.get(performance.id) : undefined}
                      onChange={(next) => void favorites.setPriority(performance.id, next)}
                      disabled={cancelled && !inSchedule}
                    />
                  </>
                )}
                <FriendsOnSet performanceId={performance.id} />
              </div>
            </header>
            {cancelled ? (
              <p className="notice notice-error" role="status">
                <FormattedMessage id="performance.page.cancelled" defaultMessage="This set has been cancelled." />
              </p>
            ) : null}
            <div className="detail">
              <section className="panel" aria-labelledby="photos-title">
                <h2 id="photos-title">
                  <FormattedMessage id="performance.page.photos" defaultMessage="Photos from this set" />
                </h2>
                <p>
                  <Link to={`/upload?performance=${performance.id}`}>
                    <FormattedMessage id="performance.page.addPhotos" defaultMessage="Add your photos of this set" />
                  </Link>
                </p>
                <PhotoWall performanceId={performance.id} />
              </section>
              {artist ? (
                <aside className="panel">
                  <h2>
                    <Link to={`/artists/${artist.id}`}>
                      <FormattedMessage id="performance.page.about" defaultMessage="About {artist}" values={{ artist: artist.name }} />
                    </Link>
                  </h2>
                  <ul className="chips" aria-label={intl.formatMessage({ id: 'performance.page.genres', defaultMessage: 'Genres' })}>
                    {artist.genres.map((genre) => (
                      <li key={genre}>{genre}</li>
                    ))}
                  </ul>
                  <p>{artist.bio}</p>
                </aside>
              ) : null}
            </div>
          </article>
        );
      }}
    </FestivalGate>
  );
}
