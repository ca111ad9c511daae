/**
 * Query explain (query_profile.proto): `explain_options` on RunQuery / RunAggregationQuery.
 * Without `analyze` production plans the query and runs nothing: one response with the plan
 * summary only (no documents, no read time). With `analyze` it runs it: the results as usual,
 * the last response carrying the plan and the execution stats. The plan names the indexes the
 * planner reads (engine/indexes.ts, the same choice strict index mode checks), as Structs
 * `{query_scope: "Collection", properties: "(a ASC, __name__ ASC)"}`.
 */
import { invalidArgument } from '../errors.js';
import { describeIndex, type IndexPlan } from './indexes.js';

export interface ExplainRequest {
  analyze: boolean;
}

/** The request's explain options, or undefined when it asks for no explanation. */
export function parseExplainOptions(raw: unknown): ExplainRequest | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'object') throw invalidArgument('explain_options must be an object.');
  const analyze = (raw as { analyze?: unknown }).analyze;
  if (analyze !== undefined && analyze !== null && typeof analyze !== 'boolean') throw invalidArgument('explain_options.analyze must be a boolean.');
  return { analyze: analyze === true };
}

export interface ExecutionCounts {
  /** Documents (or aggregation results) returned. */
  resultsReturned: number;
  /** Index entries the scan went over: the documents the filters matched. */
  indexEntriesScanned: number;
  /** Documents read in full (none for an aggregation). */
  documentsScanned: number;
  /** Billed reads: one per document returned, or per 1000 index entries aggregated; at least one. */
  readOperations: number;
  durationNanos: bigint;
}

function duration(nanos: bigint): string {
  const seconds = nanos / 1_000_000_000n;
  const fraction = String(nanos % 1_000_000_000n).padStart(9, '0').replace(/0+$/, '');
  return fraction === '' ? `${seconds}s` : `${seconds}.${fraction}s`;
}

/** ExplainMetrics in proto3 JSON: the plan summary, plus the execution stats after a run. */
export function explainMetrics(plan: IndexPlan, counts?: ExecutionCounts): Record<string, unknown> {
  const metrics: Record<string, unknown> = { planSummary: { indexesUsed: plan.used.map(describeIndex) } };
  if (counts) {
    metrics.executionStats = {
      resultsReturned: String(counts.resultsReturned),
      executionDuration: duration(counts.durationNanos),
      readOperations: String(counts.readOperations),
      // Production's debug_stats: every number as a string.
      debugStats: {
        index_entries_scanned: String(counts.indexEntriesScanned),
        documents_scanned: String(counts.documentsScanned),
        billing_details: {
          documents_billable: String(counts.documentsScanned),
          index_entries_billable: String(counts.documentsScanned === 0 ? counts.indexEntriesScanned : 0),
          small_ops: '0',
          min_query_cost: String(counts.resultsReturned === 0 ? 1 : 0),
        },
      },
    };
  }
  return metrics;
}
