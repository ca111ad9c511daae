import { describe, expect, it } from 'vitest';
import { bitIndexes } from '../engine/bloom-filter.js';
import { Databases } from './databases.js';
import { createOpenStream } from './open-stream.js';

const DB = 'projects/p/databases/(default)';
const ROOT = `${DB}/documents`;

function setup() {
  const databases = new Databases();
  const database = databases.get({ projectId: 'p', databaseId: '(default)' });
  const sent: Record<string, unknown>[] = [];
  const failures: [number, string][] = [];
  const stream = createOpenStream(databases)('Listen', { database: DB, headers: { authorization: 'Bearer owner' } }, {
    send: (message) => sent.push(message as Record<string, unknown>),
    fail: (code, message) => failures.push([code, message]),
  });
  const set = (id: string, n: number) => database.commit({ kind: 'owner' }, [{ update: { name: `${ROOT}/c/${id}`, fields: { n: { integerValue: String(n) } } } }]);
  const kinds = () =>
    sent.map((m) => {
      const change = m.targetChange as { targetChangeType?: string } | undefined;
      if (change) return change.targetChangeType ?? 'GLOBAL';
      if (m.documentChange) return `change:${(m.documentChange as { document: { name: string } }).document.name.split('/').pop()}`;
      if (m.documentRemove) return `remove:${String((m.documentRemove as { document: string }).document).split('/').pop()}`;
      if (m.documentDelete) return `delete:${String((m.documentDelete as { document: string }).document).split('/').pop()}`;
      return 'other';
    });
  return { database, databases, stream, sent, failures, set, kinds };
}

/** Whether an existence filter's bloom filter holds `name`, read as the SDK reads it. */
function filterHolds(filter: { unchangedNames: { bits: { bitmap: string; padding: number }; hashCount: number } }, name: string): boolean {
  const bitmap = Buffer.from(filter.unchangedNames.bits.bitmap, 'base64');
  const bitCount = bitmap.length * 8 - filter.unchangedNames.bits.padding;
  return bitIndexes(name, bitCount, filter.unchangedNames.hashCount).every((index) => (bitmap[index >> 3]! & (1 << (index & 7))) !== 0);
}

describe('a query resumed with a resume token', () => {
  const SECOND = 1_000_000_000n;
  /** c/a..c/d listened to; then c/a deleted, c/b moved out of the query, c/c updated, c/e added; resumed `after` seconds after the token. */
  function resume(after: bigint) {
    const context = setup();
    const { database, databases, stream, sent, set } = context;
    for (const [id, n] of [['a', 1], ['b', 2], ['c', 3], ['d', 4]] as const) set(id, n);
    const token = Buffer.from(`t${database.now()}`).toString('base64');
    database.commit({ kind: 'owner' }, [{ delete: `${ROOT}/c/a` }]);
    set('b', 20);
    set('c', 5);
    set('e', 6);
    databases.clock.advanceTo(database.now() + after * SECOND);
    sent.length = 0;
    const query = { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }], where: { fieldFilter: { field: { fieldPath: 'n' }, op: 'LESS_THAN', value: { integerValue: '10' } } } } };
    stream.receive({ addTarget: { targetId: 3, resumeToken: token, query } });
    return context;
  }

  it('soon after its token (a reconnect): the changes, then a delete and a remove for what left', () => {
    const { kinds } = resume(1n);
    expect(kinds()).toEqual(['ADD', 'change:c', 'change:e', 'delete:a', 'remove:b', 'CURRENT', 'GLOBAL']);
  });

  it('after Watch stopped tracking it: the changes, then an existence filter (count and a bloom filter of every name that matches) instead of removals', () => {
    const { kinds, sent } = resume(6n);
    expect(kinds()).toEqual(['ADD', 'change:c', 'change:e', 'other', 'CURRENT', 'GLOBAL']);
    const filter = sent.find((m) => m.filter)!.filter as { targetId: number; count: number; unchangedNames: { bits: { bitmap: string; padding: number }; hashCount: number } };
    expect(filter).toMatchObject({ targetId: 3, count: 3 });
    for (const id of ['c', 'd', 'e']) expect(filterHolds(filter, `${ROOT}/c/${id}`), id).toBe(true);
  });
});

describe('ListenStream', () => {
  it('a limit window: a document entering pushes the last one out (remove), one global read time per commit', () => {
    const { stream, sent, set, kinds } = setup();
    set('b', 2);
    set('c', 3);
    stream.receive({ addTarget: { targetId: 1, query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }], orderBy: [{ field: { fieldPath: 'n' } }], limit: 2 } } } });
    expect(kinds()).toEqual(['ADD', 'change:b', 'change:c', 'CURRENT', 'GLOBAL']);
    sent.length = 0;
    set('a', 1);
    expect(kinds()).toEqual(['remove:c', 'change:a', 'GLOBAL']);
    sent.length = 0;
    set('z', 9);
    expect(kinds()).toEqual([]);
  });

  it('a commit touching several targets sends each change once per target and one global read time', () => {
    const { stream, sent, database, kinds } = setup();
    stream.receive({ addTarget: { targetId: 1, query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }] } } } });
    stream.receive({ addTarget: { targetId: 2, documents: { documents: [`${ROOT}/c/x`] } } });
    sent.length = 0;
    database.commit({ kind: 'owner' }, [
      { update: { name: `${ROOT}/c/x`, fields: {} } },
      { update: { name: `${ROOT}/c/y`, fields: {} } },
    ]);
    expect(kinds()).toEqual(['change:x', 'change:y', 'change:x', 'GLOBAL']);
    const targets = sent.filter((m) => m.documentChange).map((m) => (m.documentChange as { targetIds: number[] }).targetIds);
    expect(targets).toEqual([[1], [1], [2]]);
  });

  it('read times never go backwards across targets and commits', () => {
    const { stream, sent, set } = setup();
    stream.receive({ addTarget: { targetId: 1, query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }] } } } });
    for (let i = 0; i < 20; i++) set(`d${i}`, i);
    stream.receive({ addTarget: { targetId: 3, documents: { documents: [`${ROOT}/c/d1`] } } });
    const readTimes = sent.map((m) => (m.targetChange as { readTime?: string } | undefined)?.readTime).filter((t): t is string => t !== undefined);
    expect(readTimes.length).toBeGreaterThan(20);
    expect(readTimes.every((t, i) => i === 0 || t >= readTimes[i - 1]!)).toBe(true);
  });

  it('after close, commits send nothing', () => {
    const { stream, sent, set } = setup();
    stream.receive({ addTarget: { targetId: 1, query: { parent: ROOT, structuredQuery: { from: [{ collectionId: 'c' }] } } } });
    stream.close();
    sent.length = 0;
    set('a', 1);
    expect(sent).toEqual([]);
  });

  it('junk requests end the stream INVALID_ARGUMENT instead of throwing', () => {
    for (const junk of [null, 42, 'text', [], {}, { removeTarget: null }]) {
      const { stream, failures } = setup();
      expect(() => stream.receive(junk)).not.toThrow();
      expect(failures.map(([code]) => code), JSON.stringify(junk)).toEqual([3]);
    }
  });

  it('a junk target is removed with an INVALID_ARGUMENT cause; the stream lives on', () => {
    const { stream, sent, failures } = setup();
    stream.receive({ addTarget: 'no' });
    expect(sent).toEqual([{ targetChange: { targetChangeType: 'REMOVE', targetIds: [0], cause: { code: 3, message: expect.any(String) } } }]);
    expect(failures).toEqual([]);
  });
});
