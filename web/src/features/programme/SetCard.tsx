import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PerformanceDoc, Programme } from '../../festival/programme';
import { timeRange } from '../../time/format';
import { FavoriteButton } from '../favorites/FavoriteButton';

export interface FavoriteProps {
  ids: ReadonlySet<string>;
  pendingIds: ReadonlySet<string>;
  onToggle(performanceId: string): void;
}

/** One set in the timetable or a list: who, when, and the one-tap favourite. */
export function SetCard({
  performance,
  programme,
  favorites,
  now,
  showStage = false,
  style,
}: {
  performance: PerformanceDoc;
  programme: Programme;
  /** Absent on read-only views (a shared schedule): the count shows without the button. */
  favorites?: FavoriteProps;
  now: Date;
  showStage?: boolean;
  style?: React.CSSProperties;
}) {
  const intl = useIntl();
  const artist = programme.artists.get(performance.artistId);
  const stage = programme.stages.find((candidate) => candidate.id === performance.stageId);
  const name = artist?.name ?? intl.formatMessage({ id: 'programme.setCard.unknownArtist', defaultMessage: 'Unknown artist' });
  const cancelled = performance.status === 'cancelled';
  const playing = !cancelled && performance.startsAt <= now && now < performance.endsAt;
  const range = timeRange(intl, performance.startsAt, performance.endsAt, programme.festival);
  return (
    <article
      className={`set-card${cancelled ? ' set-cancelled' : ''}${playing ? ' set-playing' : ''}`}
      style={{ ...style, ['--stage-color' as string]: stage?.color ?? 'var(--color-stage-fallback)' }}
      aria-label={[name, range, showStage && stage ? stage.name : null].filter(Boolean).join(', ')}
    >
      <div className="set-main">
        <p className="set-time">
          <time dateTime={performance.startsAt.toISOString()}>{range}</time>
          {showStage && stage ? <span className="set-stage"> · {stage.name}</span> : null}
        </p>
        <h3 className="set-name">
          <Link to={`/performances/${performance.id}`}>{name}</Link>
        </h3>
        {performance.title ? <p className="set-title">{performance.title}</p> : null}
        {cancelled ? <p className="set-flag set-flag-cancelled">
            <FormattedMessage id="programme.setCard.cancelled" defaultMessage="Cancelled" />
          </p> : null}
        {playing ? <p className="set-flag set-flag-playing">
            <FormattedMessage id="programme.setCard.playing" defaultMessage="Playing now" />
          </p> : null}
      </div>
      {favorites ? (
        <FavoriteButton
          artistName={name}
          isFavorite={favorites.ids.has(performance.id)}
          pending={favorites.pendingIds.has(performance.id)}
          count={performance.favoriteCount}
          onToggle={() => favorites.onToggle(performance.id)}
        />
      ) : (
        <p className="favorite">
          <span aria-hidden="true">♥ {performance.favoriteCount}</span>
          <span className="visually-hidden">
            <FormattedMessage id="programme.setCard.fans" defaultMessage="{count, plural, one {# fan} other {# fans}}" values={{ count: performance.favoriteCount }} />
          </span>
        </p>
      )}
    </article>
  );
}
