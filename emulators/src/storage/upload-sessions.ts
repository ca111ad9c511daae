/**
 * Resumable upload sessions, shared by both APIs. A chunk is appended only once its whole
 * body has arrived and its offset matches what the session already holds, so an aborted
 * or misplaced chunk changes nothing; the object itself is written only at finalize.
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from '../common/auth.js';
import { badRequest, StorageError, uploadNotFound } from './errors.js';
import type { MetadataPatch, ObjectMetadata } from './object-metadata.js';
import type { Preconditions } from './preconditions.js';

/** `finalizing` while the object is being written, so a concurrent retry cannot write it twice. */
export type UploadState = 'active' | 'finalizing' | 'final' | 'canceled';

export interface UploadSession {
  readonly id: string;
  readonly bucket: string;
  readonly name: string;
  readonly patch: MetadataPatch;
  /** Content type from the start request's headers, used when the metadata has none. */
  readonly contentType: string | undefined;
  /** Total size announced at start (`X-Goog-Upload-Header-Content-Length`), when known. */
  readonly declaredSize: number | undefined;
  /** Who started the upload: the finalize is authorized as them. */
  readonly caller: Caller;
  /** GCS preconditions given at start, checked at finalize against the object then live. */
  readonly preconditions: Preconditions;
  state: UploadState;
  received: number;
  chunks: Buffer[];
  /** The object written at finalize, answered again to a repeated finalize or status query. */
  result?: ObjectMetadata;
}

export type NewUpload = Pick<UploadSession, 'bucket' | 'name' | 'patch' | 'contentType' | 'declaredSize' | 'caller' | 'preconditions'>;

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();

  start(init: NewUpload): UploadSession {
    const session: UploadSession = { ...init, id: randomUUID().replaceAll('-', ''), state: 'active', received: 0, chunks: [] };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string | null): UploadSession {
    const session = id === null ? undefined : this.sessions.get(id);
    if (!session) throw uploadNotFound(id ?? '(none)');
    return session;
  }

  /**
   * Appends a chunk sent at `offset`. With `last`, the chunk must complete the declared
   * size. Throws 400 (and keeps nothing) on a wrong offset, an inactive session or a size
   * beyond the declared one.
   */
  append(session: UploadSession, offset: number, chunk: Buffer, last: boolean): void {
    assertActive(session);
    if (offset !== session.received) {
      throw badRequest(`Invalid upload offset ${offset}: the server has received ${session.received} bytes`);
    }
    const total = session.received + chunk.byteLength;
    if (session.declaredSize !== undefined && (total > session.declaredSize || (last && total !== session.declaredSize))) {
      throw badRequest(`Upload size ${total} does not match the declared size ${session.declaredSize}`);
    }
    if (chunk.byteLength > 0) session.chunks.push(chunk);
    session.received = total;
  }

  /** Starts the finalize: the whole upload's bytes, and no more chunks or finalizes until it ends. */
  beginFinalize(session: UploadSession): Buffer {
    assertActive(session);
    session.state = 'finalizing';
    return Buffer.concat(session.chunks, session.received);
  }

  complete(session: UploadSession, result: ObjectMetadata): void {
    session.state = 'final';
    session.result = result;
    session.chunks = [];
  }

  cancel(session: UploadSession): void {
    if (session.state === 'final' || session.state === 'finalizing') throw badRequest('Upload is already finalized and cannot be canceled');
    session.state = 'canceled';
    session.chunks = [];
  }

  /** Forgets a session whose finalize was refused, so nothing of it lingers. */
  discard(session: UploadSession): void {
    session.state = 'canceled';
    session.chunks = [];
    this.sessions.delete(session.id);
  }

  clear(): void {
    this.sessions.clear();
  }
}

function assertActive(session: UploadSession): void {
  if (session.state !== 'active') throw new StorageError(400, `Upload ${session.id} is ${session.state}`, 'invalid');
}
