import { useContext, type ReactNode } from 'react';
import { IntlContext, IntlProvider } from 'react-intl';

/**
 * The app's IntlProvider when there is one above; English (each message's defaultMessage)
 * otherwise. The prompts and error fallbacks are loaded on demand, and wrap themselves in
 * this, so react-intl stays out of the programme page's first download until the app-wide
 * i18n provider arrives; from then on this is a pass-through, and can go.
 */
export function EnsureIntl({ children }: { children: ReactNode }) {
  const intl = useContext(IntlContext);
  if (intl) return <>{children}</>;
  return (
    <IntlProvider locale="en" defaultLocale="en">
      {children}
    </IntlProvider>
  );
}
