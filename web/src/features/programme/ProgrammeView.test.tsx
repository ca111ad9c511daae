import { festivalDay, localTime } from '@encore/model';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '../../i18n/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { seedProgramme } from '../../test-fixtures';
import { pinnedInstant } from '../../time/clock';
import { readFilter, type ProgrammeFilter } from './programme-filter';
import { ProgrammeView } from './ProgrammeView';

const programme = seedProgramme();
const saturdayNine = pinnedInstant('?now=2026-08-15T21:00', 'Europe/Amsterdam')!;

function renderProgramme(options: { filter?: Partial<ProgrammeFilter>; favorites?: string[]; pending?: string[]; now?: Date; layout?: 'list' | 'columns' }) {
  const now = options.now ?? saturdayNine;
  const filter = { ...readFilter(new URLSearchParams(), programme, now), ...options.filter };
  const onToggle = vi.fn();
  const onFilterChange = vi.fn();
  renderWithIntl(
    <ProgrammeView
      programme={programme}
      filter={filter}
      favorites={{ ids: new Set(options.favorites ?? []), pendingIds: new Set(options.pending ?? []), onToggle }}
      now={now}
      layout={options.layout ?? 'list'}
      onFilterChange={onFilterChange}
      dayHref={(day) => `/?day=${day}`}
    />,
  );
  return { onToggle, onFilterChange, filter };
}

describe('the programme (schedule) view', () => {
  it('lists the day’s sets in festival time, including the ones after midnight', () => {
    renderProgramme({});
    const day = festivalDay('2026-08-15', programme.festival);
    const expected = programme.performances.filter((set) => set.startsAt >= day.startsAt && set.startsAt < day.endsAt);
    expect(screen.getByRole('heading', { level: 2, name: `Saturday 15 August · ${expected.length} sets` })).toBeTruthy();
    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(expected.length);
    const last = expected[expected.length - 1]!;
    expect(localTime(last.startsAt, programme.festival) < '06:00').toBe(true);
    expect(cards[cards.length - 1]!.textContent).toContain(localTime(last.startsAt, programme.festival));
  });

  it('shows now and next per stage at the pinned instant', () => {
    renderProgramme({});
    const nowNext = screen.getByRole('region', { name: 'Now and next' });
    const playing = programme.performances.filter((set) => set.startsAt <= saturdayNine && saturdayNine < set.endsAt);
    expect(playing.length).toBeGreaterThan(0);
    for (const set of playing) expect(within(nowNext).getByRole('link', { name: programme.artists.get(set.artistId)!.name })).toBeTruthy();
    expect(screen.getAllByText('Playing now')).toHaveLength(playing.length);
  });

  it('hides now and next outside the festival', () => {
    renderProgramme({ now: new Date('2026-11-21T12:00:00Z') });
    expect(screen.queryByRole('region', { name: 'Now and next' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: /^Friday 14 August/ })).toBeTruthy();
  });

  it('favourites a set in one tap and shows the live count and a pending mark', async () => {
    const target = programme.performances.find((set) => set.startsAt > saturdayNine)!;
    const name = programme.artists.get(target.artistId)!.name;
    const { onToggle } = renderProgramme({ favorites: [target.id], pending: [target.id] });
    const button = screen.getByRole('button', { name: `Favourite ${name}, 0 fans, waiting to sync` });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toContain('waiting to sync');
    await userEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith(target.id);
  });

  it('reports filter changes from the search box, the selects and the switch', async () => {
    const { onFilterChange } = renderProgramme({});
    await userEvent.click(screen.getByRole('switch', { name: 'Only my schedule' }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ onlyMine: true });
    const stage = programme.stages[2]!;
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), stage.name);
    expect(onFilterChange).toHaveBeenLastCalledWith({ stageId: stage.id });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'x');
    expect(onFilterChange).toHaveBeenLastCalledWith({ search: 'x' });
  });

  it('explains an empty "only my schedule" day', () => {
    renderProgramme({ filter: { onlyMine: true } });
    expect(screen.getByText(/Nothing in your schedule on this day yet/)).toBeTruthy();
  });

  it('lays the day out as one column per stage on wide screens', () => {
    renderProgramme({ layout: 'columns', filter: { day: '2026-08-14' } });
    for (const stage of programme.stages) expect(screen.getByRole('region', { name: stage.name })).toBeTruthy();
    const marks = screen.getAllByRole('link', { name: /^(Fri|Sat|Sun) \d+$|day/i });
    expect(marks.find((link) => link.getAttribute('aria-current') === 'page')?.textContent).toContain('Fri 14');
  });
});

describe('the programme in Dutch', () => {
  it('names the day, the count and now/next in Dutch, with the same festival times', () => {
    renderWithIntl(
      <ProgrammeView
        programme={programme}
        filter={readFilter(new URLSearchParams(), programme, saturdayNine)}
        favorites={{ ids: new Set(), pendingIds: new Set(), onToggle: vi.fn() }}
        now={saturdayNine}
        layout="list"
        onFilterChange={vi.fn()}
        dayHref={(day) => `/?day=${day}`}
      />,
      { locale: 'nl' },
    );
    expect(screen.getByRole('heading', { level: 2, name: /^zaterdag 15 augustus · \d+ sets$/ })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Nu en straks' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Alleen mijn schema' })).toBeTruthy();
    expect(screen.getAllByText('Speelt nu').length).toBeGreaterThan(0);
  });
});
