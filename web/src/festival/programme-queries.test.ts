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

  it('asks for the same-origin bundle URL and falls back to the plain queries on a 404', async () => {
    const fetchBundle = vi.fn(async () => new Response('No such festival.\n', { status: 404 }));
    const queries = await loadProgrammeQueries(firestore, 'encore-2026', fetchBundle as unknown as typeof fetch);
    expect(fetchBundle).toHaveBeenCalledWith('/bundles/encore-2026/programme.bundle');
    expect(queries.source).toBe('firestore');
  });

  it('falls back to the plain queries when the network fails or the bundle is not one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const offline = await loadProgrammeQueries(firestore, 'encore-2026', (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    expect(offline.source).toBe('firestore');
    const garbage = await loadProgrammeQueries(firestore, 'encore-2026', (async () => new Response('12{"not":"a bundle"')) as unknown as typeof fetch);
    expect(garbage.source).toBe('firestore');
  });
});
