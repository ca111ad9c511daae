/**
 * Resumable upload sessions, shared by both APIs. A session's bytes stream into one file in
 * the blob store's `incoming/` folder. A chunk is kept only once its whole body has arrived
 * at the offset the session expects (otherwise the file and the checksums go back to where
 * they were), and requests on one session run one at a time. The object itself is written
 * only at finalize; a session that is canceled, refused or forgotten leaves no file behind. A
 * finalize refused while writing (rules, checksums, preconditions, quota) ends the session
 * `final` with that refusal, which every later finalize answers again (the official emulator's
 * behaviour: the client sees `X-Goog-Upload-Status: final` and the same status).
 * Sessions live in memory: after a restart the client starts a new one.
 */
import { randomUUID } from 'node:crypto';
import type { Caller } from '../common/auth.js';
import type { BlobStore, IncomingBlob } from './blob-store.js';
import { badRequest, payloadTooLarge, StorageError, uploadNotFound } from './errors.js';
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
  /** Total size announced at start (`X-Goog-Upload-Header-Content-Length`, `X-Upload-Content-Length`), when known. */
  readonly declaredSize: number | undefined;
  /** Who started the upload: the finalize is authorized as them. */
  readonly caller: Caller;
  /** GCS preconditions given at start, checked at finalize against the object then live. */
  readonly preconditions: Preconditions;
  state: UploadState;
  received: number;
  /** The object written at finalize, answered again to a repeated finalize or status query. */
  result?: ObjectMetadata;
  /** Why the finalize was refused (the session is then `final`), thrown again to a repeated finalize. */
  refusal?: StorageError;
}

export type NewUpload = Pick<UploadSession, 'bucket' | 'name' | 'patch' | 'contentType' | 'declaredSize' | 'caller' | 'preconditions'>;

export interface Chunk {
  /** Where the client says the chunk starts. */
  offset: number;
  /** The chunk's length when the request declares it (Content-Length): checked before any byte is read. */
  declaredLength: number | undefined;
  body: AsyncIterable<Buffer>;
  /** The chunk completes the upload. */
  last: boolean;
  /** Checks the chunk once it is in (e.g. against its Content-Range); throwing discards it. */
  check?: (length: number) => void;
}

interface SessionFiles {
  blob?: IncomingBlob;
  /** The tail of the queue of requests on this session. */
  queue: Promise<unknown>;
}

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();
  private readonly files = new Map<string, SessionFiles>();

  constructor(
    private readonly blobs: BlobStore,
    /** The largest object an upload may make; more is a 413. */
    private readonly maxBytes: number,
  ) {}

  start(init: NewUpload): UploadSession {
    if (init.declaredSize !== undefined && init.declaredSize > this.maxBytes) throw payloadTooLarge(this.maxBytes);
    const session: UploadSession = { ...init, id: randomUUID().replaceAll('-', ''), state: 'active', received: 0 };
    this.sessions.set(session.id, session);
    this.files.set(session.id, { queue: Promise.resolve() });
    return session;
  }

  get(id: string | null): UploadSession {
    const session = id === null ? undefined : this.sessions.get(id);
    if (!session) throw uploadNotFound(id ?? '(none)');
    return session;
  }

  /**
   * Streams a chunk sent at `offset` into the session. With `last`, the chunk must complete
   * the declared size. Throws 400 (and keeps nothing of the chunk) on a wrong offset, an
   * inactive session or a size beyond the declared one; 413 past the size limit.
   */
  append(session: UploadSession, chunk: Chunk): Promise<void> {
    return this.serialized(session, async () => {
      assertActive(session);
      if (chunk.offset !== session.received) {
        throw badRequest(`Invalid upload offset ${chunk.offset}: the server has received ${session.received} bytes`);
      }
      if (chunk.declaredLength !== undefined) this.checkSize(session, session.received + chunk.declaredLength, chunk.last);
      const files = this.files.get(session.id)!;
      const blob = (files.blob ??= await this.blobs.receive());
      blob.checkpoint();
      try {
        for await (const bytes of chunk.body) {
          this.checkSize(session, blob.size + bytes.byteLength, false);
          await blob.write(bytes);
        }
        this.checkSize(session, blob.size, chunk.last);
        chunk.check?.(blob.size - session.received);
      } catch (error) {
        await blob.rollback();
        throw error;
      }
      session.received = blob.size;
    });
  }

  /**
   * Writes the session's object with `write` (given the complete bytes), once, after any
   * request still running on the session. A refused write keeps the session `final` with its
   * refusal (and no bytes); an internal failure forgets the session.
   */
  finalize(session: UploadSession, write: (blob: IncomingBlob) => Promise<ObjectMetadata>): Promise<ObjectMetadata> {
    return this.serialized(session, async () => {
      if (session.result) return session.result;
      if (session.refusal) throw session.refusal;
      assertActive(session);
      if (session.declaredSize !== undefined && session.received !== session.declaredSize) {
        throw badRequest(`Upload has ${session.received} of the ${session.declaredSize} declared bytes`);
      }
      session.state = 'finalizing';
      const files = this.files.get(session.id)!;
      try {
        const blob = (files.blob ??= await this.blobs.receive());
        await blob.close();
        const result = await write(blob);
        session.state = 'final';
        session.result = result;
        return result;
      } catch (error) {
        if (error instanceof StorageError && error.status < 500) {
          session.state = 'final';
          session.refusal = error;
        } else {
          this.discard(session);
        }
        throw error;
      } finally {
        await this.release(session.id);
      }
    });
  }

  cancel(session: UploadSession): void {
    if (session.state === 'final' || session.state === 'finalizing') throw badRequest('Upload is already finalized and cannot be canceled');
    session.state = 'canceled';
    void this.serialized(session, () => this.release(session.id)).catch(() => undefined);
  }

  /** Forgets a session (its finalize failed inside the emulator), so nothing of it lingers. */
  discard(session: UploadSession): void {
    session.state = 'canceled';
    this.sessions.delete(session.id);
  }

  /** Forgets every session and deletes their files. */
  async clear(): Promise<void> {
    const ids = [...this.files.keys()];
    this.sessions.clear();
    await Promise.all(ids.map((id) => this.release(id)));
  }

  private checkSize(session: UploadSession, total: number, last: boolean): void {
    if (total > this.maxBytes) throw payloadTooLarge(this.maxBytes);
    if (session.declaredSize !== undefined && (total > session.declaredSize || (last && total !== session.declaredSize))) {
      throw badRequest(`Upload size ${total} does not match the declared size ${session.declaredSize}`);
    }
  }

  /** Runs `work` after every earlier request on the session. */
  private serialized<T>(session: UploadSession, work: () => Promise<T>): Promise<T> {
    const files = this.files.get(session.id);
    if (!files) return work();
    const run = files.queue.then(work, work);
    files.queue = run.catch(() => undefined);
    return run;
  }

  /** Closes and deletes the session's file (a committed one has moved away already). */
  private async release(id: string): Promise<void> {
    const blob = this.files.get(id)?.blob;
    this.files.delete(id);
    if (!blob) return;
    await blob.close();
    await this.blobs.discard(blob.path);
  }
}

function assertActive(session: UploadSession): void {
  if (session.state !== 'active') throw new StorageError(400, `Upload ${session.id} is ${session.state}`, 'invalid');
}
