import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Programme } from '../../festival/programme';
import { genresOf } from '../../festival/programme';
import type { ProgrammeFilter } from './programme-filter';

/**
 * Stage, genre, "only my schedule" and free-text search; every change lands in the URL.
 * Native form controls on purpose: they are fully accessible, work the platform's way on
 * phones, and keep the programme page's first download small.
 */
export function FilterBar({
  programme,
  filter,
  onChange,
}: {
  programme: Programme;
  filter: ProgrammeFilter;
  onChange(next: Partial<ProgrammeFilter>): void;
}) {
  const id = useId();
  const intl = useIntl();
  return (
    <form className="filter-bar" role="search" aria-label={intl.formatMessage({ id: 'programme.filterBar.label', defaultMessage: 'Filter the programme' })} onSubmit={(event) => event.preventDefault()}>
      <div className="field field-search">
        <label htmlFor={`${id}-q`}>
          <FormattedMessage id="programme.filterBar.search" defaultMessage="Search" />
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={filter.search}
          placeholder={intl.formatMessage({ id: 'programme.filterBar.searchPlaceholder', defaultMessage: 'Artist, genre or billing' })}
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-stage`}>
          <FormattedMessage id="programme.filterBar.stage" defaultMessage="Stage" />
        </label>
        <select id={`${id}-stage`} value={filter.stageId ?? ''} onChange={(event) => onChange({ stageId: event.target.value || null })}>
          <option value="">{intl.formatMessage({ id: 'programme.filterBar.allStages', defaultMessage: 'All stages' })}</option>
          {programme.stages.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-genre`}>
          <FormattedMessage id="programme.filterBar.genre" defaultMessage="Genre" />
        </label>
        <select id={`${id}-genre`} value={filter.genre ?? ''} onChange={(event) => onChange({ genre: event.target.value || null })}>
          <option value="">{intl.formatMessage({ id: 'programme.filterBar.allGenres', defaultMessage: 'All genres' })}</option>
          {genresOf(programme).map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </select>
      </div>
      <label className="switch">
        <input type="checkbox" role="switch" checked={filter.onlyMine} onChange={(event) => onChange({ onlyMine: event.target.checked })} />
        <span className="switch-indicator" aria-hidden="true" />
        <FormattedMessage id="programme.filterBar.onlyMine" defaultMessage="Only my schedule" />
      </label>
    </form>
  );
}
