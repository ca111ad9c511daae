/**
 * Document reads from rules (`get`, `exists`, `getAfter`, `existsAfter`, and Storage's
 * `firestore.get`/`firestore.exists`), with production's per-request limit on distinct
 * documents read.
 *
 * The interpreter is synchronous, while the emulators' stores may answer asynchronously.
 * A read that is not cached yet interrupts evaluation with NeedsDocument (deliberately not
 * a RulesEvaluationError, so `&&`/`||` cannot absorb it); `withDocumentReads` fetches the
 * document and evaluates again from the start, now with it cached. Evaluation is
 * deterministic, so each rerun gets at least one read further; the limit bounds reruns.
 *
 * A read the accessor fails with a RulesEvaluationError (the database cannot be reached) is
 * an evaluation error where the rules call it, as production's "Service call error": the
 * condition that needs it is false, and `||` may still allow through another branch.
 */
import { RulesEvaluationError } from './errors.js';
import { documentResource, type FirestoreDocument } from './firestore-values.js';
import { RulesPath, typeOf, type Value } from './values.js';

/** Reads one document by its path relative to `documents/` (e.g. `users/alice`); null when absent. */
export type DocumentAccessor = (documentPath: string) => FirestoreDocument | null | Promise<FirestoreDocument | null>;

/**
 * The distinct documents one request (or one batch/transaction, if shared) may read.
 * Production: 10 for single-document requests and queries, 20 for batched writes and
 * transactions as a whole.
 */
export class DocumentAccessBudget {
  private readonly accessed = new Set<string>();

  constructor(readonly limit: number = 10) {}

  charge(key: string): void {
    if (this.accessed.has(key)) return;
    if (this.accessed.size >= this.limit) {
      throw new RulesEvaluationError(`Exceeded the limit of ${this.limit} document access calls per request`);
    }
    this.accessed.add(key);
  }

  get used(): number {
    return this.accessed.size;
  }
}

class NeedsDocument extends Error {
  constructor(
    readonly key: string,
    readonly load: () => Promise<FirestoreDocument | null>,
  ) {
    super(`document ${key} is being fetched`);
  }
}

/** One request's document reads: cache, budget, and the functions rules call. */
export class DocumentReads {
  private readonly cache = new Map<string, FirestoreDocument | null | RulesEvaluationError>();

  constructor(
    private readonly databaseId: string,
    private readonly budget: DocumentAccessBudget,
  ) {}

  /**
   * A function for rules: `get(path)` returns the resource or null, `exists(path)` a bool.
   * `state` says which database state it reads: `get` and `exists` of one document share
   * one read (one access against the limit), as do `getAfter` and `existsAfter`.
   */
  reader(kind: string, accessor: DocumentAccessor | undefined, mode: 'get' | 'exists', state: 'before' | 'after' = 'before'): (args: Value[]) => Value {
    return (args) => {
      if (args.length !== 1) throw new RulesEvaluationError(`${kind}() takes 1 argument, got ${args.length}`);
      const path = args[0]!;
      if (!(path instanceof RulesPath)) throw new RulesEvaluationError(`${kind}() expected a path, got ${typeOf(path)}`);
      if (!accessor) throw new RulesEvaluationError(`${kind}() is not available for this request`);
      const documentPath = this.documentPath(kind, path);
      const document = this.read(`${state}:${documentPath.join('/')}`, accessor, documentPath.join('/'));
      if (mode === 'exists') return document !== null;
      return document === null ? null : documentResource(this.databaseId, documentPath, document);
    };
  }

  /** `/databases/{db}/documents/c/d...` with an even number of segments after `documents`. */
  private documentPath(kind: string, path: RulesPath): string[] {
    const [databases, database, documents, ...rest] = path.segments;
    if (databases !== 'databases' || documents !== 'documents' || rest.length === 0 || rest.length % 2 !== 0) {
      throw new RulesEvaluationError(`${kind}() needs a document path /databases/{database}/documents/{collection}/{id}..., got ${path.toString()}`);
    }
    if (database !== this.databaseId) throw new RulesEvaluationError(`${kind}() cannot read database ${database} from ${this.databaseId}`);
    return rest;
  }

  private read(key: string, accessor: DocumentAccessor, documentPath: string): FirestoreDocument | null {
    this.budget.charge(key);
    if (this.cache.has(key)) {
      const cached = this.cache.get(key)!;
      if (cached instanceof RulesEvaluationError) throw cached;
      return cached;
    }
    const result = accessor(documentPath);
    if (result instanceof Promise) throw new NeedsDocument(key, () => result);
    this.cache.set(key, result);
    return result;
  }

  /** Runs `evaluate` once; an accessor answering with a Promise is a programming error here. */
  settleSync<T>(evaluate: () => T): T {
    try {
      return evaluate();
    } catch (error) {
      if (error instanceof NeedsDocument) throw new Error('A document accessor returned a Promise: use the asynchronous authorize method');
      throw error;
    }
  }

  /** Runs `evaluate` until it completes without needing a document it has not fetched yet. */
  async settle<T>(evaluate: () => T): Promise<T> {
    for (;;) {
      try {
        return evaluate();
      } catch (error) {
        if (!(error instanceof NeedsDocument)) throw error;
        this.cache.set(error.key, await error.load().catch((failure: unknown) => {
          if (failure instanceof RulesEvaluationError) return failure;
          throw failure;
        }));
      }
    }
  }
}
