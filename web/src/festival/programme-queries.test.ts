import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { collection, initializeFirestore, memoryLocalCache, orderBy, query, queryEqual, type Firestore } from 'firebase/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadProgrammeQueries, plainProgrammeQueries } from './programme-queries';

let app: FirebaseApp;
let firestore: Firestore;

beforeEach(() => {
  app = initializeApp({ projectId: 'demo-queries', apiKey: 'demo' }, `queries-${Math.random()}`);
  // Never connected: these tests build queries and load (or fail to load) bundles locally only.
  firestore = initializeFirestore(app, { localCache: memoryLocalCache() });
});

afterEach(() => deleteApp(app));

describe('the programme queries', () => {
  it('without a bundle: the festival document and the three collections, ordered as the bundle orders them', () => {
    const queries = plainProgrammeQueries(firestore, 'encore-2026');
    expect(queries.source).toBe('firestore');
    expect(queries.festival.path).toBe('festivals/encore-2026');
    const base = (name: string) => collection(firestore, `festivals/encore-2026/${name}`);
    expect(queryEqual(queries.stages, query(base('stages'), orderBy('order')))).toBe(true);
    expect(queryEqual(queries.artists, base('artists'))).toBe(true);
    expect(queryEqual(queries.performances, query(base('performances'), orderBy('startsAt')))).toBe(true);
  });

  it('falls back to the plain queries when there is no bundle (a 404, offline: see fetch-bundle.ts)', async () => {
    const bundleBytes = vi.fn(async () => null);
    const queries = await loadProgrammeQueries(firestore, 'encore-2026', bundleBytes);
    expect(bundleBytes).toHaveBeenCalledWith('encore-2026');
    expect(queries.source).toBe('firestore');
  });

  it('falls back to the plain queries when the bytes are not a bundle', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const garbage = await loadProgrammeQueries(firestore, 'encore-2026', async () => new TextEncoder().encode('12{"not":"a bundle"').buffer as ArrayBuffer);
    expect(garbage.source).toBe('firestore');
  });
});
