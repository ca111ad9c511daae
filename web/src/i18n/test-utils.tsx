import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { FORMAT_LOCALE, type Locale } from './locales';
import dutch from './nl/index';

/**
 * The wrapper every component test renders in: react-intl with the real catalogs (English
 * from the defaultMessages, Dutch from web/src/i18n/nl/), loaded synchronously. Missing
 * translations throw, so a test in Dutch fails on a string nobody translated.
 */
export function IntlTestProvider({ locale = 'en', children }: { locale?: Locale; children: ReactNode }) {
  return (
    <IntlProvider
      locale={FORMAT_LOCALE[locale]}
      defaultLocale={FORMAT_LOCALE.en}
      messages={locale === 'nl' ? dutch : {}}
      onError={(error) => {
        throw error;
      }}
    >
      {children}
    </IntlProvider>
  );
}

/** Testing Library's `render` inside IntlTestProvider. */
export function renderWithIntl(ui: ReactElement, options: RenderOptions & { locale?: Locale } = {}) {
  const { locale, ...rest } = options;
  return render(ui, { wrapper: ({ children }) => <IntlTestProvider locale={locale}>{children}</IntlTestProvider>, ...rest });
}
