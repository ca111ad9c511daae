/**
 * `/bundles/**` on the emulators, as Firebase Hosting's rewrite does in production
 * (firebase.json: `/bundles/**` -> the `programmeBundle` function): Vite's dev server and
 * `vite preview` forward it to the functions runner, keeping the path the function sees
 * (`/bundles/{festivalId}/programme.bundle`), so the app fetches the same same-origin URL
 * everywhere. Follows the ports the stack exports (VITE_FUNCTIONS_EMULATOR_PORT...).
 */
import type { ProxyOptions } from 'vite';

export function bundlesProxy(env: Record<string, string | undefined>): Record<string, ProxyOptions> {
  const production = Boolean(env.VITE_FIREBASE_PROJECT_ID) && env.VITE_USE_EMULATORS !== 'true';
  if (production) return {};
  const host = env.VITE_EMULATOR_HOST || '127.0.0.1';
  const port = env.VITE_FUNCTIONS_EMULATOR_PORT || '5001';
  const project = env.VITE_FIREBASE_PROJECT_ID || 'demo-encore';
  const region = env.VITE_FUNCTIONS_REGION || 'europe-west1';
  return {
    '/bundles/': {
      target: `http://${host}:${port}`,
      rewrite: (path) => `/${project}/${region}/programmeBundle${path}`,
    },
  };
}
