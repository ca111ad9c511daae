import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { afterFirstContent } from './app/first-content';
import { registerServiceWorker } from './app/register-service-worker';
import './styles/base.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The service worker (and workbox-window) once the first content is painted: its precaching
// would otherwise share the network with the programme's first download.
void afterFirstContent().then(registerServiceWorker);
