import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { UploadRefusalsTable } from './UploadRefusals';

const hours = {
  '2026-08-14T19:00:00.000Z': { quota: 2 },
  '2026-08-14T20:00:00.000Z': { unknown: 40, 'festival-busy': 3 },
};

describe('UploadRefusalsTable', () => {
  it('lists today’s refused uploads per hour in festival time, latest first, with why', () => {
    renderWithIntl(<UploadRefusalsTable refusals={{ hours }} timeZone="Europe/Amsterdam" />);
    const region = screen.getByRole('region', { name: 'Uploads refused today' });
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent))).toEqual([
      ['22:00', '43', 'Not an image 40, Festival hourly limit 3'],
      ['21:00', '2', 'Personal daily limit 2'],
    ]);
    expect(within(region).getByRole('columnheader', { name: 'Why' })).toBeTruthy();
  });

  it('says so in Dutch when nothing was refused today', () => {
    renderWithIntl(<UploadRefusalsTable refusals={null} timeZone="Europe/Amsterdam" />, { locale: 'nl' });
    expect(screen.getByRole('region', { name: 'Vandaag geweigerde uploads' })).toBeTruthy();
    expect(screen.getByText('Vandaag is er geen upload geweigerd.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('reads its Dutch reasons from the catalogue', () => {
    renderWithIntl(<UploadRefusalsTable refusals={{ hours }} timeZone="Europe/Amsterdam" />, { locale: 'nl' });
    expect(screen.getAllByRole('row')[1]!.querySelector('td:last-child')?.textContent).toBe('Geen afbeelding 40 en Uurlimiet van het festival 3');
  });
});
