import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormattedMessage } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, useLocale } from './I18nProvider';
import { STORAGE_KEY } from './locales';

function Probe() {
  const { locale, setLocale } = useLocale();
  return (
    <>
      <p>
        <FormattedMessage id="ui.nav.schedule" defaultMessage="My schedule" />
      </p>
      <button type="button" onClick={() => setLocale(locale === 'en' ? 'nl' : 'en')}>
        switch
      </button>
    </>
  );
}

afterEach(() => {
  window.localStorage.clear();
  vi.restoreAllMocks();
});

describe('the app’s language', () => {
  it('follows the browser’s languages: Dutch for nl-NL, loaded on demand, with <html lang="nl">', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['nl-NL', 'en']);
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText('Mijn schema')).toBeTruthy();
    // <html lang> follows in an effect after the Dutch text renders: awaited, not raced.
    await waitFor(() => expect(document.documentElement.lang).toBe('nl'));
  });

  it('switches language, remembers the choice and keeps it over the browser’s', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    const { unmount } = render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(screen.getByText('My schedule')).toBeTruthy();
    expect(document.documentElement.lang).toBe('en');
    await userEvent.click(screen.getByRole('button', { name: 'switch' }));
    expect(await screen.findByText('Mijn schema')).toBeTruthy();
    expect(window.localStorage.getItem(STORAGE_KEY)).toBe('nl');
    unmount();

    // A new visit (the browser still says English) opens in Dutch.
    render(
      <I18nProvider>
        <Probe />
      </I18nProvider>,
    );
    expect(await screen.findByText('Mijn schema')).toBeTruthy();
    await act(async () => {});
    expect(document.documentElement.lang).toBe('nl');
  });
  it('renders an English first visit once: the catalog "loading" leaves the app as it is', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    let renders = 0;
    function Counted() {
      renders += 1;
      useLocale();
      return <FormattedMessage id="ui.nav.schedule" defaultMessage="My schedule" />;
    }
    render(
      <I18nProvider>
        <Counted />
      </I18nProvider>,
    );
    expect(screen.getByText('My schedule')).toBeTruthy();
    // Past the catalog's promise (English's resolves at once) and any render it would cause.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(renders).toBe(1);
  });
});
