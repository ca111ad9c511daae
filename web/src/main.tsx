import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { App } from './app/App';
import { registerServiceWorker } from './app/register-service-worker';
import './styles/base.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* English until the app's i18n provider (another branch) chooses the locale and loads src/i18n/. */}
    <IntlProvider locale="en" defaultLocale="en">
      <App />
    </IntlProvider>
  </StrictMode>,
);

registerServiceWorker();
