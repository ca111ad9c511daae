/**
 * Group commit within an instance: calls for one key that arrive while a commit for that
 * key is in flight wait, and are then committed together, in one transaction, by the next
 * commit. A lone call commits at once (no waiting for company); under a burst of 40
 * concurrent favourites of one festival an instance makes a few transactions instead of 40.
 *
 * Each caller gets its own outcome: `commit` answers per item, in order, with a value or
 * the error of that item alone. An error thrown by `commit` itself (the transaction failed:
 * nothing was written) is every caller's, and each is retried on its own by its trigger.
 */
export type ItemOutcome<R> = { ok: true; value: R } | { ok: false; error: unknown };

interface Waiting<I, R> {
  item: I;
  resolve(value: R): void;
  reject(error: unknown): void;
}

export class GroupCommit<I, R> {
  private readonly lanes = new Map<string, Array<Waiting<I, R>>>();

  constructor(
    private readonly commit: (key: string, items: I[]) => Promise<Array<ItemOutcome<R>>>,
    /** The most items in one commit (Firestore takes at most 500 writes in one). */
    private readonly maxItems = 100,
  ) {}

  run(key: string, item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const waiting = this.lanes.get(key);
      if (waiting) {
        waiting.push({ item, resolve, reject });
        return;
      }
      this.lanes.set(key, []);
      void this.drain(key, [{ item, resolve, reject }]);
    });
  }

  /** Commits `batch`, then whatever gathered meanwhile, until nothing waits for this key. */
  private async drain(key: string, batch: Array<Waiting<I, R>>): Promise<void> {
    for (;;) {
      try {
        const outcomes = await this.commit(
          key,
          batch.map((waiting) => waiting.item),
        );
        batch.forEach((waiting, index) => {
          const outcome = outcomes[index];
          if (!outcome) waiting.reject(new Error(`group commit: no outcome for item ${index} of ${batch.length}`));
          else if (outcome.ok) waiting.resolve(outcome.value);
          else waiting.reject(outcome.error);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
      const gathered = this.lanes.get(key)!;
      if (gathered.length === 0) {
        this.lanes.delete(key);
        return;
      }
      batch = gathered.splice(0, this.maxItems);
    }
  }
}

const perStore = new WeakMap<object, Map<string, unknown>>();

/** One group commit per document store and purpose (an instance has one store; each unit test has its own). */
export function groupCommitFor<I, R>(store: object, purpose: string, create: () => GroupCommit<I, R>): GroupCommit<I, R> {
  let byPurpose = perStore.get(store);
  if (!byPurpose) perStore.set(store, (byPurpose = new Map()));
  let group = byPurpose.get(purpose) as GroupCommit<I, R> | undefined;
  if (!group) byPurpose.set(purpose, (group = create()));
  return group;
}
