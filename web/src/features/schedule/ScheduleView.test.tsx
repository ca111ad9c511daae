import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '../../i18n/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { PerformanceDoc } from '../../festival/programme';
import { seedProgramme } from '../../test-fixtures';
import { ScheduleView } from './ScheduleView';

const programme = seedProgramme();
const now = new Date('2026-08-01T12:00:00Z');
const name = (set: PerformanceDoc) => programme.artists.get(set.artistId)!.name;

/** Two sets on different stages that play at the same time. */
function overlappingPair(): [PerformanceDoc, PerformanceDoc] {
  for (const a of programme.performances) {
    const b = programme.performances.find((other) => other.stageId !== a.stageId && other.startsAt > a.startsAt && other.startsAt < a.endsAt);
    if (b) return [a, b];
  }
  throw new Error('the seed has no overlapping sets');
}

/** Two sets on different stages with a short gap between them. */
function tightPair(): [PerformanceDoc, PerformanceDoc] {
  for (const a of programme.performances) {
    const b = programme.performances.find((other) => {
      const gap = other.startsAt.getTime() - a.endsAt.getTime();
      return other.stageId !== a.stageId && gap >= 0 && gap < 10 * 60_000;
    });
    if (b) return [a, b];
  }
  throw new Error('the seed has no tight change-overs');
}

describe('my schedule and its clash warnings', () => {
  it('warns about two sets that overlap, naming both and the minutes', () => {
    const [first, second] = overlappingPair();
    const onToggle = vi.fn();
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set([first.id, second.id])} now={now} favorites={{ ids: new Set([first.id, second.id]), pendingIds: new Set(), onToggle }} />);
    const clashes = screen.getByRole('region', { name: '1 clash in your schedule' });
    const minutes = Math.round((Math.min(first.endsAt.getTime(), second.endsAt.getTime()) - second.startsAt.getTime()) / 60_000);
    expect(within(clashes).getByRole('listitem').textContent).toBe(
      `Overlap: ${name(first)} (${programme.stages.find((s) => s.id === first.stageId)!.name}, ${clashes.textContent!.match(/\d\d:\d\d–\d\d:\d\d/)![0]}) and ${name(second)} (${programme.stages.find((s) => s.id === second.stageId)!.name}, ${clashes.textContent!.match(/\d\d:\d\d–\d\d:\d\d/g)![1]}) play at the same time for ${minutes} min.`,
    );
    expect(screen.getAllByText('Clashes with another set in your schedule.')).toHaveLength(2);
  });

  it('flags a tight change-over between stages', () => {
    const [first, second] = tightPair();
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set([first.id, second.id])} now={now} />);
    const gap = Math.round((second.startsAt.getTime() - first.endsAt.getTime()) / 60_000);
    const warning = screen.getByText('Tight change-over:').closest('li')!;
    expect(warning.className).toContain('clash-tight');
    expect(warning.textContent).toContain(`${gap === 0 ? 'no time' : `only ${gap} min`} to walk from ${name(first)}`);
    expect(warning.textContent).toContain(`to ${name(second)}`);
  });

  it('shows no warning for sets far apart, grouped by festival day', async () => {
    const friday = programme.performances[0]!;
    const sunday = programme.performances[programme.performances.length - 1]!;
    const onToggle = vi.fn();
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set([friday.id, sunday.id])} now={now} favorites={{ ids: new Set([friday.id, sunday.id]), pendingIds: new Set(), onToggle }} />);
    expect(screen.queryByRole('region', { name: /clash/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Friday 14 August' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sunday 16 August' })).toBeTruthy();
    const button = screen.getByRole('button', { name: `Favourite ${name(friday)}, 0 fans` });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(button);
    expect(onToggle).toHaveBeenCalledWith(friday.id);
  });

  it('is read-only when shared: counts but no favourite buttons', () => {
    const [first, second] = overlappingPair();
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set([first.id, second.id])} now={now} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByRole('region', { name: '1 clash in your schedule' })).toBeTruthy();
  });

  it('invites to add sets when empty', () => {
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set()} now={now} favorites={{ ids: new Set(), pendingIds: new Set(), onToggle: vi.fn() }} />);
    expect(screen.getByText(/Your schedule is empty/)).toBeTruthy();
  });
});
