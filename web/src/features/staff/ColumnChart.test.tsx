import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { ColumnChart, chartSummary, type Column } from './ColumnChart';

const columns: Column[] = [
  { label: '19:00', value: 4 },
  { label: '20:00', value: 42 },
  { label: '21:00', value: 17 },
];

function Chart() {
  const intl = useIntl();
  return <ColumnChart title="Favourites per hour" columns={columns} summary={chartSummary(intl, 'Favourites per hour', columns)} />;
}

describe('ColumnChart', () => {
  it('names what it shows in a sentence, and gives the figures as a table', async () => {
    renderWithIntl(<Chart />);
    expect(screen.getByRole('img', { name: 'Favourites per hour: 63 in all, most (42) at 20:00, from 19:00 to 21:00' })).toBeTruthy();
    await userEvent.click(screen.getByText('Show as a table'));
    const rows = within(screen.getByRole('table')).getAllByRole('row').map((row) => row.textContent);
    expect(rows).toEqual(['WhenCount', '19:004', '20:0042', '21:0017']);
  });

  it('says so when there is nothing to show, in Dutch too', () => {
    renderWithIntl(<ColumnChart title="Meldingen" columns={[]} summary="Meldingen" />, { locale: 'nl' });
    expect(screen.getByText('Nog geen gegevens.')).toBeTruthy();
  });
});
