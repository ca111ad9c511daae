/**
 * Transactions with optimistic concurrency. A read-write transaction records the version of
 * every document (and query result) it read; at commit, if any of them changed, the commit
 * fails ABORTED and the SDK retries, which is how both SDKs expect contention to surface. A
 * read-only transaction reads at a fixed time and cannot commit writes.
 */
import { randomBytes } from 'node:crypto';
import { FirestoreError, aborted, invalidArgument } from '../errors.js';
import type { Nanos } from './time.js';

export interface ReadRecord {
  /** The document's update time when read, null when it did not exist. */
  updateTime: Nanos | null;
}

export interface QueryRecord {
  /** Re-runs the query now and returns `path@updateTime` of its result, to compare with `seen`. */
  rerun(): string[];
  seen: string[];
}

export interface Transaction {
  id: string;
  readOnly: boolean;
  /** Reads in a read-only transaction happen at this time. */
  readTime?: Nanos;
  reads: Map<string, ReadRecord>;
  queries: QueryRecord[];
  expiresAt: number;
}

/** How long an idle transaction lives (production: 270 s for read-write). */
const TRANSACTION_TTL_MS = 270_000;

/** Open transactions per database before BeginTransaction is refused (a client leaking them). */
export const MAX_OPEN_TRANSACTIONS = 5_000;

export const CONTENTION_MESSAGE =
  'Aborted due to cross-transaction contention. This occurs when multiple transactions attempt to access the same data, requiring Firestore to abort at least one in order to enforce serializability.';

export class TransactionRegistry {
  private readonly open = new Map<string, Transaction>();

  constructor(private readonly maxOpen = MAX_OPEN_TRANSACTIONS) {}

  begin(options: { readOnly: boolean; readTime?: Nanos }): Transaction {
    this.expire();
    if (this.open.size >= this.maxOpen) {
      throw new FirestoreError('RESOURCE_EXHAUSTED', `Too many open transactions (${this.maxOpen}): commit or roll back the ones you have.`);
    }
    const id = randomBytes(12).toString('base64');
    const transaction: Transaction = {
      id,
      readOnly: options.readOnly,
      readTime: options.readTime,
      reads: new Map(),
      queries: [],
      expiresAt: Date.now() + TRANSACTION_TTL_MS,
    };
    this.open.set(id, transaction);
    return transaction;
  }

  get(id: unknown): Transaction {
    const transaction = typeof id === 'string' ? this.open.get(normalizeId(id)) : undefined;
    if (transaction === undefined || transaction.expiresAt < Date.now()) {
      throw invalidArgument('The referenced transaction has expired or is no longer valid.');
    }
    return transaction;
  }

  end(id: string): void {
    this.open.delete(normalizeId(id));
  }

  /** Fails ABORTED if anything the transaction read has changed since. */
  validate(transaction: Transaction, currentUpdateTime: (path: string) => Nanos | null): void {
    for (const [path, read] of transaction.reads) {
      if (currentUpdateTime(path) !== read.updateTime) throw aborted(CONTENTION_MESSAGE);
    }
    for (const query of transaction.queries) {
      const now = query.rerun();
      if (now.length !== query.seen.length || now.some((entry, i) => entry !== query.seen[i])) throw aborted(CONTENTION_MESSAGE);
    }
  }

  clear(): void {
    this.open.clear();
  }

  private expire(): void {
    const now = Date.now();
    for (const [id, transaction] of this.open) if (transaction.expiresAt < now) this.open.delete(id);
  }
}

/** Transaction ids are bytes: accept any base64 spelling (url-safe, unpadded). */
function normalizeId(id: string): string {
  return Buffer.from(id, 'base64').toString('base64');
}
