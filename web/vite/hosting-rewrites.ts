/**
 * Firebase Hosting's function rewrites (firebase.json) on the emulators: Vite's dev server and
 * `vite preview` forward those paths to the functions runner, so the app uses the same
 * same-origin URLs everywhere. Follows the ports the stack exports (VITE_FUNCTIONS_EMULATOR_PORT...).
 *
 * - `/bundles/**` -> `programmeBundle`, keeping the path the function sees
 *   (`/bundles/{festivalId}/programme.bundle`); in both servers.
 * - `/`, `/f/{festivalId}` and `/f/{festivalId}/` -> `firstPage` (the shell with the
 *   festival's programme header, name and look written in), in `vite preview` only: the
 *   function fetches the built `app.html` from the server that forwarded the request
 *   (`X-Forwarded-Host`), and the dev server has no built shell; it serves its own index.html.
 * - `/f/{festivalId}/manifest.webmanifest` -> `festivalManifest` (the festival's web manifest,
 *   which its first page links), in `vite preview` too.
 */
import type { ProxyOptions } from 'vite';

interface FunctionsTarget {
  origin: string;
  prefix: string;
}

function functionsTarget(env: Record<string, string | undefined>): FunctionsTarget | null {
  const production = Boolean(env.VITE_FIREBASE_PROJECT_ID) && env.VITE_USE_EMULATORS !== 'true';
  if (production) return null;
  const host = env.VITE_EMULATOR_HOST || '127.0.0.1';
  const port = env.VITE_FUNCTIONS_EMULATOR_PORT || '5001';
  const project = env.VITE_FIREBASE_PROJECT_ID || 'demo-encore';
  const region = env.VITE_FUNCTIONS_REGION || 'europe-west1';
  return { origin: `http://${host}:${port}`, prefix: `/${project}/${region}` };
}

export function bundlesProxy(env: Record<string, string | undefined>): Record<string, ProxyOptions> {
  const target = functionsTarget(env);
  if (!target) return {};
  return {
    '/bundles/': {
      target: target.origin,
      rewrite: (path) => `${target.prefix}/programmeBundle${path}`,
    },
  };
}

/** `/` and `/?…` (the programme, with its day or filters in the query), as Hosting's `"source": "/"` matches them. */
export const FIRST_PAGE_PATH = '^/(\\?.*)?$';

/** A festival's address: firebase.json's `^/f/[a-z0-9][a-z0-9-]{0,79}/?$`, with a query. */
export const FESTIVAL_PAGE_PATH = '^/f/[a-z0-9][a-z0-9-]{0,79}/?(\\?.*)?$';

/** A festival's web manifest: firebase.json's `^/f/[a-z0-9][a-z0-9-]{0,79}/manifest\\.webmanifest$`, with a query. */
export const FESTIVAL_MANIFEST_PATH = '^/f/[a-z0-9][a-z0-9-]{0,79}/manifest\\.webmanifest(\\?.*)?$';

export function previewRewrites(env: Record<string, string | undefined>): Record<string, ProxyOptions> {
  const target = functionsTarget(env);
  if (!target) return {};
  const firstPage: ProxyOptions = {
    target: target.origin,
    // X-Forwarded-Host and -Proto: where the function fetches the shell from, and the page's public origin.
    xfwd: true,
    rewrite: (path) => `${target.prefix}/firstPage${path}`,
  };
  return {
    ...bundlesProxy(env),
    [FIRST_PAGE_PATH]: firstPage,
    [FESTIVAL_PAGE_PATH]: firstPage,
    [FESTIVAL_MANIFEST_PATH]: {
      target: target.origin,
      rewrite: (path) => `${target.prefix}/festivalManifest${path}`,
    },
  };
}
