import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { FestivalGate } from '../../ui/FestivalGate';
import { Icon } from '../../ui/icons';
import { useInfoPages } from '../info/use-info-pages';
import { usePosition } from '../venue/use-position';
import { placeWords } from '../venue/place-words';
import { useVenueMap } from '../venue/use-venue-map';
import { buildPageIndex } from './page-search';
import { buildPlaceIndex } from './place-search';
import { buildSearchIndex } from './search-index';
import { SearchResultsView } from './SearchResultsView';
import { buildSiteIndex, searchSite } from './site-search';
import './search.css';

/** The query's place in the URL: a search can be shared, and Back returns to it. */
export const QUERY_PARAM = 'q';

/**
 * Search the whole festival (`/search?q=`): the programme, the map's places and the info
 * pages, reached from the header of every page. Its own route chunk, so none of it loads
 * before the programme's sets show; it reads the programme the festival context already holds
 * (the bundle, then Firestore's cache) and the map and info pages from Firestore's cache when
 * offline, so it works offline once they are on the device (the map and pages join the
 * results when they arrive; the programme never waits for them).
 */
export default function SearchPage() {
  const festival = useFestival();
  return <FestivalGate state={festival}>{(programme) => <Search programme={programme} />}</FestivalGate>;
}

function Search({ programme }: { programme: Programme }) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(() => params.get(QUERY_PARAM) ?? '');
  const input = useRef<HTMLInputElement>(null);
  const venueMap = useVenueMap();
  const infoPages = useInfoPages();
  const map = venueMap.data ?? null;
  const pages = infoPages.data ?? null;
  // One index per source: every text folded once, each keystroke only compares words.
  const programmeIndex = useMemo(() => buildSearchIndex(programme), [programme]);
  const placeIndex = useMemo(() => {
    if (!map) return null;
    return buildPlaceIndex(map.markers, placeWords(intl, programme));
  }, [map, programme, intl]);
  const pageIndex = useMemo(() => (pages ? buildPageIndex(pages) : null), [pages]);
  const index = useMemo(() => buildSiteIndex(programmeIndex, placeIndex, pageIndex), [programmeIndex, placeIndex, pageIndex]);
  const position = usePosition();
  // Typing stays responsive on a slow phone: React renders the results as a transition.
  const deferred = useDeferredValue(query);
  const results = useMemo(() => searchSite(index, deferred, intl.locale), [index, deferred, intl.locale]);

  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (deferred.trim()) next.set(QUERY_PARAM, deferred);
        else next.delete(QUERY_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [deferred, setParams]);

  return (
    <div className="search-page">
      <header className="page-header">
        <h1>
          <FormattedMessage id="search.page.title" defaultMessage="Search" />
        </h1>
      </header>
      <form className="search-form" role="search" onSubmit={(event) => event.preventDefault()}>
        <label className="field">
          <span className="field-label">
            <FormattedMessage id="search.page.label" defaultMessage="Artist, genre, country, set or place, on any day" />
          </span>
          <span className="search-input">
            <Icon name="search" width={20} height={20} />
            <input
              ref={input}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={intl.formatMessage({ id: 'search.page.placeholder', defaultMessage: 'e.g. Silver, jazz, Main Stage, toilets' })}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="none"
              spellCheck={false}
              enterKeyHint="search"
            />
          </span>
        </label>
      </form>
      <SearchResultsView
        programme={programme}
        results={results}
        query={deferred.trim()}
        georeference={map?.georeference}
        position={position}
        onSearch={(corrected) => {
          setQuery(corrected);
          input.current?.focus();
        }}
      />
    </div>
  );
}
