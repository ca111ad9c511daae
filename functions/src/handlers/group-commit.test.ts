import { describe, expect, it } from 'vitest';
import { GroupCommit, type ItemOutcome } from './group-commit.js';

/** A commit that records each group it got and finishes only when the test says so. */
function controlledCommit() {
  const groups: string[][] = [];
  const finishers: Array<() => void> = [];
  const commit = async (key: string, items: string[]): Promise<Array<ItemOutcome<string>>> => {
    groups.push(items.map((item) => `${key}:${item}`));
    await new Promise<void>((resolve) => finishers.push(resolve));
    return items.map((item) => (item.startsWith('bad') ? { ok: false, error: new Error(item) } : { ok: true, value: item.toUpperCase() }));
  };
  return { commit, groups, finishNext: () => finishers.shift()!() };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('group commit', () => {
  it('commits a lone call at once, and gathers the calls made meanwhile into the next commit', async () => {
    const { commit, groups, finishNext } = controlledCommit();
    const group = new GroupCommit(commit);
    const first = group.run('f', 'a');
    await settle();
    expect(groups).toEqual([['f:a']]);
    const later = ['b', 'c', 'd'].map((item) => group.run('f', item));
    await settle();
    expect(groups).toHaveLength(1);
    finishNext();
    expect(await first).toBe('A');
    await settle();
    expect(groups).toEqual([['f:a'], ['f:b', 'f:c', 'f:d']]);
    finishNext();
    expect(await Promise.all(later)).toEqual(['B', 'C', 'D']);
  });

  it('keeps keys apart and caps a group at maxItems', async () => {
    const { commit, groups, finishNext } = controlledCommit();
    const group = new GroupCommit(commit, 2);
    const calls = [group.run('f', '1'), group.run('g', '1'), group.run('f', '2'), group.run('f', '3'), group.run('f', '4')];
    await settle();
    expect(groups).toEqual([['f:1'], ['g:1']]);
    finishNext();
    finishNext();
    await settle();
    expect(groups.slice(2)).toEqual([['f:2', 'f:3']]);
    finishNext();
    await settle();
    expect(groups.slice(3)).toEqual([['f:4']]);
    finishNext();
    expect(await Promise.all(calls)).toEqual(['1', '1', '2', '3', '4']);
  });

  it("gives each caller its own item's failure, and a failed commit to every caller of that group only", async () => {
    let failNext = false;
    const group = new GroupCommit<string, string>(async (_key, items) => {
      if (failNext) throw new Error('transaction failed');
      return items.map((item) => (item.startsWith('bad') ? { ok: false, error: new Error(item) } : { ok: true, value: item }));
    });
    const outcomes = await Promise.allSettled([group.run('f', 'good'), group.run('f', 'bad-1'), group.run('f', 'good-2')]);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : (outcome.reason as Error).message))).toEqual(['good', 'bad-1', 'good-2']);
    failNext = true;
    await expect(group.run('f', 'x')).rejects.toThrow('transaction failed');
    failNext = false;
    expect(await group.run('f', 'after')).toBe('after');
  });
});
