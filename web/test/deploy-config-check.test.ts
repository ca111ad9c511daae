import { describe, expect, it } from 'vitest';
import { deployConfigProblem } from '../vite/deploy-config-check';

/** What firebase-tools adds to a predeploy hook's environment besides GCLOUD_PROJECT. */
const hook = { PROJECT_DIR: '/app', RESOURCE_DIR: '/app/web' };

describe('deployConfigProblem', () => {
  it('leaves builds outside a deploy alone, configured or not, also where an SDK or the emulators set GCLOUD_PROJECT', () => {
    expect(deployConfigProblem({})).toBeNull();
    expect(deployConfigProblem({ VITE_USE_EMULATORS: 'true' })).toBeNull();
    expect(deployConfigProblem({ GCLOUD_PROJECT: 'demo-encore' })).toBeNull();
    expect(deployConfigProblem({ GCLOUD_PROJECT: 'zomer-fest' })).toBeNull();
    expect(deployConfigProblem({ GCLOUD_PROJECT: 'demo-encore', RESOURCE_DIR: '/app/web' })).toBeNull();
  });

  it('refuses a deploy build with no project configured, for another project, or for the emulators', () => {
    expect(deployConfigProblem({ ...hook, GCLOUD_PROJECT: 'zomer-fest' })).toMatch(/^No Firebase project is configured for the web app \(VITE_FIREBASE_PROJECT_ID\).*deployed to zomer-fest\. Put the web config in web\/\.env\.production\.local/);
    expect(deployConfigProblem({ ...hook, GCLOUD_PROJECT: 'zomer-fest', VITE_FIREBASE_PROJECT_ID: 'other' })).toMatch(/configured for project other .* deployed to zomer-fest/);
    expect(deployConfigProblem({ ...hook, GCLOUD_PROJECT: 'zomer-fest', VITE_FIREBASE_PROJECT_ID: 'zomer-fest', VITE_USE_EMULATORS: 'true' })).toMatch(/for the local emulators/);
  });

  it('lets a deploy build configured for its own project through', () => {
    expect(deployConfigProblem({ ...hook, GCLOUD_PROJECT: 'zomer-fest', VITE_FIREBASE_PROJECT_ID: 'zomer-fest' })).toBeNull();
  });
});
