/**
 * The counting rules against Firestore's billing documentation
 * (https://firebase.google.com/docs/firestore/pricing, "Reads, writes, and deletes",
 * "Listening to query results", "Aggregation queries"), through the RPCs and streams.
 */
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../common/auth.js';
import { Databases } from './databases.js';
import { FirestoreApi } from './firestore-api.js';
import { createOpenStream } from './open-stream.js';
import { aggregationReads, collectionIdOf, commitCounts, queryReads } from './usage.js';

const DB = 'projects/p/databases/(default)';
const ROOT = `${DB}/documents`;
const owner: Caller = { kind: 'owner' };
const visitor: Caller = { kind: 'user', auth: { uid: 'u1', token: {} } };

function setup() {
  const databases = new Databases();
  const database = databases.get({ projectId: 'p', databaseId: '(default)' });
  const api = new FirestoreApi(databases);
  const set = (path: string, n = 1) => database.commit(owner, [{ update: { name: `${ROOT}/${path}`, fields: { n: { integerValue: String(n) } } } }]);
  const usage = () => databases.usage('p').snapshot();
  const listen = (authorization = 'Bearer owner') => {
    const sent: Record<string, unknown>[] = [];
    const stream = createOpenStream(databases)('Listen', { database: DB, headers: { authorization } }, { send: (m) => sent.push(m as Record<string, unknown>), fail: () => {} });
    return { stream, sent };
  };
  return { databases, database, api, set, usage, listen };
}

const query = (collectionId: string) => ({ parent: ROOT, structuredQuery: { from: [{ collectionId }] } });

describe('counting rules', () => {
  it('a query costs one read per document returned, and one when it returns none', () => {
    expect(queryReads(0)).toBe(1);
    expect(queryReads(1)).toBe(1);
    expect(queryReads(250)).toBe(250);
  });

  it('an aggregation costs one read per started 1,000 index entries, at least one', () => {
    expect(aggregationReads(0)).toBe(1);
    expect(aggregationReads(1000)).toBe(1);
    expect(aggregationReads(1001)).toBe(2);
    expect(aggregationReads(25_500)).toBe(26);
  });

  it('a commit bills a write per update or transform and a delete per delete, nothing for a verify', () => {
    expect(commitCounts([{ update: {} }, { transform: {} }, { delete: 'x' }, { verify: 'y' }, { update: {}, updateTransforms: [] }])).toEqual({ writes: 3, deletes: 1 });
  });

  it('documents are counted under the collection they lie in', () => {
    expect(collectionIdOf(`${ROOT}/festivals/f/performances/p1`)).toBe('performances');
    expect(collectionIdOf('users/u/favorites/x')).toBe('favorites');
    expect(collectionIdOf(`${ROOT}/users/u`)).toBe('users');
    expect(collectionIdOf('projects/x')).toBe('projects');
    expect(collectionIdOf(ROOT)).toBe('');
    expect(collectionIdOf(`${ROOT}/`)).toBe('');
  });
});

describe('metered RPCs', () => {
  it('RunQuery: one read per document, by client kind, method and collection; an empty result still costs one', () => {
    const { api, set, usage } = setup();
    for (let i = 0; i < 3; i++) set(`stages/s${i}`);
    api.streaming('RunQuery', { parent: ROOT, structuredQuery: { from: [{ collectionId: 'stages' }] } }, visitor);
    api.streaming('RunQuery', { parent: ROOT, structuredQuery: { from: [{ collectionId: 'empty' }] } }, owner);
    const counts = usage();
    expect(counts.total.reads).toBe(4);
    expect(counts.byClient.client.reads).toBe(3);
    expect(counts.byClient.server.reads).toBe(1);
    expect(counts.byMethod.RunQuery).toEqual({ reads: 4, writes: 0, deletes: 0 });
    expect(counts.byCollection.stages!.reads).toBe(3);
    expect(counts.byCollection.empty!.reads).toBe(1);
    expect(counts.byClientCollection.client.stages!.reads).toBe(3);
    expect(counts.byClientCollection.server.stages).toBeUndefined();
  });

  it('gets bill a read per document asked for, found or missing', () => {
    const { api, set, usage } = setup();
    set('artists/a');
    api.streaming('BatchGetDocuments', { database: DB, documents: [`${ROOT}/artists/a`, `${ROOT}/artists/missing`] }, owner);
    expect(() => api.unary('GetDocument', { name: `${ROOT}/artists/none` }, owner)).toThrow();
    expect(usage().byCollection.artists).toEqual({ reads: 3, writes: 0, deletes: 0 });
  });

  it('a count over 2,500 documents costs three reads', () => {
    const { api, database, usage, databases } = setup();
    database.commit(owner, Array.from({ length: 500 }, (_, i) => ({ update: { name: `${ROOT}/photos/p${i}`, fields: {} } })));
    for (let batch = 1; batch < 5; batch++) {
      database.commit(owner, Array.from({ length: 500 }, (_, i) => ({ update: { name: `${ROOT}/photos/p${batch}_${i}`, fields: {} } })));
    }
    databases.usage('p').reset();
    api.streaming('RunAggregationQuery', { parent: ROOT, structuredAggregationQuery: { structuredQuery: { from: [{ collectionId: 'photos' }] }, aggregations: [{ alias: 'n', count: {} }] } }, owner);
    expect(usage().total).toEqual({ reads: 3, writes: 0, deletes: 0 });
  });

  it('Commit bills writes and deletes once committed; a failed commit bills nothing', () => {
    const { api, set, usage, databases } = setup();
    set('favorites/old');
    databases.usage('p').reset();
    api.unary('Commit', { database: DB, writes: [{ update: { name: `${ROOT}/favorites/new`, fields: {} } }, { delete: `${ROOT}/favorites/old` }] }, visitor);
    expect(() => api.unary('Commit', { database: DB, writes: [{ update: { name: `${ROOT}/favorites/x`, fields: {} }, currentDocument: { exists: true } }] }, visitor)).toThrow();
    expect(usage().byCollection.favorites).toEqual({ reads: 0, writes: 1, deletes: 1 });
    expect(usage().byClient.client).toEqual({ reads: 0, writes: 1, deletes: 1 });
  });

  it('a reset starts counting afresh', () => {
    const { set, usage, databases } = setup();
    set('a/b');
    databases.usage('p').reset();
    expect(usage().total).toEqual({ reads: 0, writes: 0, deletes: 0 });
  });
});

describe('metered listeners', () => {
  it('a new query listener reads every document once, then one per added or updated document; a removal by change costs one, a delete none', () => {
    const { set, usage, listen, database, databases } = setup();
    set('performances/p1', 1);
    set('performances/p2', 2);
    databases.usage('p').reset();
    const { stream } = listen();
    stream.receive({ addTarget: { targetId: 1, query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'performances' }], where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'LESS_THAN', value: { integerValue: '10' } } } } } } });
    expect(usage().byMethod.Listen!.reads).toBe(2);
    set('performances/p3', 3); // added: 1
    set('performances/p1', 4); // updated: 1
    set('performances/p2', 20); // leaves the result by a change: 1
    database.commit(owner, [{ delete: `${ROOT}/performances/p3` }]); // deleted: 0
    expect(usage().byMethod.Listen!.reads).toBe(5);
  });

  it('an empty query listener costs one read', () => {
    const { usage, listen } = setup();
    listen().stream.receive({ addTarget: { targetId: 1, query: query('nothing') } });
    expect(usage().byCollection.nothing!.reads).toBe(1);
  });

  it('resumed from a read time (a bundle), a listener gets and pays only what changed since', () => {
    const { set, usage, listen, database, databases } = setup();
    for (let i = 0; i < 10; i++) set(`artists/a${i}`, i);
    set('artists/gone', 0);
    const bundleTime = database.now();
    set('artists/a3', 33); // updated after the bundle
    set('artists/new', 1); // added after the bundle
    database.commit(owner, [{ delete: `${ROOT}/artists/gone` }]);
    databases.usage('p').reset();
    const { stream, sent } = listen('');
    const seconds = bundleTime / 1_000_000_000n;
    const nanos = Number(bundleTime % 1_000_000_000n);
    stream.receive({ addTarget: { targetId: 2, readTime: { seconds: String(seconds), nanos }, query: query('artists') } });
    const kinds = sent.map((m) => (m.documentChange ? `change:${String((m.documentChange as { document: { name: string } }).document.name).split('/').pop()}` : m.documentDelete ? 'delete' : (m.targetChange as { targetChangeType?: string }).targetChangeType ?? 'GLOBAL'));
    expect(kinds).toEqual(['ADD', 'change:a3', 'change:new', 'delete', 'CURRENT', 'GLOBAL']);
    expect(usage().byClient.client.reads).toBe(2);
  });

  it('resumed from before the kept history, a listener gets a RESET and everything', () => {
    const { set, usage, listen } = setup();
    set('artists/a', 1);
    set('artists/b', 1);
    const { stream, sent } = listen();
    stream.receive({ addTarget: { targetId: 2, resumeToken: Buffer.from('t1').toString('base64'), query: query('artists') } });
    expect(sent.map((m) => (m.targetChange as { targetChangeType?: string } | undefined)?.targetChangeType ?? 'DOC').slice(0, 4)).toEqual(['ADD', 'RESET', 'DOC', 'DOC']);
    expect(usage().byMethod.Listen!.reads).toBe(2);
  });
});

describe('the 30-minute resume window', () => {
  const MINUTE = 60n * 1_000_000_000n;
  function resumeAfter(minutes: bigint) {
    const databases = new Databases();
    const database = databases.get({ projectId: 'p', databaseId: '(default)' });
    for (let i = 0; i < 4; i++) database.commit(owner, [{ update: { name: `${ROOT}/artists/a${i}`, fields: {} } }]);
    const left = database.now();
    databases.clock.advanceTo(left + minutes * MINUTE);
    const sent: Record<string, unknown>[] = [];
    const stream = createOpenStream(databases)('Listen', { database: DB, headers: {} }, { send: (m) => sent.push(m as Record<string, unknown>), fail: () => {} });
    databases.usage('p').reset();
    stream.receive({ addTarget: { targetId: 1, resumeToken: Buffer.from(`t${left}`).toString('base64'), query: query('artists') } });
    const reset = sent.some((m) => (m.targetChange as { targetChangeType?: string } | undefined)?.targetChangeType === 'RESET');
    return { reset, reads: databases.usage('p').snapshot().total.reads };
  }

  it('a listener resumed after 29 minutes without changes pays the query minimum only', () => {
    expect(resumeAfter(29n)).toEqual({ reset: false, reads: 1 });
  });

  it('a listener resumed after 31 minutes is a new query: RESET and every document billed', () => {
    expect(resumeAfter(31n)).toEqual({ reset: true, reads: 4 });
  });
});

describe('reads made by security rules', () => {
  /** Rules that read `dependsOn` (each path as often as listed) and allow or deny. */
  function withRules(dependsOn: string[], allowed: boolean) {
    const context = setup();
    context.databases.authorize = (request) => {
      for (const path of dependsOn) request.documents(path);
      return allowed;
    };
    context.set('festivals/a/staff/u1');
    context.set('festivals/a');
    context.databases.usage('p').reset();
    return context;
  }

  it('bill each distinct document the rules read once per request, by the collection read, for the client judged', () => {
    const { database, usage } = withRules(['festivals/a/staff/u1', 'festivals/a', 'festivals/a/staff/u1'], true);
    database.read(visitor, 'festivals/a/stages/s1', {});
    const counted = usage();
    expect(counted.byMethod.SecurityRules).toEqual({ reads: 2, writes: 0, deletes: 0 });
    expect(counted.byClientCollection.client.staff!.reads).toBe(1);
    expect(counted.byClientCollection.client.festivals!.reads).toBe(1);
  });

  it('bill them when the rules deny the request too', () => {
    const { database, usage } = withRules(['festivals/a/staff/u1'], false);
    expect(() => database.read(visitor, 'festivals/a/stages/s1', {})).toThrow();
    expect(usage().byMethod.SecurityRules!.reads).toBe(1);
  });

  it('bill a document that several writes of one commit read once', () => {
    const { database, usage } = withRules(['festivals/a/staff/u1'], true);
    database.commit(visitor, [
      { update: { name: `${ROOT}/festivals/a/stages/s1`, fields: {} } },
      { update: { name: `${ROOT}/festivals/a/stages/s2`, fields: {} } },
    ]);
    expect(usage().byMethod.SecurityRules!.reads).toBe(1);
  });

  it('bill nothing for the owner, whom the rules never judge', () => {
    const { database, usage } = withRules(['festivals/a/staff/u1'], false);
    database.read(owner, 'festivals/a/stages/s1', {});
    expect(usage().byMethod.SecurityRules).toBeUndefined();
  });
});
