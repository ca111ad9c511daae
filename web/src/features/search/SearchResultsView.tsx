import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { dayLabel, timeRange } from '../../time/format';
import { EmptyState } from '../../ui/EmptyState';
import type { SearchResults } from './search-index';

/**
 * What a search found: a live count, the artists (each to their page), then the sets per
 * festival day (each to its page), or, when nothing matches, a plain "nothing found" with the
 * line-up as the way on; never a near miss passed off as a result. Apart from SearchPage so
 * that the search bench renders exactly this.
 */
export function SearchResultsView({ programme, results, query }: { programme: Programme; results: SearchResults; query: string }) {
  const intl = useIntl();
  const lineupLink = (
    <Link to="/lineup" className="button button-secondary">
      <FormattedMessage id="search.page.browseLineup" defaultMessage="Browse the line-up A–Z" />
    </Link>
  );
  if (results.words.length === 0) {
    return (
      <div className="search-hint">
        <p className="muted">
          <FormattedMessage
            id="search.page.hint"
            defaultMessage="Type part of a name: every day of the festival is searched, with or without accents."
          />
        </p>
        {lineupLink}
      </div>
    );
  }
  const found = results.artists.length + results.setCount;
  const stageName = new Map(programme.stages.map((stage) => [stage.id, stage.name]));
  return (
    <>
      {/* Read out as the results change, so a screen reader hears what typing found. */}
      <p role="status" className="search-count">
        {found === 0 ? null : (
          <FormattedMessage
            id="search.page.count"
            defaultMessage="{artists, plural, =0 {} one {# artist, } other {# artists, }}{sets, plural, one {# set} other {# sets}} for “{query}”"
            values={{ artists: results.artists.length, sets: results.setCount, query }}
          />
        )}
      </p>
      {found === 0 ? (
        <EmptyState
          title={<FormattedMessage id="search.page.noMatchTitle" defaultMessage="Nothing found for “{query}”" values={{ query }} />}
          action={lineupLink}
        >
          <FormattedMessage
            id="search.page.noMatch"
            defaultMessage="No artist, stage or set on any day has a word starting with that. Check the spelling, or browse the whole line-up."
          />
        </EmptyState>
      ) : null}
      {results.artists.length > 0 ? (
        <section className="search-group" aria-labelledby="search-artists">
          <h2 id="search-artists">
            <FormattedMessage id="search.page.artists" defaultMessage="Artists" />
          </h2>
          <ul className="search-results">
            {results.artists.map((hit) => (
              <li key={hit.artist.id}>
                <Link to={`/artists/${hit.artist.id}`} className="search-result">
                  <span className="search-result-name">{hit.artist.name}</span>
                  <span className="search-result-meta">
                    {hit.artist.genres.join(', ')}
                    {hit.artist.genres.length > 0 ? ' · ' : ''}
                    <FormattedMessage id="search.page.setCount" defaultMessage="{count, plural, =0 {no sets} one {# set} other {# sets}}" values={{ count: hit.setCount }} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {results.days.map((day) => (
        <section key={day.date} className="search-group" aria-labelledby={`search-day-${day.date}`}>
          <h2 id={`search-day-${day.date}`}>{dayLabel(intl, day.date)}</h2>
          <ul className="search-results">
            {day.sets.map(({ performance }) => {
              const artist = programme.artists.get(performance.artistId);
              const cancelled = performance.status === 'cancelled';
              return (
                <li key={performance.id}>
                  <Link to={`/performances/${performance.id}`} className="search-result" data-search-set={performance.id}>
                    <span className="search-result-name">
                      {artist?.name ?? intl.formatMessage({ id: 'search.page.unknownArtist', defaultMessage: 'Unknown artist' })}
                      {performance.title ? <span className="muted"> · {performance.title}</span> : null}
                    </span>
                    <span className="search-result-meta">
                      <span className={cancelled ? 'search-result-cancelled' : undefined}>
                        {timeRange(intl, performance.startsAt, performance.endsAt, programme.festival)}
                      </span>
                      {' · '}
                      {stageName.get(performance.stageId) ?? intl.formatMessage({ id: 'search.page.stageTba', defaultMessage: 'Stage to be announced' })}
                      {cancelled ? (
                        <strong className="search-result-flag">
                          {' · '}
                          <FormattedMessage id="search.page.cancelled" defaultMessage="Cancelled" />
                        </strong>
                      ) : null}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
      {results.shownSetCount < results.setCount ? (
        <p className="muted search-more">
          <FormattedMessage
            id="search.page.more"
            defaultMessage="Showing the {shown} best of {count} sets: type more of a name to narrow it down."
            values={{ shown: results.shownSetCount, count: results.setCount }}
          />
        </p>
      ) : null}
    </>
  );
}
