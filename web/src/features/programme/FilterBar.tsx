import { useId } from 'react';
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
  return (
    <form className="filter-bar" role="search" aria-label="Filter the programme" onSubmit={(event) => event.preventDefault()}>
      <div className="field field-search">
        <label htmlFor={`${id}-q`}>Search</label>
        <input
          id={`${id}-q`}
          type="search"
          value={filter.search}
          placeholder="Artist, genre or billing"
          onChange={(event) => onChange({ search: event.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-stage`}>Stage</label>
        <select id={`${id}-stage`} value={filter.stageId ?? ''} onChange={(event) => onChange({ stageId: event.target.value || null })}>
          <option value="">All stages</option>
          {programme.stages.map((stage) => (
            <option key={stage.id} value={stage.id}>
              {stage.name}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-genre`}>Genre</label>
        <select id={`${id}-genre`} value={filter.genre ?? ''} onChange={(event) => onChange({ genre: event.target.value || null })}>
          <option value="">All genres</option>
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
        Only my schedule
      </label>
    </form>
  );
}
