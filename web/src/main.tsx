import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { afterFirstContent } from './app/first-content';
import { appConfig, appRoute } from './config/firebase-config';
import { programmeBundleBytes } from './festival/bundle-file/fetch-bundle';
import './firebase/no-injected-defaults';
import './styles/base.css';

// The programme's bundle file before anything renders (index.html preloads it already): the
// first paint reads its sets from it (festival/FestivalContext.tsx). The festival is the
// address's (config/festival-route.ts); the pages outside any festival have none to load.
if (!appRoute.topLevel) void programmeBundleBytes(appConfig.festivalId);

// As a transition: React renders the first page in slices of a few milliseconds instead of one
// long task, so the phone stays responsive while it does (index.html's shell is on screen meanwhile).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// The service worker (and workbox-window) once the first content is painted: its precaching
// would otherwise share the network with the programme's first download. The display face
// too, on a first visit (ui/display-font.ts).
void afterFirstContent()
  .then(() => import('./app/install-service-worker'))
  .then(({ registerServiceWorker }) => registerServiceWorker())
  .catch((error: unknown) => console.warn('Offline support is unavailable:', error));
// Its module too: no first page draws with it.
void afterFirstContent()
  .then(() => import('./ui/display-font'))
  .then(({ loadDisplayFont }) => loadDisplayFont())
  .catch(() => {
    // Its chunk could not load (offline before it was cached): headings keep the system face.
  });
