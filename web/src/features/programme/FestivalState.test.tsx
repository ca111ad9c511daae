import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { seedProgramme } from '../../test-fixtures';
import { FestivalCountdown } from './FestivalState';

const programme = seedProgramme();
const twoWeeksBefore = new Date('2026-08-01T12:00:00+02:00');
const anHourBefore = new Date(Math.min(...programme.performances.map((set) => set.startsAt.getTime())) - 3_600_000);

describe('the countdown before the festival', () => {
  it('links to the line-up page, outside the countdown’s status line', () => {
    renderWithIntl(<FestivalCountdown programme={programme} now={twoWeeksBefore} />);
    const link = screen.getByRole('link', { name: 'See who plays: the line-up A–Z' });
    expect(link.getAttribute('href')).toBe('/lineup');
    expect(screen.getByRole('status').textContent).toMatch(/^Encore 2026 starts in 1[23] days: /);
    expect(screen.getByRole('status').contains(link)).toBe(false);
  });

  it('keeps the link on the last day before it starts, and says it in Dutch', () => {
    renderWithIntl(<FestivalCountdown programme={programme} now={anHourBefore} />, { locale: 'nl' });
    expect(screen.getByRole('link', { name: 'Bekijk wie er speelt: de line-up van A tot Z' }).getAttribute('href')).toBe('/lineup');
    expect(screen.getByRole('status').textContent).toMatch(/^Encore 2026 begint /);
  });

  it('counts calendar days in the festival’s zone: 12 days at any hour on the twelfth calendar day before the first set', () => {
    const firstSet = Math.min(...programme.performances.filter((set) => set.status !== 'cancelled').map((set) => set.startsAt.getTime()));
    expect(new Date(firstSet).toISOString()).toBe('2026-08-14T10:00:00.000Z');
    for (const now of ['2026-08-02T00:05:00+02:00', '2026-08-02T12:00:00+02:00', '2026-08-02T23:55:00+02:00']) {
      const { unmount } = renderWithIntl(<FestivalCountdown programme={programme} now={new Date(now)} />);
      expect(screen.getByRole('status').textContent).toBe('Encore 2026 starts in 12 days: Fri 14 Aug, 12:00.');
      unmount();
    }
    renderWithIntl(<FestivalCountdown programme={programme} now={new Date('2026-08-13T06:00:00+02:00')} />, { locale: 'nl' });
    expect(screen.getByRole('status').textContent).toBe('Encore 2026 begint over 1 dag: vr 14 aug, 12:00.');
  });
});
