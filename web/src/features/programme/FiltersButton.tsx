import { lazy, Suspense, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { genresOf, type Programme } from '../../festival/programme';
import { Icon } from '../../ui/icons';
import { CLEARED_FILTER, activeFilterCount, type ProgrammeFilter } from './programme-filter';

// The sheet (react-aria's modal dialog) loads on the first tap, like the shell's "More" sheet.
const FilterSheet = lazy(() => import('./FilterSheet'));

/** One control for every filter: a button with the number of active ones, opening the filter sheet. */
export function FiltersButton({
  programme,
  filter,
  matching,
  onChange,
}: {
  programme: Programme;
  filter: ProgrammeFilter;
  matching: number;
  onChange(next: Partial<ProgrammeFilter>): void;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const count = activeFilterCount(filter);
  return (
    <>
      <button ref={button} type="button" className={`toolbar-button filters-button${count > 0 ? ' toolbar-button-active' : ''}`} aria-haspopup="dialog" aria-expanded={open} onClick={() => setOpen(true)}>
        <Icon name="filters" width={20} height={20} />
        {/* One name in words, "Filters, 2 active"; the label and the badge are its pictures. */}
        <span className="toolbar-button-label" aria-hidden="true">
          <FormattedMessage id="programme.filters.title" defaultMessage="Filters" />
        </span>
        {count > 0 ? (
          <span className="filter-count" aria-hidden="true">
            {count}
          </span>
        ) : null}
        <span className="visually-hidden">
          {count > 0 ? (
            <FormattedMessage id="programme.filters.titleActive" defaultMessage="Filters, {count, plural, one {# active} other {# active}}" values={{ count }} />
          ) : (
            <FormattedMessage id="programme.filters.title" defaultMessage="Filters" />
          )}
        </span>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <FilterSheet
            stages={programme.stages}
            genres={genresOf(programme)}
            filter={filter}
            activeCount={count}
            matching={matching}
            onChange={onChange}
            onClear={() => onChange(CLEARED_FILTER)}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
