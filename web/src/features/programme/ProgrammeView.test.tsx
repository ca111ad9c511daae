import { festivalDay, localTime } from '@encore/model';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '../../i18n/test-utils';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { markFirstContentShown } from '../../app/first-content';
import type { PerformanceDoc } from '../../festival/programme';
import { seedProgramme } from '../../test-fixtures';
import { pinnedInstant } from '../../time/clock';
import { readFilter, type ProgrammeFilter, type ProgrammeLayout } from './programme-filter';
import { ProgrammeView } from './ProgrammeView';

// The app has shown its first content (app/FirstContentMark.tsx, not rendered here): what waits
// for it, such as the "now and next" strip, loads as it does on the page after the sets.
beforeAll(() => markFirstContentShown());

// jsdom has no CSS.escape, which react-aria's modal uses on keyboard events; browsers all do.
globalThis.CSS ??= { escape: (value: string) => value.replace(/[^\w-]/g, (char) => `\\${char}`) } as unknown as typeof CSS;

const programme = seedProgramme();
const saturdayNine = pinnedInstant('?now=2026-08-15T21:00', 'Europe/Amsterdam')!;
const artistOf = (set: PerformanceDoc) => programme.artists.get(set.artistId)!.name;
const byId = (id: string) => programme.performances.find((set) => set.id === id)!;

function renderProgramme(
  options: { filter?: Partial<ProgrammeFilter>; favorites?: string[]; pending?: string[]; now?: Date; layout?: ProgrammeLayout; cancelled?: string[]; locale?: 'en' | 'nl' } = {},
) {
  const now = options.now ?? saturdayNine;
  const filter = { ...readFilter(new URLSearchParams(), programme, now), ...options.filter };
  const onToggle = vi.fn();
  const onFilterChange = vi.fn();
  const onLayoutChange = vi.fn();
  const shown = options.cancelled
    ? { ...programme, performances: programme.performances.map((set) => (options.cancelled!.includes(set.id) ? { ...set, status: 'cancelled' as const } : set)) }
    : programme;
  renderWithIntl(
    <ProgrammeView
      programme={shown}
      filter={filter}
      favorites={{ ids: new Set(options.favorites ?? []), pendingIds: new Set(options.pending ?? []), onToggle }}
      now={now}
      layout={options.layout ?? 'list'}
      onFilterChange={onFilterChange}
      onLayoutChange={onLayoutChange}
      dayHref={(day) => `/?day=${day}`}
    />,
    { locale: options.locale ?? 'en' },
  );
  return { onToggle, onFilterChange, onLayoutChange, filter };
}

describe('the programme (schedule) view', () => {
  it('lists the day’s sets in festival time, including the ones after midnight', async () => {
    renderProgramme();
    const day = festivalDay('2026-08-15', programme.festival);
    const expected = programme.performances.filter((set) => set.startsAt >= day.startsAt && set.startsAt < day.endsAt);
    expect(screen.getByRole('heading', { level: 2, name: `Saturday 15 August · ${expected.length} sets` })).toBeTruthy();
    // The list layout's code loads apart from the timeline's (ProgrammeView's setList).
    const cards = await screen.findAllByRole('article');
    expect(cards).toHaveLength(expected.length);
    const last = expected[expected.length - 1]!;
    expect(localTime(last.startsAt, programme.festival) < '06:00').toBe(true);
    expect(cards[cards.length - 1]!.textContent).toContain(localTime(last.startsAt, programme.festival));
  });

  it('shows now and next per stage at the pinned instant (loaded while the festival is on), and a Now control', async () => {
    renderProgramme();
    // Its code is a chunk of its own, loaded after the sets: give the import time on a busy machine.
    const nowNext = await screen.findByRole('region', { name: 'Now and next' }, { timeout: 15_000 });
    const playing = programme.performances.filter((set) => set.startsAt <= saturdayNine && saturdayNine < set.endsAt);
    expect(playing.length).toBeGreaterThan(0);
    for (const set of playing) expect(within(nowNext).getByRole('link', { name: artistOf(set) })).toBeTruthy();
    expect(screen.getAllByText('Playing now')).toHaveLength(playing.length);
    expect(screen.getByRole('button', { name: 'Jump to now' }).textContent).toBe('Now');
    // The test's own limit above the import's: the first import of the chunk transforms it (seconds under a full run's load).
  }, 20_000);

  it('hides now and next, and the Now control, outside the festival', () => {
    renderProgramme({ now: new Date('2026-11-21T12:00:00Z') });
    expect(screen.queryByRole('region', { name: 'Now and next' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Jump to now' })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: /^Friday 14 August/ })).toBeTruthy();
  });

  it('favourites a set in one tap and shows the live count and a pending mark', async () => {
    const target = programme.performances.find((set) => set.startsAt > saturdayNine)!;
    const { onToggle } = renderProgramme({ favorites: [target.id], pending: [target.id] });
    const button = screen.getByRole('button', { name: `Favourite ${artistOf(target)}, 0 fans, waiting to sync` });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toContain('waiting to sync');
    await userEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith(target.id);
  });

  it('puts every filter behind one button that counts the active ones and opens a sheet', async () => {
    const stage = programme.stages[2]!;
    const { onFilterChange } = renderProgramme({ filter: { genres: ['folk'], onlyMine: false } });
    const button = screen.getByRole('button', { name: 'Filters, 1 active' });
    expect(button.getAttribute('aria-haspopup')).toBe('dialog');
    await userEvent.click(button);
    // The sheet is its own lazy chunk: its first import (transformed on demand here) can take past findBy's 1 s default.
    const sheet = await screen.findByRole('dialog', { name: 'Filters' }, { timeout: 10_000 });
    await userEvent.click(within(sheet).getByRole('checkbox', { name: stage.name }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ stages: [stage.id] });
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'folk' }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ genres: [] });
    await userEvent.click(within(sheet).getByRole('switch', { name: 'Only my schedule' }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ onlyMine: true });
    await userEvent.type(within(sheet).getByRole('searchbox', { name: 'Search' }), 'x');
    expect(onFilterChange).toHaveBeenLastCalledWith({ search: 'x' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Clear all' }));
    expect(onFilterChange).toHaveBeenLastCalledWith({ stages: [], genres: [], onlyMine: false, search: '' });
    await userEvent.click(within(sheet).getByRole('button', { name: /^Show \d+ sets$/ }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(button));
  }, 20_000);

  it('explains an empty "only my schedule" day', () => {
    renderProgramme({ filter: { onlyMine: true } });
    expect(screen.getByText(/Nothing in your schedule on this day yet/)).toBeTruthy();
  });

  it('lays the day out as a timeline: a section per stage, each set placed and sized by its time', () => {
    renderProgramme({ layout: 'timeline', filter: { day: '2026-08-14' } });
    const day = festivalDay('2026-08-14', programme.festival);
    const friday = programme.performances.filter((set) => set.startsAt >= day.startsAt && set.startsAt < day.endsAt);
    for (const stage of programme.stages) {
      const column = screen.getByRole('region', { name: stage.name });
      expect(within(column).getAllByRole('article')).toHaveLength(friday.filter((set) => set.stageId === stage.id).length);
    }
    const first = friday.find((set) => set.stageId === programme.stages[0]!.id)!;
    const block = document.querySelector(`[data-set-id="${first.id}"]`)!.closest('li')!;
    const minutes = (set: PerformanceDoc) => (set.endsAt.getTime() - set.startsAt.getTime()) / 60_000;
    expect(block.style.getPropertyValue('--length')).toBe(String(minutes(first)));
    const marks = screen.getAllByRole('link', { name: /day/i });
    expect(marks.find((link) => link.getAttribute('aria-current') === 'page')?.textContent).toContain('Fri 14');
  });

  it('switches between the timeline and the list', async () => {
    const { onLayoutChange } = renderProgramme({ layout: 'timeline' });
    const group = screen.getByRole('group', { name: 'Show the day as' });
    expect(within(group).getByRole('button', { name: 'Timeline' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(group).getByRole('button', { name: 'List' }));
    // Through the lazily loaded keeper of the time in view.
    await waitFor(() => expect(onLayoutChange).toHaveBeenCalledWith('list'));
  });

  it('marks the sets that are over as finished, and only those', () => {
    renderProgramme({ layout: 'timeline' });
    const finished = [...document.querySelectorAll<HTMLElement>('.set-finished')].map((card) => byId(card.dataset['setId']!));
    expect(finished.length).toBeGreaterThan(0);
    expect(finished.every((set) => set.endsAt <= saturdayNine)).toBe(true);
    expect(finished[0] && document.querySelector(`[data-set-id="${finished[0].id}"]`)!.getAttribute('aria-label')).toMatch(/, Finished$/);
    const later = programme.performances.find((set) => set.startsAt > saturdayNine)!;
    expect(document.querySelector(`[data-set-id="${later.id}"]`)!.classList.contains('set-finished')).toBe(false);
  });
});

describe('the programme before and after the festival', () => {
  it('counts down before it starts (loaded only then)', async () => {
    renderProgramme({ now: new Date('2026-08-02T10:00:00Z'), filter: { day: '2026-08-14' } });
    expect((await screen.findByRole('status', {}, { timeout: 10_000 })).textContent).toMatch(/^Encore 2026 starts in 12 days: Fri 14 Aug, \d\d:\d\d\.$/);
  });

  it('says it has ended, with the year on the day tabs', async () => {
    renderProgramme({ now: new Date('2026-08-20T10:00:00Z'), filter: { day: '2026-08-14' }, locale: 'nl' });
    expect(await screen.findByText('Encore 2026 is afgelopen. Het programma blijft hier staan om op terug te kijken.', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'vrijdag 14 augustus 2026' }).textContent).toContain('2026');
  });
});

describe('a cancelled set in the programme', () => {
  const later = programme.performances.find((set) => set.startsAt > saturdayNine)!;

  it('shows as cancelled, and its heart cannot be pressed, saying why', async () => {
    for (const layout of ['list', 'timeline'] as const) {
      const { onToggle } = renderProgramme({ cancelled: [later.id], layout });
      const card = document.querySelector(`[data-set-id="${later.id}"]`) as HTMLElement;
      expect(card.getAttribute('aria-label')).toContain('Cancelled');
      const heart = within(card).getByRole('button', { name: `Favourite ${artistOf(later)}, 0 fans` });
      expect(heart.getAttribute('aria-disabled')).toBe('true');
      expect(document.getElementById(heart.getAttribute('aria-describedby')!)!.textContent).toBe('Cancelled A cancelled set cannot be added to your schedule.');
      await userEvent.click(heart);
      expect(onToggle).not.toHaveBeenCalled();
      document.body.innerHTML = '';
    }
  });

  it('can still be taken out of one’s schedule if it was in it', async () => {
    const { onToggle } = renderProgramme({ cancelled: [later.id], favorites: [later.id] });
    const heart = screen.getByRole('button', { name: `Favourite ${artistOf(later)}, 0 fans` });
    expect(heart.getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(heart);
    expect(onToggle).toHaveBeenCalledWith(later.id);
  });

  it('is never the set "Now" lands on, nor counted as playing', () => {
    const playing = programme.performances.filter((set) => set.startsAt <= saturdayNine && saturdayNine < set.endsAt);
    renderProgramme({ cancelled: [playing[0]!.id] });
    expect(screen.getAllByText('Playing now')).toHaveLength(playing.length - 1);
  });
});

describe('the programme in Dutch', () => {
  it('names the day, the count, now/next and the controls in Dutch, with the same festival times', async () => {
    renderProgramme({ locale: 'nl', filter: { stages: ['main-stage'] } });
    expect(screen.getByRole('heading', { level: 2, name: /^zaterdag 15 augustus · \d+ sets$/ })).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Nu en straks' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters, 1 actief' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Spring naar nu' })).toBeTruthy();
    expect(screen.getAllByText('Speelt nu').length).toBeGreaterThan(0);
  });
});
