import type { Georeference } from '@encore/model';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'wouter';
import type { Programme } from '../../festival/programme';
import { dayLabel, timeRange } from '../../time/format';
import { EmptyState } from '../../ui/EmptyState';
import { PlacesFound, type SearchPosition } from './PlacesFound';
import { foundCount, type SiteResults } from './site-search';

/**
 * What a search found: a live count, the artists (each to their page), the map's places (each
 * to its place on the map), the info pages, then the sets per festival day (each to its page),
 * or, when nothing matches, a plain "nothing found" with the line-up as the way on. When the
 * query as typed finds nothing but a corrected one does, it says so first ("Nothing for
 * “lambret”. Did you mean Lambert?") and what follows is the correction's: a near miss is
 * never passed off as a result of what was typed. Apart from SearchPage so that the search
 * bench renders exactly this.
 */
export function SearchResultsView({
  programme,
  results: site,
  query,
  georeference,
  position,
  onSearch,
}: {
  programme: Programme;
  results: SiteResults;
  query: string;
  /** The venue map's scale on the earth, for walking minutes to places. */
  georeference?: Georeference | undefined;
  position?: SearchPosition | undefined;
  /** Runs another query (the offered correction). */
  onSearch?: (query: string) => void;
}) {
  const intl = useIntl();
  const results = site.programme;
  const lineupLink = (
    <Link to="/lineup" className="button button-secondary">
      <FormattedMessage id="search.page.browseLineup" defaultMessage="Browse the line-up A–Z" />
    </Link>
  );
  if (site.words.length === 0) {
    return (
      <div className="search-hint">
        <p className="muted">
          <FormattedMessage
            id="search.page.hint"
            defaultMessage="Type part of a name, a genre, a country or a place (toilets, water): every day of the festival is searched, with or without accents, and a small typo is forgiven."
          />
        </p>
        {lineupLink}
      </div>
    );
  }
  const found = foundCount(site);
  const stageName = new Map(programme.stages.map((stage) => [stage.id, stage.name]));
  const correction = site.correction;
  return (
    // `data-search-for`: the query these results answer, for the bench to time each keystroke to its own results.
    <div className="search-found" data-search-for={query}>
      {/* Read out as the results change, so a screen reader hears what typing found. */}
      <p role="status" className="search-count">
        {found === 0 ? null : correction ? (
          <FormattedMessage
            id="search.page.corrected"
            defaultMessage="Nothing found for “{typed}”. {found} for “{query}”"
            values={{ typed: query, found: countText(intl, site), query: correction.query }}
          />
        ) : (
          <FormattedMessage id="search.page.count" defaultMessage="{found} for “{query}”" values={{ found: countText(intl, site), query }} />
        )}
      </p>
      {correction ? (
        <p className="search-did-you-mean">
          <FormattedMessage
            id="search.page.didYouMean"
            defaultMessage="Did you mean <button>{query}</button>?"
            values={{
              query: correction.query,
              button: (chunks) => (
                <button type="button" className="search-correction" onClick={() => onSearch?.(correction.query)}>
                  {chunks}
                </button>
              ),
            }}
          />
        </p>
      ) : null}
      {found === 0 ? (
        <EmptyState
          title={<FormattedMessage id="search.page.noMatchTitle" defaultMessage="Nothing found for “{query}”" values={{ query }} />}
          action={lineupLink}
        >
          <FormattedMessage
            id="search.page.noMatch"
            defaultMessage="No artist, genre, country, set, place on the map or information page has a word starting with that, or close to it. Check the spelling, or browse the whole line-up."
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
                    {[hit.artist.genres.join(', '), hit.artist.country ? countryName(intl, hit.artist.country) : ''].filter(Boolean).join(' · ')}
                    {hit.artist.genres.length > 0 || hit.artist.country ? ' · ' : ''}
                    <FormattedMessage id="search.page.setCount" defaultMessage="{count, plural, =0 {no sets} one {# set} other {# sets}}" values={{ count: hit.setCount }} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {site.places.length > 0 ? <PlacesFound hits={site.places} georeference={georeference} position={position} /> : null}
      {site.pages.length > 0 ? (
        <section className="search-group" aria-labelledby="search-pages">
          <h2 id="search-pages">
            <FormattedMessage id="search.page.pages" defaultMessage="Information" />
          </h2>
          <ul className="search-results">
            {site.pages.map((page) => (
              <li key={page.id}>
                <Link to={`/info/${page.id}`} className="search-result" data-search-page={page.id}>
                  <span className="search-result-name">{page.title}</span>
                  {page.snippet ? <span className="search-result-meta">{page.snippet}</span> : null}
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
    </div>
  );
}

/** "1 artist, 3 places, 2 sets": each part there is, in the reader's language. */
function countText(intl: IntlShape, site: SiteResults): string {
  const parts = [
    site.programme.artists.length > 0 ? intl.formatMessage({ id: 'search.page.countArtists', defaultMessage: '{count, plural, one {# artist} other {# artists}}' }, { count: site.programme.artists.length }) : null,
    site.places.length > 0 ? intl.formatMessage({ id: 'search.page.countPlaces', defaultMessage: '{count, plural, one {# place} other {# places}}' }, { count: site.places.length }) : null,
    site.pages.length > 0 ? intl.formatMessage({ id: 'search.page.countPages', defaultMessage: '{count, plural, one {# page} other {# pages}}' }, { count: site.pages.length }) : null,
    site.programme.setCount > 0 ? intl.formatMessage({ id: 'search.page.countSets', defaultMessage: '{count, plural, one {# set} other {# sets}}' }, { count: site.programme.setCount }) : null,
  ].filter((part) => part !== null);
  return intl.formatList(parts, { type: 'unit', style: 'short' });
}

/** A country's name in the reader's language, from its code (the code itself where the browser knows no name). */
function countryName(intl: IntlShape, code: string): string {
  return intl.formatDisplayName(code, { type: 'region' }) ?? code;
}
