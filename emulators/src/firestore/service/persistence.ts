/**
 * Export/import of the whole state (every database's documents and the stored rules) to a
 * folder, for `--export-on-exit` / `--import`. One versioned JSON file,
 * `<dir>/firestore_export/firestore-state.json`; documents keep their create and update
 * times, and the clock is moved past the export's time so read times never go backwards.
 * The same document (`captureState`/`restoreState`) is the durable snapshot (journal.ts).
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredDocument } from '../engine/store.js';
import { formatTimestamp, parseTimestamp } from '../engine/time.js';
import type { Fields } from '../engine/values.js';
import type { Databases } from './databases.js';

export const EXPORT_FORMAT = 'encore-firestore-export';
export const EXPORT_VERSION = 1;

interface ExportedDocument {
  path: string;
  fields: Fields;
  createTime: string;
  updateTime: string;
}

export interface ExportFile {
  format: typeof EXPORT_FORMAT;
  version: number;
  exportedAt: string;
  databases: { projectId: string; databaseId: string; documents: ExportedDocument[] }[];
  rules: Record<string, string>;
}

export function exportPath(dir: string): string {
  return join(dir, 'firestore_export', 'firestore-state.json');
}

/** The whole state as one JSON-serialisable document. */
export function captureState(databases: Databases): ExportFile {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: formatTimestamp(databases.clock.next()),
    databases: databases.all().map((database) => ({
      projectId: database.id.projectId,
      databaseId: database.id.databaseId,
      documents: [...database.store.all()]
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
        .map((doc) => ({ path: doc.path, fields: doc.fields, createTime: formatTimestamp(doc.createTime), updateTime: formatTimestamp(doc.updateTime) })),
    })),
    rules: Object.fromEntries(databases.rules),
  };
}

export async function exportState(databases: Databases, dir: string): Promise<void> {
  const file = captureState(databases);
  const target = exportPath(dir);
  await mkdir(join(dir, 'firestore_export'), { recursive: true });
  const temporary = `${target}.tmp`;
  await writeFile(temporary, JSON.stringify(file));
  await rename(temporary, target);
}

/** Loads an export; a missing folder or file is an empty start. Returns whether there was one. */
export async function importState(databases: Databases, dir: string): Promise<boolean> {
  let text: string;
  try {
    text = await readFile(exportPath(dir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  restoreState(databases, JSON.parse(text) as ExportFile, dir);
  return true;
}

/** Loads a captured state (no listeners or feed events). `from` names its folder in errors. */
export function restoreState(databases: Databases, file: ExportFile, from: string): void {
  if (file.format !== EXPORT_FORMAT || file.version !== EXPORT_VERSION) {
    throw new Error(`Unsupported Firestore export in ${from}: format ${String(file.format)} version ${String(file.version)}`);
  }
  databases.clock.advanceTo(parseTimestamp(file.exportedAt));
  for (const exported of file.databases) {
    const docs: StoredDocument[] = exported.documents.map((doc) => ({
      path: doc.path,
      fields: doc.fields,
      createTime: parseTimestamp(doc.createTime),
      updateTime: parseTimestamp(doc.updateTime),
    }));
    databases.get({ projectId: exported.projectId, databaseId: exported.databaseId }).load(docs);
  }
  for (const [projectId, source] of Object.entries(file.rules ?? {})) databases.restoreRules(projectId, source);
}
