import { useId } from 'react';
import { Dialog, Modal, ModalOverlay } from 'react-aria-components';
import { FormattedMessage, useIntl } from 'react-intl';
import type { StageDoc } from '../../festival/programme';
import { SheetHead } from '../../ui/SheetHead';
import type { ProgrammeFilter } from './programme-filter';

/**
 * The programme's filters in one sheet (a modal dialog: focus stays inside, Escape or the
 * close button closes it and focus returns to the Filters button). Native checkboxes in
 * fieldsets, styled as chips: every stage and genre is a Tab stop toggled with Space, and
 * screen readers hear the group's name. Each change applies at once (the programme behind
 * follows), and the main button says how many sets are left. Loaded on the first tap, so
 * the programme's first download stays free of it (and it imports nothing from the page's
 * chunk, so that download does not carry a list of what to preload with it either).
 */
export default function FilterSheet({
  stages,
  genres,
  filter,
  activeCount,
  matching,
  onChange,
  onClear,
  onClose,
}: {
  stages: StageDoc[];
  genres: string[];
  filter: ProgrammeFilter;
  activeCount: number;
  /** Sets of the day the filter lets through. */
  matching: number;
  onChange(next: Partial<ProgrammeFilter>): void;
  onClear(): void;
  onClose(): void;
}) {
  const intl = useIntl();
  const id = useId();
  const toggle = (list: string[], value: string) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);
  return (
    <ModalOverlay className="sheet-overlay" isOpen isDismissable onOpenChange={(isOpen) => (isOpen ? null : onClose())}>
      <Modal className="sheet filter-sheet">
        <Dialog aria-labelledby={`${id}-title`} style={{ outline: 'none' }}>
          <SheetHead
            titleId={`${id}-title`}
            title={<FormattedMessage id="programme.filters.title" defaultMessage="Filters" />}
            closeLabel={intl.formatMessage({ id: 'programme.filters.close', defaultMessage: 'Close' })}
          />
          <form className="filter-form" role="search" onSubmit={(event) => {
            event.preventDefault();
            onClose();
          }}>
            <div className="field">
              <label htmlFor={`${id}-q`}>
                <FormattedMessage id="programme.filters.search" defaultMessage="Search" />
              </label>
              <input
                id={`${id}-q`}
                type="search"
                value={filter.search}
                placeholder={intl.formatMessage({ id: 'programme.filters.searchPlaceholder', defaultMessage: 'Artist, genre or billing' })}
                onChange={(event) => onChange({ search: event.target.value })}
              />
            </div>
            <label className="switch">
              <input type="checkbox" role="switch" checked={filter.onlyMine} onChange={(event) => onChange({ onlyMine: event.target.checked })} />
              <span className="switch-indicator" aria-hidden="true" />
              <FormattedMessage id="programme.filters.onlyMine" defaultMessage="Only my schedule" />
            </label>
            <fieldset className="filter-group">
              <legend>
                <FormattedMessage id="programme.filters.stages" defaultMessage="Stages" />
              </legend>
              <div className="filter-chips">
                {stages.map((stage) => (
                  <label key={stage.id} className="filter-chip" style={{ ['--stage-color' as string]: stage.color ?? 'var(--color-stage-fallback)' }}>
                    <input type="checkbox" checked={filter.stages.includes(stage.id)} onChange={() => onChange({ stages: toggle(filter.stages, stage.id) })} />
                    <span className="filter-chip-dot" aria-hidden="true" />
                    {stage.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="filter-group">
              <legend>
                <FormattedMessage id="programme.filters.genres" defaultMessage="Genres" />
              </legend>
              <div className="filter-chips">
                {genres.map((genre) => (
                  <label key={genre} className="filter-chip">
                    <input type="checkbox" checked={filter.genres.includes(genre)} onChange={() => onChange({ genres: toggle(filter.genres, genre) })} />
                    {genre}
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="filter-actions">
              <button type="button" className="button button-secondary" disabled={activeCount === 0} onClick={onClear}>
                <FormattedMessage id="programme.filters.clear" defaultMessage="Clear all" />
              </button>
              <button type="submit" className="button">
                <FormattedMessage id="programme.filters.show" defaultMessage="{count, plural, =0 {No sets match} one {Show # set} other {Show # sets}}" values={{ count: matching }} />
              </button>
            </div>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
