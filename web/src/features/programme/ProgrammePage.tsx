import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'wouter';
import { useFestival } from '../../festival/FestivalContext';
import { useNow } from '../../time/ClockContext';
import { FestivalGate } from '../../ui/FestivalGate';
import { useMediaQuery } from '../../ui/use-media-query';
import { useFavorites } from '../favorites/FavoritesContext';
import { readFilter, type ProgrammeFilter } from './programme-filter';
import { ProgrammeView } from './ProgrammeView';

const PARAM: Record<keyof ProgrammeFilter, string> = { day: 'day', stageId: 'stage', genre: 'genre', onlyMine: 'mine', search: 'q' };

export default function ProgrammePage() {
  const festival = useFestival();
  return <FestivalGate state={festival}>{(programme) => <ProgrammeWithFilters programme={programme} />}</FestivalGate>;
}

function ProgrammeWithFilters({ programme }: { programme: NonNullable<ReturnType<typeof useFestival>['programme']> }) {
  const [params, setParams] = useSearchParams();
  const now = useNow();
  const favorites = useFavorites();
  const wide = useMediaQuery('(min-width: 900px)');
  const filter = useMemo(() => readFilter(params, programme, now), [params, programme, now]);

  const onFilterChange = useCallback(
    (next: Partial<ProgrammeFilter>) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next) as Array<[keyof ProgrammeFilter, ProgrammeFilter[keyof ProgrammeFilter]]>) {
            if (value === null || value === false || value === '') updated.delete(PARAM[key]);
            else updated.set(PARAM[key], value === true ? '1' : value);
          }
          return updated;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const dayHref = useCallback(
    (day: string) => {
      const next = new URLSearchParams(params);
      next.set('day', day);
      return `/?${next.toString()}`;
    },
    [params],
  );

  return (
    <ProgrammeView
      programme={programme}
      filter={filter}
      favorites={{ ids: favorites.ids, pendingIds: favorites.pendingIds, onToggle: (id) => void favorites.toggle(id) }}
      now={now}
      layout={wide ? 'columns' : 'list'}
      onFilterChange={onFilterChange}
      dayHref={dayHref}
    />
  );
}
