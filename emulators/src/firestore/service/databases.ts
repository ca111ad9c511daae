/**
 * All databases of one emulator process, created on first use (any project id works, as
 * with the official emulator), sharing one clock so read times never go backwards, and the
 * durable log (when the emulator has a data folder) that every change goes through.
 */
import type { DocumentWrittenEvent } from '../../common/events.js';
import { Feed } from '../../common/feed.js';
import { allowAll, type Authorize } from '../engine/access.js';
import { Database, type CommitLog } from '../engine/database.js';
import { IndexPolicy } from '../engine/index-policy.js';
import { parseDatabaseName, type DatabaseId } from '../engine/paths.js';
import { Clock } from '../engine/time.js';
import { RULES_READS_METHOD, UsageMeter } from './usage.js';

export class Databases {
  readonly clock = new Clock();
  readonly documentWrites = new Feed<DocumentWrittenEvent>();
  /** Checks a rules source before it is stored: returns why it is refused, or undefined. */
  rulesValidator: (source: string) => string | undefined = () => undefined;
  authorize: Authorize = allowAll;
  /** Index awareness shared by every database: the firestore.indexes.json in force and strict mode. */
  readonly indexes = new IndexPolicy();
  /** Where changes are made durable; undefined keeps everything in memory only. */
  log: DurableLog | undefined;
  private readonly byName = new Map<string, Database>();
  private readonly rulesByProject = new Map<string, string>();
  private readonly meters = new Map<string, UsageMeter>();

  /** Billed operations of one project (all its databases), as `GET /emulator/v1/projects/{p}/usage` shows them. */
  usage(projectId: string): UsageMeter {
    let meter = this.meters.get(projectId);
    if (meter === undefined) this.meters.set(projectId, (meter = new UsageMeter()));
    return meter;
  }

  /** The meter of the project a resource name (`projects/{p}/...`) belongs to. */
  usageOf(name: string): UsageMeter {
    return this.usage(/^projects\/([^/]+)/.exec(name)?.[1] ?? '');
  }

  /** Rules sources by project, as set through `setRules` (the admin endpoint, `rulesPath`, an import). */
  get rules(): ReadonlyMap<string, string> {
    return this.rulesByProject;
  }

  /** Stores a project's rules source (durably first, when there is a log). */
  setRules(projectId: string, source: string): void {
    this.log?.rulesSet(projectId, source);
    this.rulesByProject.set(projectId, source);
  }

  /** Re-applies rules read back from the durable log or a snapshot. */
  restoreRules(projectId: string, source: string): void {
    this.rulesByProject.set(projectId, source);
  }

  get(id: DatabaseId): Database {
    const key = `projects/${id.projectId}/databases/${id.databaseId}`;
    let database = this.byName.get(key);
    if (database === undefined) {
      database = new Database({
        id,
        clock: this.clock,
        documentWrites: this.documentWrites,
        authorize: () => this.authorize,
        log: () => this.log,
        indexes: this.indexes,
        rulesReads: (caller, paths) => this.usage(id.projectId).reads(caller, RULES_READS_METHOD, paths),
      });
      this.byName.set(key, database);
    }
    return database;
  }

  /** `projects/{p}/databases/{d}` (or any resource name below it). */
  byResourceName(name: string): Database {
    const match = /^projects\/[^/]+\/databases\/[^/]+/.exec(name);
    return this.get(parseDatabaseName(match ? match[0] : name));
  }

  all(): Database[] {
    return [...this.byName.values()];
  }

  clearProject(projectId: string): void {
    for (const database of this.byName.values()) if (database.id.projectId === projectId) database.clear();
  }
}

/** Everything that changes the state durably: document commits and clears, and rules. */
export interface DurableLog extends CommitLog {
  rulesSet(projectId: string, source: string): void;
}
