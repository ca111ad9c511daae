import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import { SetCard, setPhase, type FavoriteProps } from './SetCard';

const programme = seedProgramme();
const set = programme.performances.find((candidate) => candidate.status !== 'cancelled')!;
const artist = programme.artists.get(set.artistId)!.name;
const before = new Date(set.startsAt.getTime() - 60_000);
const during = new Date(set.startsAt.getTime() + 60_000);
const after = new Date(set.endsAt.getTime() + 60_000);
const hearts = (ids: string[], pending: string[] = []): FavoriteProps => ({ ids: new Set(ids), pendingIds: new Set(pending), onToggle: vi.fn() });

describe("a set card follows what it shows of the app's state (its body is memo'd on it)", () => {
  it('tells the phase of a set from the clock: upcoming, playing, finished, and cancelled whatever the time', () => {
    expect([before, during, after].map((now) => setPhase(set, now))).toEqual(['upcoming', 'playing', 'finished']);
    expect(setPhase({ ...set, status: 'cancelled' }, during)).toBe('cancelled');
  });

  it('shows its new heart and phase as soon as they change, never a stale one', () => {
    const card = () => screen.getByRole('article', { name: new RegExp(`^${artist}`) });
    const { rerender } = renderWithIntl(<SetCard performance={set} programme={programme} favorites={hearts([])} now={before} />);
    expect(card().className).not.toContain('set-mine');

    rerender(<SetCard performance={set} programme={programme} favorites={hearts([set.id], [set.id])} now={before} />);
    expect(card().className).toContain('set-mine');
    expect(screen.getByRole('button', { name: new RegExp(artist) }).getAttribute('aria-pressed')).toBe('true');

    rerender(<SetCard performance={set} programme={programme} favorites={hearts([set.id, 'another-set'])} now={during} />);
    expect(card().className).toContain('set-playing');
    expect(card().getAttribute('aria-label')).toContain('Playing now');

    rerender(<SetCard performance={set} programme={programme} favorites={hearts([set.id, 'another-set'])} now={after} />);
    expect(card().className).toContain('set-finished');
    expect(card().getAttribute('aria-label')).toContain('Finished');
  });
});
