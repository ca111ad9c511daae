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

  it('rejects collection paths and other databases', () => {
    const reads = new DocumentReads('(default)', new DocumentAccessBudget());
    const get = reads.reader('get', () => null, 'get');
    expect(() => get([new RulesPath(['databases', '(default)', 'documents', 'c'])])).toThrow(/needs a document path/);
    expect(() => get([new RulesPath(['databases', 'other', 'documents', 'c', 'd'])])).toThrow(/cannot read database other/);
    expect(() => get(['c/d'])).toThrow(/expected a path, got string/);
  });
});
