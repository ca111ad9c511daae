/**
 * What the emulator does about indexes. Without a `firestore.indexes.json` nothing is checked
 * (like the official emulator). With one, every query is planned against it: in strict mode a
 * query production would refuse for a missing index is refused here too (FAILED_PRECONDITION,
 * index-error.ts); otherwise each missing index is logged once and the query runs.
 * Strict mode without a file checks against the automatic single-field indexes alone.
 */
import { missingIndexError, indexFileEntry } from './index-error.js';
import { EMPTY_CATALOG, type IndexCatalog } from './index-config.js';
import { planIndexes, type IndexPlan } from './indexes.js';
import type { DatabaseId } from './paths.js';
import type { PlannedQuery } from './query.js';

export class IndexPolicy {
  /** The parsed firestore.indexes.json in force; undefined: none loaded. */
  catalog: IndexCatalog | undefined;
  strict = false;
  /** Where the permissive mode reports a missing index (once each). */
  log: (message: string) => void = (message) => console.warn(message);
  private readonly reported = new Set<string>();

  /** The indexes the query reads (explain's plan summary) and the one missing, if any. */
  plan(query: PlannedQuery): IndexPlan {
    return planIndexes(query, this.catalog ?? EMPTY_CATALOG);
  }

  /** Refuses (strict) or reports (once) a query that no declared or automatic index serves. */
  check(query: PlannedQuery, database: DatabaseId): void {
    if (this.catalog === undefined && !this.strict) return;
    const { missing } = this.plan(query);
    if (missing === undefined) return;
    const catalog = this.catalog ?? EMPTY_CATALOG;
    if (this.strict) throw missingIndexError(missing, catalog, database);
    const { section, entry } = indexFileEntry(missing, catalog);
    const key = `${database.projectId}/${database.databaseId}|${section}|${JSON.stringify(entry)}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.log(`[firestore] a query needs an index firestore.indexes.json does not declare (production would refuse it); add to its "${section}": ${JSON.stringify(entry)}`);
  }

  /** A new file (or none): indexes reported before may be missing again. */
  setCatalog(catalog: IndexCatalog | undefined): void {
    this.catalog = catalog;
    this.reported.clear();
  }
}
