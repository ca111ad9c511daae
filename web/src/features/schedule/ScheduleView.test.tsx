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
const byId = (id: string) => programme.performances.find((set) => set.id === id)!;
const hearts = (ids: string[]) => ({ ids: new Set(ids), pendingIds: new Set<string>(), onToggle: vi.fn() });

// Saturday: Mika Tanaka (Greenhouse 21:10–22:25), Freya Lindqvist (The Pier 21:20–22:20) and
// The Quiet Wolves (Main Stage 21:35–22:35) all play at once.
const threeAtOnce = [
  'mika-tanaka-greenhouse-0815-1910-0l3qs0q',
  'freya-lindqvist-the-pier-0815-1920-0wvkoft',
  'the-quiet-wolves-main-stage-0815-1935-144s0p6',
];

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

describe('my schedule as a compact timeline', () => {
  it('draws three sets that all overlap as one clash, with one note and a way through it', () => {
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set(threeAtOnce)} now={now} favorites={hearts(threeAtOnce)} />);
    const clash = document.querySelector('.schedule-clash')!;
    expect(within(clash as HTMLElement).getAllByRole('article').map((card) => card.getAttribute('data-set-id'))).toEqual(threeAtOnce);
    expect(document.querySelectorAll('.clash-note')).toHaveLength(1);
    const note = clash.querySelector('.clash-note')!;
    expect(note.querySelector('p')!.textContent).toBe('Clash, 21:10–22:35: these 3 sets overlap.');
    // The sets in the order they end: Freya 22:20, Mika 22:25, The Quiet Wolves 22:35. The walk is not known yet.
    expect([...note.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      `Leave The Pier at 22:20, after ${name(byId(threeAtOnce[1]!))}, to catch at most the last 5 min of ${name(byId(threeAtOnce[0]!))} at Greenhouse (walking time unknown).`,
      `Leave Greenhouse at 22:25, after ${name(byId(threeAtOnce[0]!))}, to catch at most the last 10 min of ${name(byId(threeAtOnce[2]!))} at Main Stage (walking time unknown).`,
    ]);
    // Each set's bar sits where it plays in the clash's span.
    const bars = [...clash.querySelectorAll<HTMLElement>('.schedule-bar span')].map((bar) => [bar.style.left, bar.style.width]);
    expect(bars[0]).toEqual(['0%', `${(75 / 85) * 100}%`]);
  });

  it('names the walk once it is known, and says when nothing is left after it', () => {
    const walk = (from: string, to: string) => (from === to ? 0 : 6);
    const [mika, freya, wolves] = threeAtOnce.map(byId) as [PerformanceDoc, PerformanceDoc, PerformanceDoc];
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set(threeAtOnce)} now={now} walk={walk} />);
    expect([...document.querySelectorAll('.clash-note li')].map((item) => item.textContent)).toEqual([
      `Stay for ${name(freya)} and you miss ${name(mika)} at Greenhouse: it is over by the time you get there (6 min walk).`,
      `Leave Greenhouse at 22:25, after ${name(mika)}, to catch the last 4 min of ${name(wolves)} at Main Stage, 6 min walk.`,
    ]);
  });

  it('flags a tight change-over between stages on the set it leads to', () => {
    const [first, second] = tightPair();
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set([first.id, second.id])} now={now} />);
    const gap = Math.round((second.startsAt.getTime() - first.endsAt.getTime()) / 60_000);
    const warning = screen.getByText('Tight change-over:').closest('p')!;
    expect(warning.textContent).toContain(`${gap === 0 ? 'no time' : `only ${gap} min`} from ${name(first)}`);
    expect(warning.closest('li')!.querySelector('[data-set-id]')!.getAttribute('data-set-id')).toBe(second.id);
  });

  it('shows no clash for sets far apart, grouped by festival day, each heart one tap', async () => {
    const friday = programme.performances[0]!;
    const sunday = programme.performances[programme.performances.length - 1]!;
    const favorites = hearts([friday.id, sunday.id]);
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set([friday.id, sunday.id])} now={now} favorites={favorites} />);
    expect(document.querySelector('.clash-note')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Friday 14 August' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Sunday 16 August' })).toBeTruthy();
    const button = screen.getByRole('button', { name: `Favourite ${name(friday)}, 0 fans` });
    expect(button.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(button);
    expect(favorites.onToggle).toHaveBeenCalledWith(friday.id);
  });

  it('gives no advice once the clash is over, and none when asked not to', () => {
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set(threeAtOnce)} now={new Date('2026-08-20T12:00:00Z')} />);
    expect(document.querySelectorAll('.clash-note')).toHaveLength(1);
    expect(document.querySelectorAll('.clash-note li')).toHaveLength(0);
  });

  it('is read-only when shared: counts but no favourite buttons', () => {
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set(threeAtOnce)} now={now} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
    expect(document.querySelectorAll('.clash-note')).toHaveLength(1);
  });

  it('speaks Dutch', () => {
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set(threeAtOnce)} now={now} />, { locale: 'nl' });
    expect(document.querySelector('.clash-note p')!.textContent).toBe('Botsing, 21:10–22:35: deze 3 sets overlappen.');
    expect(document.querySelector('.clash-note li')!.textContent).toContain('(looptijd onbekend)');
  });

  it('invites to add sets when empty', () => {
    renderWithIntl(<ScheduleView programme={programme} performanceIds={new Set()} now={now} favorites={hearts([])} />);
    expect(screen.getByText(/Your schedule is empty/)).toBeTruthy();
  });
});
