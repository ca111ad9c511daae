import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

/**
 * `listenToQuery` against a scripted `onSnapshot`: the snapshots carry the documents and the
 * changes the Firestore SDK would report, so the test can count how often each document is
 * validated and see which model objects are kept.
 */
type FakeDoc = { id: string; ref: { path: string }; data: () => unknown; metadata: { hasPendingWrites: boolean } };
type FakeSnapshot = { docs: FakeDoc[]; docChanges: () => Array<{ type: 'added' | 'modified' | 'removed'; doc: FakeDoc }>; metadata: { fromCache: boolean; hasPendingWrites: boolean } };
let deliver: (snapshot: FakeSnapshot) => void = () => {};
vi.mock('firebase/firestore', () => ({
  Timestamp: class {},
  onSnapshot: (_query: unknown, _options: unknown, next: (snapshot: FakeSnapshot) => void) => {
    deliver = next;
    return () => {};
  },
}));
const { listenToQuery } = await import('./live');

const fakeDoc = (id: string, count: number): FakeDoc => ({ id, ref: { path: `sets/${id}` }, data: () => ({ count }), metadata: { hasPendingWrites: false } });
const snapshot = (docs: FakeDoc[], changes: Array<{ type: 'added' | 'modified' | 'removed'; doc: FakeDoc }>): FakeSnapshot => ({
  docs,
  docChanges: () => changes,
  metadata: { fromCache: false, hasPendingWrites: false },
});

describe('listenToQuery', () => {
  it('validates only the documents a snapshot changed and keeps the model objects of the others', () => {
    const schema = z.object({ count: z.number() });
    const parse = vi.spyOn(schema, 'safeParse');
    const states: Array<Array<{ id: string; count: number }>> = [];
    listenToQuery({} as never, schema, (update) => states.push(update({} as never).data));

    const first = ['a', 'b', 'c'].map((id) => fakeDoc(id, 0));
    deliver(snapshot(first, first.map((doc) => ({ type: 'added', doc }))));
    expect(parse).toHaveBeenCalledTimes(3);

    const bMoved = fakeDoc('b', 1);
    deliver(snapshot([first[0]!, bMoved, first[2]!], [{ type: 'modified', doc: bMoved }]));
    expect(parse).toHaveBeenCalledTimes(4);
    expect(states[1]!.map((model) => model.count)).toEqual([0, 1, 0]);
    expect(states[1]![0]).toBe(states[0]![0]);
    expect(states[1]![1]).not.toBe(states[0]![1]);

    // A snapshot with metadata only (a pending write confirmed) validates nothing again.
    deliver(snapshot([first[0]!, bMoved, first[2]!], []));
    expect(parse).toHaveBeenCalledTimes(4);
    expect(states[2]).toEqual(states[1]);

    deliver(snapshot([first[0]!, bMoved], [{ type: 'removed', doc: first[2]! }]));
    expect(states[3]!.map((model) => model.id)).toEqual(['a', 'b']);
    expect(parse).toHaveBeenCalledTimes(4);
  });
});
