import type { FavoritePriority } from '@encore/model';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import { ScheduleView } from '../schedule/ScheduleView';
import { SetCard, type FavoriteProps } from './SetCard';

const programme = seedProgramme();
const now = new Date('2026-08-01T12:00:00Z');
const [first, second] = programme.performances.filter((set) => set.status !== 'cancelled') as [(typeof programme.performances)[number], (typeof programme.performances)[number]];
const artist = (set: typeof first) => programme.artists.get(set.artistId)!.name;

function favorites(ids: string[], priorities: Record<string, FavoritePriority>) {
  return { ids: new Set(ids), pendingIds: new Set(), onToggle: vi.fn(), priorities: new Map(Object.entries(priorities)), onPriority: vi.fn<(id: string, priority: FavoritePriority | null) => void>() } satisfies FavoriteProps;
}

describe('must-see and maybe on a set card', () => {
  it('offers both as labelled toggles, one tap each, on a set that is not in the schedule yet', async () => {
    const hearts = favorites([], {});
    renderWithIntl(<SetCard performance={first} programme={programme} favorites={hearts} now={now} />);
    // The pair's code loads apart from the card's (SetCard's priorityToggle).
    const group = await screen.findByRole('group', { name: `How much you want to see ${artist(first)}` });
    const must = within(group).getByRole('button', { name: 'Must-see' });
    expect(must.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(must);
    expect(hearts.onPriority).toHaveBeenCalledWith(first.id, 'must');
  });

  it('shows the favourite’s priority as pressed, switches it with one tap, and takes it off with a tap on the pressed one', async () => {
    const hearts = favorites([first.id], { [first.id]: 'maybe' });
    renderWithIntl(<SetCard performance={first} programme={programme} favorites={hearts} now={now} />);
    expect(screen.getByRole('article').getAttribute('aria-label')).toMatch(/, Maybe$/);
    expect((await screen.findByRole('button', { name: 'Maybe' })).getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Must-see' }));
    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    expect(hearts.onPriority.mock.calls).toEqual([
      [first.id, 'must'],
      [first.id, null],
    ]);
  });

  it('speaks Dutch', async () => {
    renderWithIntl(<SetCard performance={first} programme={programme} favorites={favorites([first.id], { [first.id]: 'must' })} now={now} />, { locale: 'nl' });
    const group = await screen.findByRole('group', { name: `Hoe graag je ${artist(first)} wilt zien` });
    expect(within(group).getByRole('button', { name: 'Moet zien' }).getAttribute('aria-pressed')).toBe('true');
    expect(within(group).getByRole('button', { name: 'Misschien' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps a plain favourite (today’s documents, no priority) plain: nothing pressed', async () => {
    renderWithIntl(<SetCard performance={first} programme={programme} favorites={favorites([first.id], {})} now={now} />);
    await screen.findByRole('group', { name: `How much you want to see ${artist(first)}` });
    expect(screen.getAllByRole('button', { pressed: true }).map((button) => button.className)).toEqual(['favorite']);
  });

  it('gives a timeline block one priority button instead of the pair, cycling none → must-see → maybe → none', async () => {
    const hearts = favorites([], {});
    const { rerender } = renderWithIntl(<SetCard performance={first} programme={programme} favorites={hearts} now={now} variant="block" />);
    expect(screen.queryByRole('group')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: `Priority for ${artist(first)}: none, change to must-see` }));
    hearts.ids = new Set([first.id]);
    hearts.priorities = new Map<string, FavoritePriority>([[first.id, 'must']]);
    rerender(<SetCard performance={first} programme={programme} favorites={{ ...hearts }} now={now} variant="block" />);
    expect(screen.getByRole('article').getAttribute('aria-label')).toMatch(/, Must-see$/);
    await userEvent.click(screen.getByRole('button', { name: `Priority for ${artist(first)}: must-see, change to maybe` }));
    hearts.priorities = new Map<string, FavoritePriority>([[first.id, 'maybe']]);
    rerender(<SetCard performance={first} programme={programme} favorites={{ ...hearts }} now={now} variant="block" />);
    await userEvent.click(screen.getByRole('button', { name: `Priority for ${artist(first)}: maybe, change to none` }));
    expect(hearts.onPriority.mock.calls).toEqual([
      [first.id, 'must'],
      [first.id, 'maybe'],
      [first.id, null],
    ]);
  });

  it('works the block’s priority button from the keyboard: Tab from the heart, then Enter or Space', async () => {
    const hearts = favorites([first.id], {});
    renderWithIntl(<SetCard performance={first} programme={programme} favorites={hearts} now={now} variant="block" />);
    await userEvent.click(screen.getByRole('button', { name: new RegExp(`^Favourite ${artist(first)},`) }));
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: `Priority for ${artist(first)}: none, change to must-see` }));
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(hearts.onPriority.mock.calls).toEqual([
      [first.id, 'must'],
      [first.id, 'must'],
    ]);
  });

  it('names the block’s priority button in Dutch', () => {
    renderWithIntl(<SetCard performance={first} programme={programme} favorites={favorites([first.id], { [first.id]: 'maybe' })} now={now} variant="block" />, { locale: 'nl' });
    expect(screen.getByRole('button', { name: `Prioriteit voor ${artist(first)}: misschien, wijzig in geen` })).toBeTruthy();
  });

  it('cannot plan a cancelled set from its block: the button stays, aria-disabled and described by why', async () => {
    const cancelled = { ...first, status: 'cancelled' as const };
    const hearts = favorites([], {});
    renderWithIntl(<SetCard performance={cancelled} programme={programme} favorites={hearts} now={now} variant="block" />);
    const button = screen.getByRole('button', { name: `Priority for ${artist(first)}: none, change to must-see` });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toContain('A cancelled set cannot be added to your schedule.');
    await userEvent.click(button);
    expect(hearts.onPriority).not.toHaveBeenCalled();
  });

  it('shows a shared schedule’s priorities read-only', () => {
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set([first.id, second.id])} now={now} priorities={new Map([[second.id, 'maybe']])} />);
    expect(screen.queryByRole('group')).toBeNull();
    const flags = [...document.querySelectorAll('.set-flag-priority')].map((flag) => [flag.closest('article')!.getAttribute('data-set-id'), flag.textContent]);
    expect(flags).toEqual([[second.id, 'Maybe']]);
  });
});

describe('a set card after the festival', () => {
  const after = new Date('2026-08-20T12:00:00Z');

  it('offers no heart, must-see or maybe, on a card or a timeline block, and keeps the priority as a flag', () => {
    const hearts = favorites([first.id], { [first.id]: 'must' });
    for (const variant of ['card', 'block'] as const) {
      const { unmount } = renderWithIntl(<SetCard performance={first} programme={programme} favorites={hearts} now={after} variant={variant} />);
      expect(screen.queryAllByRole('button')).toEqual([]);
      expect(screen.getByText('Must-see')).toBeTruthy();
      expect(screen.getByRole('article').getAttribute('aria-label')).toMatch(/Finished, Must-see$/);
      unmount();
    }
  });

  it('offers none once the festival is archived, even before its last night is over', () => {
    const archived = { ...programme, festival: { ...programme.festival, archivedAt: new Date('2026-08-15T10:00:00Z') } };
    renderWithIntl(<SetCard performance={second} programme={archived} favorites={favorites([], {})} now={new Date('2026-08-15T12:00:00Z')} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
