/**
 * All databases of one emulator process, created on first use (any project id works, as
 * with the official emulator), sharing one clock so read times never go backwards.
 */
import type { DocumentWrittenEvent } from '../../common/events.js';
import { Feed } from '../../common/feed.js';
import { allowAll, type Authorize } from '../engine/access.js';
import { Database } from '../engine/database.js';
import { parseDatabaseName, type DatabaseId } from '../engine/paths.js';
import { Clock } from '../engine/time.js';

export class Databases {
  readonly clock = new Clock();
  readonly documentWrites = new Feed<DocumentWrittenEvent>();
  /** Rules sources by project, as loaded through the admin endpoint (enforced by the rules issue). */
  readonly rules = new Map<string, string>();
  /** Checks a rules source before it is stored: returns why it is refused, or undefined. */
  rulesValidator: (source: string) => string | undefined = () => undefined;
  authorize: Authorize = allowAll;
  private readonly byName = new Map<string, Database>();

  get(id: DatabaseId): Database {
    const key = `projects/${id.projectId}/databases/${id.databaseId}`;
    let database = this.byName.get(key);
    if (database === undefined) {
      database = new Database({ id, clock: this.clock, documentWrites: this.documentWrites, authorize: () => this.authorize });
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
