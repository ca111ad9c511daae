// @vitest-environment node
// (The SDK's Node build reads bundle bytes only from Node's own Uint8Array, not jsdom's.)
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { getDocsFromCache, initializeFirestore, loadBundle, memoryLocalCache, namedQuery, type Firestore } from 'firebase/firestore';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBundleElements, type BundleElement } from './bundle-elements';
import { splitBundleByQuery, splitBundleParts } from './split-bundle';

const ROOT = 'projects/demo-split/databases/(default)/documents';
const readTime = { seconds: '1786000000', nanos: 0 };
const encoder = new TextEncoder();
const element = (value: unknown) => {
  const json = JSON.stringify(value);
  return `${encoder.encode(json).length}${json}`;
};

function query(name: string, collectionId: string) {
  return { namedQuery: { name, bundledQuery: { parent: `${ROOT}/festivals/f`, structuredQuery: { from: [{ collectionId }] } }, readTime } };
}
function documentOf(path: string, queries: string[] | undefined, name: string) {
  return [
    { documentMetadata: { name: `${ROOT}/${path}`, readTime, exists: true, ...(queries ? { queries } : {}) } },
    { document: { name: `${ROOT}/${path}`, fields: { name: { stringValue: name } }, createTime: readTime, updateTime: readTime } },
  ];
}

/** A programme bundle as the functions build it: metadata, the named queries, then each document after its metadata. */
function programmeBundle(): Uint8Array {
  const elements = [
    { metadata: { id: 'programme-f', createTime: readTime, version: 1, totalDocuments: 4, totalBytes: '0' } },
    query('f-stages', 'stages'),
    query('f-artists', 'artists'),
    ...documentOf('festivals/f', undefined, 'Festival'),
    ...documentOf('festivals/f/stages/main', ['f-stages'], 'Main stage'),
    ...documentOf('festivals/f/artists/zoe', ['f-artists'], 'Zoë — live'),
    ...documentOf('festivals/f/stages/dune', ['f-stages'], 'Dune bar'),
  ];
  return encoder.encode(elements.map(element).join(''));
}

const kinds = (elements: BundleElement[]) => elements.map((item) => Object.keys(item)[0]);

describe('cutting the programme bundle into one bundle per named query', () => {
  it('keeps each named query with every document that names it, and the unnamed documents in a first part of the bundle id', () => {
    const parts = splitBundleByQuery(programmeBundle()).map(readBundleElements);
    expect(parts.map((part) => (part[0] as { metadata: { id: string } }).metadata.id)).toEqual(['programme-f', 'programme-f|f-stages', 'programme-f|f-artists']);
    const [unnamed, stages, artists] = parts as [BundleElement[], BundleElement[], BundleElement[]];
    expect(kinds(unnamed)).toEqual(['metadata', 'documentMetadata', 'document']);
    expect(kinds(stages)).toEqual(['metadata', 'namedQuery', 'documentMetadata', 'document', 'documentMetadata', 'document']);
    expect(kinds(artists)).toEqual(['metadata', 'namedQuery', 'documentMetadata', 'document']);
    // Every part is stamped with the bundle's build time (the SDK skips a part it holds from the same build) and counts what it holds.
    for (const part of parts) expect((part[0] as { metadata: { createTime: unknown } }).metadata.createTime).toEqual(readTime);
    expect((stages[0] as { metadata: { totalDocuments: number } }).metadata.totalDocuments).toBe(2);
  });

  it('names the queries each part carries: none for the first part (what a visitor keeps beside the programme picks its parts by them)', () => {
    expect(splitBundleParts(programmeBundle()).map((part) => part.queries)).toEqual([[], ['f-stages'], ['f-artists']]);
  });

  it('keeps the element bytes as they were (multi-byte text included)', () => {
    const whole = readBundleElements(programmeBundle());
    const parts = splitBundleByQuery(programmeBundle()).flatMap((part) => readBundleElements(part).slice(1));
    expect(parts).toHaveLength(whole.length - 1);
    expect(parts).toEqual(expect.arrayContaining(whole.slice(1)));
  });

  it('puts queries that share a document into one part, so neither loses it', () => {
    const elements = [
      { metadata: { id: 'b', createTime: readTime, version: 1, totalDocuments: 2, totalBytes: '0' } },
      query('q1', 'stages'),
      query('q2', 'stages'),
      ...documentOf('festivals/f/stages/a', ['q1'], 'A'),
      ...documentOf('festivals/f/stages/b', ['q1', 'q2'], 'B'),
    ];
    const parts = splitBundleByQuery(encoder.encode(elements.map(element).join(''))).map(readBundleElements);
    expect(parts).toHaveLength(1);
    expect(kinds(parts[0]!)).toEqual(['metadata', 'namedQuery', 'namedQuery', 'documentMetadata', 'document', 'documentMetadata', 'document']);
  });

  describe('loaded by the Firestore SDK', () => {
    let app: FirebaseApp;
    let firestore: Firestore;
    beforeEach(() => {
      app = initializeApp({ projectId: 'demo-split', apiKey: 'demo' }, `split-${Math.random()}`);
      firestore = initializeFirestore(app, { localCache: memoryLocalCache() });
    });
    afterEach(() => deleteApp(app));

    it('takes every part as a bundle, and answers each named query from the cache with its documents', async () => {
      const parts = splitBundleByQuery(programmeBundle());
      for (const part of parts) {
        // As text: the SDK's Node build takes a Uint8Array or text, where browsers take the ArrayBuffer the app passes.
        const progress = await loadBundle(firestore, new TextDecoder().decode(part));
        expect(progress.taskState).toBe('Success');
      }
      const stages = await namedQuery(firestore, 'f-stages');
      const artists = await namedQuery(firestore, 'f-artists');
      expect((await getDocsFromCache(stages!)).docs.map((snapshot) => snapshot.get('name')).sort()).toEqual(['Dune bar', 'Main stage']);
      expect((await getDocsFromCache(artists!)).docs.map((snapshot) => snapshot.get('name'))).toEqual(['Zoë — live']);
    });
  });
});
