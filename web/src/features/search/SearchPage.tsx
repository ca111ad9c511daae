import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import type { Programme } from '../../festival/programme';
import { FestivalGate } from '../../ui/FestivalGate';
import { Icon } from '../../ui/icons';
import { buildSearchIndex, searchProgramme } from './search-index';
import { SearchResultsView } from './SearchResultsView';
import './search.css';

/** The query's place in the URL: a search can be shared, and Back returns to it. */
export const QUERY_PARAM = 'q';

/**
 * Search the whole programme (`/search?q=`), reached from the header of every page. Its own
 * route chunk, so none of it loads before the programme's sets show; it reads the programme
 * the festival context already holds (the bundle, then Firestore's cache), so it works offline
 * once the programme is on the device.
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
  // One index per programme: every text folded once, each keystroke only compares words.
  const index = useMemo(() => buildSearchIndex(programme), [programme]);
  // Typing stays responsive on a slow phone: React renders the results as a transition.
  const deferred = useDeferredValue(query);
  const results = useMemo(() => searchProgramme(index, deferred), [index, deferred]);

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
            <FormattedMessage id="search.page.label" defaultMessage="Artist, stage or set, on any day" />
          </span>
          <span className="search-input">
            <Icon name="search" width={20} height={20} />
            <input
              ref={input}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              placeholder={intl.formatMessage({ id: 'search.page.placeholder', defaultMessage: 'e.g. Silver, Main Stage, DJ set' })}
              autoComplete="off"
              autoCorrect="off"
              autoCapitalize="none"
              spellCheck={false}
              enterKeyHint="search"
            />
          </span>
        </label>
      </form>
      <SearchResultsView programme={programme} results={results} query={deferred.trim()} />
    </div>
  );
}
