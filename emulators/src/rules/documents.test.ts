import { describe, expect, it } from 'vitest';
import { DocumentAccessBudget, DocumentReads } from './documents.js';
import { RulesEvaluationError } from './errors.js';
import { RulesPath, type RulesMap } from './values.js';

const doc = (id: string) => new RulesPath(['databases', '(default)', 'documents', 'c', id]);

describe('DocumentReads', () => {
  it('re-runs evaluation until every asynchronously read document is cached', async () => {
    const reads = new DocumentReads('(default)', new DocumentAccessBudget(10));
    const fetched: string[] = [];
    const get = reads.reader('get', async (path) => (fetched.push(path), { fields: { id: { stringValue: path } } }), 'get');
    let runs = 0;
    const result = await reads.settle(() => {
      runs++;
      return [get([doc('a')]), get([doc('b')]), get([doc('a')])].map((r) => ((r as RulesMap).field('data') as RulesMap).field('id'));
    });
    expect(result).toEqual(['c/a', 'c/b', 'c/a']);
    expect(fetched).toEqual(['c/a', 'c/b']);
    expect(runs).toBe(3);
  });

  it('charges each distinct document once and fails past the limit', () => {
    const budget = new DocumentAccessBudget(2);
    const reads = new DocumentReads('(default)', budget);
    const exists = reads.reader('exists', () => null, 'exists');
    expect([exists([doc('a')]), exists([doc('a')]), exists([doc('b')])]).toEqual([false, false, false]);
    expect(budget.used).toBe(2);
    expect(() => exists([doc('c')])).toThrow(RulesEvaluationError);
  });

  it('reads a document once for get() and exists() alike, charging one access; the after-state apart', () => {
    const budget = new DocumentAccessBudget(10);
    const reads = new DocumentReads('(default)', budget);
    const fetched: string[] = [];
    const before = (path: string) => (fetched.push(`before ${path}`), { fields: {} });
    const after = (path: string) => (fetched.push(`after ${path}`), null);
    const get = reads.reader('get', before, 'get');
    const exists = reads.reader('exists', before, 'exists');
    const existsAfter = reads.reader('existsAfter', after, 'exists', 'after');
    expect([exists([doc('a')]), (get([doc('a')]) as RulesMap).field('id'), existsAfter([doc('a')])]).toEqual([true, 'a', false]);
    expect(fetched).toEqual(['before c/a', 'after c/a']);
    expect(budget.used).toBe(2);
  });

  it('makes a read the database failed an error where the rules call it, which || can still get past', async () => {
    const reads = new DocumentReads('(default)', new DocumentAccessBudget(10));
    const get = reads.reader('get', () => Promise.reject(new RulesEvaluationError('Service call error. Function: [get], Argument: [c/a]')), 'get');
    const outcome = await reads.settle(() => {
      let failed: string | undefined;
      // As `||` does: an evaluation error is caught there; anything else (a fetch in flight) is not.
      try {
        get([doc('a')]);
      } catch (error) {
        if (!(error instanceof RulesEvaluationError)) throw error;
        failed = error.message;
      }
      return failed;
    });
    expect(outcome).toBe('Service call error. Function: [get], Argument: [c/a]');
  });

  it('rejects collection paths and other databases', () => {
    const reads = new DocumentReads('(default)', new DocumentAccessBudget());
    const get = reads.reader('get', () => null, 'get');
    expect(() => get([new RulesPath(['databases', '(default)', 'documents', 'c'])])).toThrow(/needs a document path/);
    expect(() => get([new RulesPath(['databases', 'other', 'documents', 'c', 'd'])])).toThrow(/cannot read database other/);
    expect(() => get(['c/d'])).toThrow(/expected a path, got string/);
  });
});
