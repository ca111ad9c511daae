import { infoText } from '@encore/model';
import { useId, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useRoute } from 'wouter';
import { EmptyState } from '../../ui/EmptyState';
import { LiveGate } from '../../ui/LiveGate';
import { FormattedText } from './FormattedText';
import { searchInfoPages } from './info-search';
import { useInfoPages } from './use-info-pages';
import './info.css';

/**
 * `/info` and `/info/{pageId}`: the practical information staff write, in the reader's
 * language (the other one where theirs is empty, marked with its `lang`), with a search across
 * every page. Opens offline after one visit to any page: the pages travel in the programme's bundle.
 */
export default function InfoPage() {
  const [, params] = useRoute<{ pageId: string }>('/info/:pageId');
  const pages = useInfoPages();
  const intl = useIntl();

  return (
    <LiveGate
      state={pages}
      loading={{ label: <FormattedMessage id="info.page.loading" defaultMessage="Loading the information…" />, shape: 'lines', count: 4 }}
      notSaved={{
        title: <FormattedMessage id="info.page.notSavedTitle" defaultMessage="The information is not saved on this device yet" />,
        body: <FormattedMessage id="info.page.notSaved" defaultMessage="It will appear when you are back online." />,
      }}
      none={
        <EmptyState title={<FormattedMessage id="info.page.noneTitle" defaultMessage="No practical information yet" />}>
          <FormattedMessage id="info.page.none" defaultMessage="The festival has not published any yet. Check back soon." />
        </EmptyState>
      }
    >
      {(data) => (params ? <InfoArticle pages={data} pageId={params.pageId} language={intl.locale} /> : <InfoIndex pages={data} />)}
    </LiveGate>
  );
}

function InfoArticle({ pages, pageId, language }: { pages: Parameters<typeof searchInfoPages>[0]; pageId: string; language: string }) {
  const page = pages.find((candidate) => candidate.id === pageId);
  return (
    <article>
      <Link to="/info" className="back-link">
        ← <FormattedMessage id="info.page.back" defaultMessage="All information" />
      </Link>
      {page ? (
        <>
          <header className="page-header">
            <h1 lang={textLanguage(page.title, language)}>{infoText(page.title, language)}</h1>
          </header>
          <div lang={textLanguage(page.body, language)}>
            <FormattedText source={infoText(page.body, language)} />
          </div>
        </>
      ) : (
        <EmptyState title={<FormattedMessage id="info.page.missing" defaultMessage="There is no such page" />} />
      )}
    </article>
  );
}

/** The language of what `infoText` gives: the reader's, or the other where theirs is empty (so screen readers pronounce it right). */
function textLanguage(text: { en: string; nl: string }, language: string): 'en' | 'nl' {
  const dutch = language.toLowerCase().startsWith('nl');
  return (dutch ? text.nl : text.en).length > 0 ? (dutch ? 'nl' : 'en') : dutch ? 'en' : 'nl';
}

function InfoIndex({ pages }: { pages: Parameters<typeof searchInfoPages>[0] }) {
  const intl = useIntl();
  const id = useId();
  const [search, setSearch] = useState('');
  const hits = useMemo(() => searchInfoPages(pages, search, intl.locale), [pages, search, intl.locale]);
  const searching = search.trim().length > 0;
  const rows: Array<{ id: string; title: string; snippet: string | null; lang?: 'en' | 'nl' }> = searching ? hits : pages.map((page) => ({ id: page.id, title: infoText(page.title, intl.locale), snippet: null, lang: textLanguage(page.title, intl.locale) }));
  return (
    <article>
      <header className="page-header">
        <h1>
          <FormattedMessage id="info.index.title" defaultMessage="Practical information" />
        </h1>
        <p className="muted">
          <FormattedMessage id="info.index.intro" defaultMessage="Opening hours, tickets, rules, getting there and more. Saved on this device for when the network fails." />
        </p>
      </header>
      <div className="field info-search" role="search">
        <label htmlFor={`${id}-q`}>
          <FormattedMessage id="info.index.search" defaultMessage="Search the information" />
        </label>
        <input id={`${id}-q`} type="search" value={search} onChange={(event) => setSearch(event.target.value)} placeholder={intl.formatMessage({ id: 'info.index.searchPlaceholder', defaultMessage: 'Lockers, tram, first aid…' })} />
      </div>
      <p className="visually-hidden" role="status">
        {searching ? intl.formatMessage({ id: 'info.index.results', defaultMessage: '{count, plural, =0 {No page mentions that} one {# page} other {# pages}}' }, { count: hits.length }) : ''}
      </p>
      {searching && hits.length === 0 ? (
        <p>
          <FormattedMessage id="info.index.noResults" defaultMessage="No page mentions “{search}”." values={{ search: search.trim() }} />
        </p>
      ) : null}
      {searching ? (
        // The info pages are one part of what people look for: "toilet" is a place on the map, "jazz" a line-up.
        <p className="info-search-everywhere">
          <Link to={`/search?q=${encodeURIComponent(search.trim())}`}>
            <FormattedMessage id="info.index.searchEverywhere" defaultMessage="Search the map, the line-up and the programme for “{search}”" values={{ search: search.trim() }} />
          </Link>
        </p>
      ) : null}
      {searching && hits.length === 0 ? null : (
        <ul className="info-list">
          {rows.map((row) => (
            <li key={row.id}>
              <Link to={`/info/${row.id}`}>
                <span className="info-list-title" lang={row.lang}>
                  {row.title}
                </span>
                {row.snippet ? <span className="info-list-snippet">{row.snippet}</span> : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
