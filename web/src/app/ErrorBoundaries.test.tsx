import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteErrorBoundary } from './ErrorBoundaries';
import { lazyPage } from './lazy-page';

function renderInApp(children: React.ReactNode) {
  return render(
    <IntlProvider locale="en" defaultLocale="en">
      <RouteErrorBoundary>{children}</RouteErrorBoundary>
    </IntlProvider>,
  );
}

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

describe('route error boundary', () => {
  afterEach(() => vi.restoreAllMocks());

  it('turns a route chunk that cannot load into a reload prompt, after one retry', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/InboxPage-old.js')));
    const Page = lazyPage(load);
    renderInApp(<Page />);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText(/Reload to get the latest version/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says the page is not on this device yet when the chunk fails offline', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setOnline(false);
    const Page = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/PhotosPage.js')));
    renderInApp(<Page />);
    expect(await screen.findByRole('heading', { name: 'This page is not saved on this device yet' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('shows a render error with a way out, and "Try again" renders the page again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let failing = true;
    function Flaky() {
      if (failing) throw new Error('bad data');
      return <h1>Recovered</h1>;
    }
    renderInApp(<Flaky />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong on this page' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the programme' }).getAttribute('href')).toBe('/');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Recovered' })).toBeTruthy();
  });
});
