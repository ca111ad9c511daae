/**
 * A build for `firebase deploy` must be configured for the project it goes to (issue 35): the
 * deploy's predeploy hook runs `vite build` with `GCLOUD_PROJECT`, `PROJECT_DIR` and
 * `RESOURCE_DIR` set (firebase-tools does so for every lifecycle hook; `GCLOUD_PROJECT` alone
 * is also set by emulators and SDKs, so it is not taken as a deploy). Without `VITE_FIREBASE_PROJECT_ID` the app would be built for the
 * local emulators (127.0.0.1) and every visitor would get a page that cannot load anything;
 * built for another project it would read and write that one. Refused, with what to do.
 * Builds outside a deploy (tests, `npm run build -w web` beside the local stack) are free.
 */
export function deployConfigProblem(env: Record<string, string | undefined>): string | null {
  const deployingTo = env.GCLOUD_PROJECT?.trim();
  // A `demo-` project exists only on the emulators: nothing is ever deployed to one.
  if (!deployingTo || !env.RESOURCE_DIR || deployingTo.startsWith('demo-')) return null;
  const builtFor = env.VITE_FIREBASE_PROJECT_ID?.trim();
  const where = 'Put the web config in web/.env.production.local (README, "Deploy", step 4).';
  if (env.VITE_USE_EMULATORS === 'true') return `This build is for the local emulators (VITE_USE_EMULATORS=true) but is being deployed to ${deployingTo}. ${where}`;
  if (!builtFor) return `No Firebase project is configured for the web app (VITE_FIREBASE_PROJECT_ID), so it would be built for the local emulators and deployed to ${deployingTo}. ${where}`;
  if (builtFor !== deployingTo) return `The web app is configured for project ${builtFor} (VITE_FIREBASE_PROJECT_ID) but is being deployed to ${deployingTo}. ${where}`;
  return null;
}
