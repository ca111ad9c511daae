import type { FavoritePriority } from '@encore/model';
import { memo, useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { useNow } from '../../time/ClockContext';
import { FestivalGate } from '../../ui/FestivalGate';
import { useFavorites } from '../favorites/FavoritesContext';
import { LAYOUT_PARAM, readFilter, readLayout, withFilter, type ProgrammeFilter, type ProgrammeLayout } from './programme-filter';
import { ProgrammeView } from './ProgrammeView';

export default function ProgrammePage() {
  const festival = useFestival();
  return <FestivalGate state={festival} needsSets>{(programme) => <ProgrammeWithFilters programme={programme} />}</FestivalGate>;
}

/**
 * The programme with its state in the URL (day, filters, view), so a view can be shared and
 * survives a reload. Memo'd: the festival context keeps the same programme object while its
 * data is equal (a change of connection state alone), and then nothing here renders again.
 */
const ProgrammeWithFilters = memo(function ProgrammeWithFilters({ programme }: { programme: NonNullable<ReturnType<typeof useFestival>['programme']> }) {
  const [params, setParams] = useSearchParams();
  const now = useNow();
  const favorites = useFavorites();
  const filter = useMemo(() => readFilter(params, programme, now), [params, programme, now]);
  const layout = readLayout(params);

  const onFilterChange = useCallback((next: Partial<ProgrammeFilter>) => setParams((current) => withFilter(current, next), { replace: true }), [setParams]);
  const onLayoutChange = useCallback(
    (next: ProgrammeLayout) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === 'list') updated.set(LAYOUT_PARAM, 'list');
          else updated.delete(LAYOUT_PARAM);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  // The same object while the hearts are the same: ProgrammeView is memo'd on it. The callbacks
  // stay the same for the page's life (toggle and setPriority read the latest state), so a tap
  // renders again only the card whose heart changed (SetCard's body is memo'd on them).
  const { ids, pendingIds, toggle, priorities, setPriority } = favorites;
  const onToggle = useCallback((id: string) => void toggle(id), [toggle]);
  const onPriority = useCallback((id: string, priority: FavoritePriority | null) => void setPriority(id, priority), [setPriority]);
  const hearts = useMemo(() => ({ ids, pendingIds, onToggle, priorities, onPriority }), [ids, pendingIds, onToggle, priorities, onPriority]);
  const dayHref = useCallback((day: string) => `/?${withFilter(params, { day }).toString()}`, [params]);

  return (
    <ProgrammeView
      programme={programme}
      filter={filter}
      favorites={hearts}
      now={now}
      layout={layout}
      onFilterChange={onFilterChange}
      onLayoutChange={onLayoutChange}
      dayHref={dayHref}
      openAtNow
      setsAfterHeader
    />
  );
});
