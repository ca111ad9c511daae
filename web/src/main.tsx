import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { afterFirstContent } from './app/first-content';
import { registerServiceWorker } from './app/register-service-worker';
import { appConfig } from './config/firebase-config';
import { programmeBundleBytes } from './festival/bundle-file/fetch-bundle';
import './styles/base.css';

// The programme's bundle file before anything renders (index.html preloads it already): the
// first paint reads its sets from it (festival/FestivalContext.tsx).
void programmeBundleBytes(appConfig.festivalId);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (and workbox-window) once the first content is painted: its precaching
// would otherwise share the network with the programme's first download.
void afterFirstContent().then(registerServiceWorker);
