import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithIntl } from '../../i18n/test-utils';
import { UrgentBannerView } from './UrgentBanner';

const evacuate = { id: 'a1', title: 'EVACUATE', body: 'Leave the field by the north gate.\nFollow the stewards.' };

describe('the urgent banner', () => {
  it('is an alert with the announcement, a way to News, and its own dismiss button', async () => {
    const onDismiss = vi.fn();
    renderWithIntl(<UrgentBannerView banners={[evacuate, { id: 'a2', title: 'Storm', body: 'Stages close at 22:00.' }]} onDismiss={onDismiss} onNewsPage={false} />);
    const alerts = screen.getAllByRole('alert');
    expect(alerts.map((alert) => alert.getAttribute('aria-labelledby'))).toEqual(['urgent-a1', 'urgent-a2']);
    expect(alerts[0]!.textContent).toContain('Urgent: EVACUATE');
    expect(alerts[0]!.textContent).toContain('Leave the field by the north gate.');
    expect(screen.getAllByRole('link', { name: 'Read in News' })[0]!.getAttribute('href')).toBe('/inbox');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss “Storm”' }));
    expect(onDismiss).toHaveBeenCalledWith('a2');
  });

  it('speaks Dutch, and leaves out the link on the News page itself', () => {
    renderWithIntl(<UrgentBannerView banners={[evacuate]} onDismiss={() => {}} onNewsPage />, { locale: 'nl' });
    expect(screen.getByRole('alert').textContent).toContain('Dringend: EVACUATE');
    expect(screen.getByRole('button', { name: 'Sluit ‘EVACUATE’' })).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('opens the rest of the message with one tap (on a phone it shows two lines)', async () => {
    renderWithIntl(<UrgentBannerView banners={[evacuate]} onDismiss={() => {}} onNewsPage={false} />);
    const more = screen.getByRole('button', { name: 'All of “EVACUATE”' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('alert').className).toContain('urgent-banner-open');
  });

  it('shows an all clear as what it is ("All clear: …", not "Urgent: …"), dismissable like any banner', async () => {
    const onDismiss = vi.fn();
    renderWithIntl(<UrgentBannerView banners={[{ id: 'a1-all-clear', title: 'All clear: EVACUATE', body: 'It is over.', allClear: true }]} onDismiss={onDismiss} onNewsPage={false} />);
    const alert = screen.getByRole('alert');
    expect(alert.querySelector('.urgent-banner-title')!.textContent).toBe('All clear: EVACUATE');
    expect(alert.className).toContain('urgent-banner-all-clear');
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss “All clear: EVACUATE”' }));
    expect(onDismiss).toHaveBeenCalledWith('a1-all-clear');
  });

  it('renders nothing without urgent news', () => {
    const { container } = renderWithIntl(<UrgentBannerView banners={[]} onDismiss={() => {}} onNewsPage={false} />);
    expect(container.innerHTML).toBe('');
  });
});
