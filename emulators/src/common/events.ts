/**
 * The change events emulators publish for the local functions runner.
 * Shapes follow the wire formats the runner must produce, so it only re-wraps them.
 */

/** A Firestore document in its REST (proto3 JSON) form. */
export interface FirestoreDocumentJson {
  /** `projects/{p}/databases/{d}/documents/{path}` */
  name: string;
  fields: Record<string, unknown>;
  createTime: string;
  updateTime: string;
}

/**
 * The principal behind a write, in the terms of Firestore's auth-context events (the
 * CloudEvents `authtype`/`authid` attributes of `*.withAuthContext` event types).
 */
export interface DocumentWriter {
  authType: 'app_user' | 'unauthenticated' | 'service_account' | 'unknown';
  /** The Firebase Auth uid for `app_user`; absent when there is no identity to report (the emulator's owner credential names no service account). */
  authId?: string;
}

/** One committed document write: created (before null), deleted (after null) or updated. */
export interface DocumentWrittenEvent {
  projectId: string;
  databaseId: string;
  /** Document path relative to `documents/`, e.g. `festivals/encore-2026/photos/p1`. */
  path: string;
  before: FirestoreDocumentJson | null;
  after: FirestoreDocumentJson | null;
  /** Commit time, RFC 3339 UTC. All writes of one commit share it. */
  commitTime: string;
  /** Who committed it; producers that cannot tell leave it out (delivered as `unknown`). */
  writer?: DocumentWriter;
}

/** A Cloud Storage object in the GCS JSON API `storage#object` form (numbers as strings). */
export type GcsObjectJson = Record<string, unknown> & {
  bucket: string;
  name: string;
  generation: string;
  metageneration: string;
  size: string;
};

export interface StorageObjectEvent {
  kind: 'finalized' | 'deleted' | 'metadataUpdated';
  object: GcsObjectJson;
  /** Event time, RFC 3339 UTC. */
  time: string;
}
