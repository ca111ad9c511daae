/**
 * What `npm start` prints once it is up, for the two things a data folder can hold: the demo
 * festival (the live-sets link and the test accounts, each with what it may do) or nothing
 * (`--empty`: no demo account and no live-sets link, the local project admin with its password
 * and second-factor number, and the organiser's page), and how to start again either way.
 */
import { describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@encore/model/seed';
import { festivalBanner } from '../../src/stack/banner.js';
import type { RunningFestival } from '../../src/stack/festival.js';

const ROOT = '/repo';
const admin = { email: 'organiser@encore.local', password: 'Abcdefghijklmnopqrstuvwx', displayName: 'Local organiser', phoneNumber: '+16505550100' };

function festival(overrides: Partial<RunningFestival>): RunningFestival {
  return {
    stack: { projectId: 'demo-encore', hosts: { firestore: '127.0.0.1:8080', storage: '127.0.0.1:9199', pubsub: '127.0.0.1:8085' } } as RunningFestival['stack'],
    auth: { host: '127.0.0.1:9099', port: 9099, imported: false, stop: async () => {} },
    web: { url: 'http://127.0.0.1:5173/', stop: async () => {} },
    dataDir: '/repo/.encore-data',
    readyMs: 1000,
    mode: { kind: 'demo' },
    seed: null,
    photosSeeded: Promise.resolve(),
    testAccounts: SEED_ACCOUNTS,
    timings: {},
    appCheckDebugToken: 'token',
    stop: async () => {},
    ...overrides,
  };
}

describe('the banner', () => {
  it('with the demo: the live-sets link and each test account with its rights and second factor', () => {
    const lines = festivalBanner(festival({}), ROOT).split('\n');
    expect(lines).toContainEqual(expect.stringMatching(/^ {2}To see sets live on \d+ of \d+ stages, open http:\/\/127\.0\.0\.1:5173\/\?now=/));
    expect(lines).toContain('    admin@encore.test        encore-admin               project admin               second factor: SMS to +16505550102');
    expect(lines).toContain('    staff@encore.test        encore-staff               admin of encore-2026        second factor: SMS to +16505550101');
    expect(lines).toContain('    moderator@encore.test    encore-moderator           moderator of encore-2026    second factor: SMS to +16505550103');
    expect(lines).toContain('    visitor@encore.test      encore-visitor             visitor');
    expect(lines).toContain('    uploader@encore.test     encore-uploader            visitor');
    expect(lines.some((line) => line.includes('organiser'))).toBe(false);
    expect(lines).toContain('  Ctrl-C stops everything and keeps the state in .encore-data/. npm start -- --fresh sets it aside (in .encore-data/previous/) and starts');
    expect(lines).toContain('  again with the demo festival; --fresh --empty starts again with no festival.');
  });

  it('empty: no demo account and no live-sets link; the local admin, where its password is kept, and the organiser’s page', () => {
    const text = festivalBanner(festival({ mode: { kind: 'empty', remembered: false }, testAccounts: [], localAdmin: { ...admin, made: true } }), ROOT);
    const lines = text.split('\n');
    expect(text).not.toMatch(/encore\.test|To see sets live|Test accounts/);
    expect(lines).toContain('  No festival yet and no demo account (--empty); later starts of this data folder stay so.');
    expect(lines).toContain("  Create a festival on the organiser's page: http://127.0.0.1:5173/organiser");
    expect(lines).toContain('  Sign in as the local project admin (its password is kept in .encore-data/local-admin.json):');
    expect(lines).toContain('    organiser@encore.local   Abcdefghijklmnopqrstuvwx   project admin               second factor: SMS to +16505550100');
    expect(text).toContain('`npm run mfa-code` prints the latest');
  });

  it('empty on a later plain start says the folder stays so; without the web app, it names the page’s path', () => {
    const text = festivalBanner(festival({ web: null, mode: { kind: 'empty', remembered: true }, testAccounts: [], localAdmin: { ...admin, made: false } }), ROOT);
    expect(text).toContain('  No demo festival: this data folder was started with --empty and stays so (the demo is never seeded into it).');
    expect(text).toContain("  Create a festival on the web app's organiser's page, /organiser (npm start serves the web app).");
  });
});
