import { describe, expect, it } from 'vitest';
import { parseIndexConfig, type IndexCatalog } from './index-config.js';
import { indexFileEntry } from './index-error.js';
import { describeIndex, planIndexes, type IndexPlan } from './indexes.js';
import { planQuery } from './query.js';

const DB = { projectId: 'p', databaseId: '(default)' };

const eq = (field: string, value: unknown = { stringValue: 'x' }) => ({ fieldFilter: { field: { fieldPath: field }, op: 'EQUAL', value } });
const gt = (field: string) => ({ fieldFilter: { field: { fieldPath: field }, op: 'GREATER_THAN', value: { integerValue: '1' } } });
const contains = (field: string) => ({ fieldFilter: { field: { fieldPath: field }, op: 'ARRAY_CONTAINS', value: { stringValue: 'x' } } });
const and = (...filters: unknown[]) => ({ compositeFilter: { op: 'AND', filters } });
const or = (...filters: unknown[]) => ({ compositeFilter: { op: 'OR', filters } });
const order = (field: string, direction = 'ASCENDING') => ({ field: { fieldPath: field }, direction });

function plan(query: Record<string, unknown>, catalog: IndexCatalog = parseIndexConfig({}), group = false): IndexPlan {
  return planIndexes(planQuery({ from: [{ collectionId: 'c', ...(group ? { allDescendants: true } : {}) }], ...query }, '', DB), catalog);
}
const used = (result: IndexPlan) => result.used.map((use) => describeIndex(use).properties);

describe('planIndexes', () => {
  it('reads the built-in name index for a query without filters, in either direction', () => {
    expect(used(plan({}))).toEqual(['(__name__ ASC)']);
    expect(used(plan({ orderBy: [order('__name__', 'DESCENDING')] }))).toEqual(['(__name__ DESC)']);
  });

  it('merges single-field indexes for equalities on several fields', () => {
    const result = plan({ where: and(eq('a'), eq('b'), eq('c')) });
    expect(result.missing).toBeUndefined();
    expect(used(result)).toEqual(['(a ASC, __name__ ASC)', '(b ASC, __name__ ASC)', '(c ASC, __name__ ASC)']);
  });

  it('serves one inequality or one descending order from the single-field index', () => {
    expect(used(plan({ where: gt('n') }))).toEqual(['(n ASC, __name__ ASC)']);
    expect(plan({ orderBy: [order('n', 'DESCENDING')] }).missing).toBeUndefined();
  });

  it('needs a composite for an equality with an order on another field, and uses the declared one', () => {
    const query = { where: eq('a'), orderBy: [order('t', 'DESCENDING')] };
    expect(plan(query).missing).toEqual({
      kind: 'composite',
      index: { collectionGroup: 'c', queryScope: 'COLLECTION', fields: [{ path: ['a'], mode: 'ASCENDING' }, { path: ['t'], mode: 'DESCENDING' }] },
    });
    const catalog = parseIndexConfig({ indexes: [{ collectionGroup: 'c', queryScope: 'COLLECTION', fields: [{ fieldPath: 'a', order: 'ASCENDING' }, { fieldPath: 't', order: 'DESCENDING' }] }] });
    const served = plan(query, catalog);
    expect(served.missing).toBeUndefined();
    expect(used(served)).toEqual(['(a ASC, t DESC, __name__ DESC)']);
    // The same fields in the other direction do not serve it.
    expect(plan({ where: eq('a'), orderBy: [order('t')] }, catalog).missing?.kind).toBe('composite');
  });

  it('merges composites that share the order suffix', () => {
    const catalog = parseIndexConfig({
      indexes: [
        { collectionGroup: 'c', fields: [{ fieldPath: 'a', order: 'ASCENDING' }, { fieldPath: 't', order: 'ASCENDING' }] },
        { collectionGroup: 'c', fields: [{ fieldPath: 'b', order: 'ASCENDING' }, { fieldPath: 't', order: 'ASCENDING' }] },
      ],
    });
    const result = plan({ where: and(eq('a'), eq('b')), orderBy: [order('t')] }, catalog);
    expect(result.missing).toBeUndefined();
    expect(used(result)).toEqual(['(a ASC, t ASC, __name__ ASC)', '(b ASC, t ASC, __name__ ASC)']);
  });

  it('needs a composite for array-contains with another filter, with the array field as CONTAINS', () => {
    expect(plan({ where: contains('tags') }).missing).toBeUndefined();
    const missing = plan({ where: and(eq('a'), contains('tags')) }).missing;
    expect(missing?.kind === 'composite' && missing.index.fields).toEqual([{ path: ['a'], mode: 'ASCENDING' }, { path: ['tags'], mode: 'CONTAINS' }]);
  });

  it('needs a composite for inequalities on two fields', () => {
    expect(plan({ where: and(gt('a'), gt('b')) }).missing?.kind).toBe('composite');
  });

  it('gives collection groups single-field indexes only where an override adds them', () => {
    expect(plan({ where: eq('a') }, parseIndexConfig({}), true).missing).toEqual({ kind: 'single-field', collectionGroup: 'c', queryScope: 'COLLECTION_GROUP', path: ['a'], mode: 'ASCENDING' });
    const catalog = parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'a', indexes: [{ order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' }] }] });
    expect(plan({ where: eq('a') }, catalog, true).missing).toBeUndefined();
    expect(used(plan({ where: eq('a') }, catalog, true))).toEqual(['(a ASC, __name__ ASC)']);
    expect(describeIndex(plan({ where: eq('a') }, catalog, true).used[0]!).query_scope).toBe('Collection group');
  });

  it('honours an exemption: a field whose override drops its indexes needs one again', () => {
    const catalog = parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'expiresAt', ttl: true, indexes: [] }] });
    expect(plan({ where: gt('expiresAt') }, catalog).missing?.kind).toBe('single-field');
    expect(plan({ where: gt('other') }, catalog).missing).toBeUndefined();
  });

  it('plans each branch of an OR query, under the order the whole query has', () => {
    expect(plan({ where: or(eq('a'), eq('b')) }).missing).toBeUndefined();
    // The inequality on n orders the whole result by n: the branch a== needs (a, n) too.
    const query = { where: or(eq('a'), and(eq('b'), gt('n'))) };
    const missing = plan(query).missing;
    expect(missing?.kind === 'composite' && missing.index.fields.map((field) => field.path[0])).toEqual(['a', 'n']);
    const composite = (first: string) => ({ collectionGroup: 'c', fields: [{ fieldPath: first, order: 'ASCENDING' }, { fieldPath: 'n', order: 'ASCENDING' }] });
    const onlyA = plan(query, parseIndexConfig({ indexes: [composite('a')] })).missing;
    expect(onlyA?.kind === 'composite' && onlyA.index.fields.map((field) => field.path[0])).toEqual(['b', 'n']);
    const both = plan(query, parseIndexConfig({ indexes: [composite('a'), composite('b')] }));
    expect(both.missing).toBeUndefined();
    expect(used(both)).toEqual(['(a ASC, n ASC, __name__ ASC)', '(b ASC, n ASC, __name__ ASC)']);
  });

  it('needs a vector index for vector search, after the prefilter fields', () => {
    const findNearest = {
      vectorField: { fieldPath: 'e' },
      queryVector: { mapValue: { fields: { __type__: { stringValue: '__vector__' }, value: { arrayValue: { values: [{ doubleValue: 1 }, { doubleValue: 2 }] } } } } },
      distanceMeasure: 'EUCLIDEAN',
      limit: 3,
    };
    const missing = plan({ where: eq('kind'), findNearest }).missing;
    expect(missing?.kind === 'composite' && indexFileEntry(missing, parseIndexConfig({})).entry).toEqual({
      collectionGroup: 'c',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'kind', order: 'ASCENDING' }, { fieldPath: 'e', vectorConfig: { dimension: 2, flat: {} } }],
    });
    const catalog = parseIndexConfig({ indexes: [{ collectionGroup: 'c', fields: [{ fieldPath: 'kind', order: 'ASCENDING' }, { fieldPath: 'e', vectorConfig: { dimension: 2, flat: {} } }] }] });
    expect(plan({ where: eq('kind'), findNearest }, catalog).missing).toBeUndefined();
    // A range prefilter's field goes into the vector index too.
    const ranged = plan({ where: and(eq('kind'), gt('n')), findNearest }, catalog).missing;
    expect(ranged?.kind === 'composite' && ranged.index.fields.map((field) => field.path[0])).toEqual(['kind', 'n', 'e']);
  });

  it('suggests a field override that keeps the automatic indexes beside the collection-group one', () => {
    const missing = plan({ where: eq('a') }, parseIndexConfig({}), true).missing!;
    expect(indexFileEntry(missing, parseIndexConfig({}))).toEqual({
      section: 'fieldOverrides',
      entry: {
        collectionGroup: 'c',
        fieldPath: 'a',
        indexes: [
          { order: 'ASCENDING', queryScope: 'COLLECTION' },
          { order: 'DESCENDING', queryScope: 'COLLECTION' },
          { arrayConfig: 'CONTAINS', queryScope: 'COLLECTION' },
          { order: 'ASCENDING', queryScope: 'COLLECTION_GROUP' },
        ],
      },
    });
  });
});

describe('parseIndexConfig', () => {
  it('names the bad entry', () => {
    expect(() => parseIndexConfig({ indexes: [{ collectionGroup: 'c', fields: [{ fieldPath: 'a', order: 'UP' }] }] })).toThrow(/indexes\[0\]\.fields\[0\]/);
    expect(() => parseIndexConfig({ fieldOverrides: [{ collectionGroup: 'c', fieldPath: 'a', indexes: [{ queryScope: 'DATABASE', order: 'ASCENDING' }] }] })).toThrow(/fieldOverrides\[0\]/);
  });
});

describe("the repo's firestore.indexes.json", () => {
  it('parses, and serves the nightly job\'s stuck-photo and ledger-purge queries', async () => {
    const { readFile } = await import('node:fs/promises');
    const catalog = parseIndexConfig(JSON.parse(await readFile(new URL('../../../../firestore.indexes.json', import.meta.url), 'utf8')));
    const at = (collectionId: string, query: Record<string, unknown>) => planIndexes(planQuery({ from: [{ collectionId }], ...query }, '', DB), catalog);
    expect(at('photos', { where: and(eq('status'), gt('createdAt')) }).missing).toBeUndefined();
    expect(at('eventLedger', { where: gt('expiresAt') }).missing).toBeUndefined();
  });
});

describe('missingIndexError', () => {
  it("answers FAILED_PRECONDITION with a console link carrying the admin API's Index message, __name__ spelt out", async () => {
    const { createRequire } = await import('node:module');
    const protobuf = (await import('protobufjs')).default;
    const { missingIndexError } = await import('./index-error.js');
    const error = missingIndexError(
      { kind: 'composite', index: { collectionGroup: 'photos', queryScope: 'COLLECTION', fields: [{ path: ['status'], mode: 'ASCENDING' }, { path: ['createdAt'], mode: 'DESCENDING' }] } },
      parseIndexConfig({}),
      DB,
    );
    expect(error.status).toBe('FAILED_PRECONDITION');
    const link = /create_composite=([A-Za-z0-9_-]+)/.exec(error.message)![1]!;
    const require = createRequire(import.meta.url);
    const Index = protobuf.Root.fromJSON(require('@google-cloud/firestore/build/protos/admin_v1.json') as protobuf.INamespace).lookupType('google.firestore.admin.v1.Index');
    expect(Index.toObject(Index.decode(Buffer.from(link, 'base64url')), { enums: String })).toEqual({
      name: 'projects/p/databases/(default)/collectionGroups/photos/indexes/_',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'status', order: 'ASCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
        { fieldPath: '__name__', order: 'DESCENDING' },
      ],
    });
  });
});
