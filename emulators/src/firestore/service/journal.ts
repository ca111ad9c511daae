/**
 * Firestore's durable state in a data folder (see ../../durability/journaled-state.ts): the
 * snapshot is the export document (persistence.ts), and the journal holds one record per
 * change the emulator acknowledged:
 *
 * - `commit`: the documents a commit (a batch, a transaction, a single write) changed, as
 *   they are after it, with its commit time: one record, so a commit survives whole or not
 *   at all;
 * - `clear`: the admin "delete all documents" of one database;
 * - `rules`: a rules source set for a project.
 *
 * Times are integer nanoseconds as decimal strings. Replaying moves the clock past every
 * recorded time, so read and update times never go backwards across a restart.
 */
import { JournaledState, type Recovery } from '../../durability/journaled-state.js';
import type { DocumentChange } from '../engine/database.js';
import type { DatabaseId } from '../engine/paths.js';
import type { StoredDocument } from '../engine/store.js';
import type { Nanos } from '../engine/time.js';
import type { Fields } from '../engine/values.js';
import type { Databases, DurableLog } from './databases.js';
import { captureState, restoreState, type ExportFile } from './persistence.js';

/** A document after a commit: `[path, fields, createTime, updateTime]`, or `[path]` when deleted. */
type DocumentEntry = [path: string, fields: Fields, createTime: string, updateTime: string] | [path: string];

export type FirestoreJournalEntry =
  | { op: 'commit'; projectId: string; databaseId: string; time: string; documents: DocumentEntry[] }
  | { op: 'clear'; projectId: string; databaseId: string; time: string }
  | { op: 'rules'; projectId: string; source: string };

export interface FirestoreJournalOptions {
  fsyncIntervalMs?: number;
  compactAfterBytes?: number;
  report?: (line: string) => void;
}

export interface FirestoreJournal {
  recovery: Recovery;
  /** Folds the journal into a fresh snapshot now. */
  compact(): Promise<void>;
  /** Compacts, flushes and stops logging. */
  close(): Promise<void>;
}

/** Restores `databases` from `dir` and from then on logs every change there. */
export async function openFirestoreJournal(databases: Databases, dir: string, options: FirestoreJournalOptions = {}): Promise<FirestoreJournal> {
  const { state, recovery } = await JournaledState.open<ExportFile, FirestoreJournalEntry>({
    dir,
    ...options,
    report: options.report ?? ((line) => console.warn(`[firestore] journal ${line}`)),
    restore: (file) => restoreState(databases, file, dir),
    replay: (entry) => replay(databases, entry),
    capture: () => captureState(databases),
  });
  const log: DurableLog = {
    committed(database, commitTime, changes) {
      state.append({ op: 'commit', ...ids(database), time: commitTime.toString(), documents: changes.map(documentEntry) });
    },
    cleared(database, time) {
      state.append({ op: 'clear', ...ids(database), time: time.toString() });
    },
    rulesSet(projectId, source) {
      state.append({ op: 'rules', projectId, source });
    },
  };
  databases.log = log;
  return {
    recovery,
    compact: () => state.compact(),
    async close() {
      try {
        await state.close();
      } finally {
        if (databases.log === log) databases.log = undefined;
      }
    },
  };
}

function ids(database: DatabaseId): { projectId: string; databaseId: string } {
  return { projectId: database.projectId, databaseId: database.databaseId };
}

function documentEntry(change: DocumentChange): DocumentEntry {
  const doc = change.after;
  return doc === null ? [change.path] : [change.path, doc.fields, doc.createTime.toString(), doc.updateTime.toString()];
}

function replay(databases: Databases, entry: FirestoreJournalEntry): void {
  switch (entry.op) {
    case 'commit': {
      const changes = entry.documents.map(([path, fields, createTime, updateTime]) => ({
        path,
        after: fields === undefined ? null : ({ path, fields, createTime: BigInt(createTime!), updateTime: BigInt(updateTime!) } satisfies StoredDocument),
      }));
      databases.get(entry).replayCommit(changes, BigInt(entry.time) as Nanos);
      return;
    }
    case 'clear':
      databases.get(entry).replayClear(BigInt(entry.time));
      return;
    case 'rules':
      databases.restoreRules(entry.projectId, entry.source);
      return;
  }
}
