/**
 * Object bytes on disk, never in memory:
 *
 *   <root>/objects/<id>    one file per stored object version, never changed once there
 *   <root>/incoming/<id>   uploads being received (and copies being made)
 *
 * An upload streams into an `IncomingBlob`, hashed as it arrives; only once it is complete
 * and allowed is it renamed into `objects/` (`commit`), so a half-received upload never
 * becomes an object. Committed files are flushed to the disk in the background (batched,
 * at most a second later); a process crash loses nothing either way, since the bytes are
 * in the page cache. Downloads open the file at once and stream from it: a file replaced
 * or deleted meanwhile stays readable through the open descriptor.
 */
import { randomUUID } from 'node:crypto';
import { closeSync, createReadStream, openSync, renameSync, type ReadStream } from 'node:fs';
import { copyFile, mkdir, mkdtemp, open, readdir, rm, unlink, type FileHandle } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncFolder } from '../durability/atomic-file.js';
import { ObjectHasher, type ObjectHashes } from './hashes.js';

export interface BlobStoreOptions {
  /** Keep the bytes here (a data folder); without it, a private temporary folder removed on close. */
  root?: string;
  /** Longest a committed object waits for its fsync; default 1000 ms. */
  fsyncIntervalMs?: number;
}

export class BlobStore {
  private readonly objects: string;
  private readonly incoming: string;
  private unsynced: string[] = [];
  private syncTimer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;

  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
    private readonly fsyncIntervalMs: number,
  ) {
    this.objects = join(root, 'objects');
    this.incoming = join(root, 'incoming');
  }

  static async open(options: BlobStoreOptions = {}): Promise<BlobStore> {
    const root = options.root ?? (await mkdtemp(join(tmpdir(), 'encore-storage-')));
    const store = new BlobStore(root, options.root === undefined, options.fsyncIntervalMs ?? 1000);
    await mkdir(store.objects, { recursive: true });
    // Uploads that were being received when the last process died are not objects: drop them.
    await rm(store.incoming, { recursive: true, force: true });
    await mkdir(store.incoming, { recursive: true });
    return store;
  }

  /** A new upload's file in `incoming/`. */
  async receive(): Promise<IncomingBlob> {
    const path = join(this.incoming, randomUUID());
    return new IncomingBlob(path, await open(path, 'w+'));
  }

  /** A copy of a stored object's bytes as a new upload (its hashes are the source's). */
  async copy(id: string): Promise<string> {
    const path = join(this.incoming, randomUUID());
    await copyFile(this.path(id), path);
    return path;
  }

  /**
   * Moves a complete upload into place and returns its blob id. Synchronous (a rename), so
   * the caller can check and record the object in the same tick.
   */
  commit(incomingPath: string): string {
    const id = randomUUID();
    renameSync(incomingPath, this.path(id));
    // A temporary folder is gone with the process anyway: nothing to flush.
    if (!this.temporary) {
      this.unsynced.push(this.path(id));
      this.syncTimer ??= setTimeout(() => {
        // A failed flush leaves the bytes in the page cache (a process crash loses nothing): report it.
        this.flush().catch((error: unknown) => console.error('[storage] flushing object files failed:', error));
      }, this.fsyncIntervalMs).unref();
    }
    return id;
  }

  /** Opens a stored object's bytes for reading now (see the module comment). */
  openReader(id: string): BlobReader {
    return new BlobReader(openSync(this.path(id), 'r'));
  }

  /** Deletes a stored object's bytes (once nothing refers to them any more). */
  remove(id: string): void {
    unlink(this.path(id)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') console.error(`[storage] could not delete ${this.path(id)}:`, error.message);
    });
  }

  /** Discards an incoming file that will not become an object. */
  async discard(incomingPath: string): Promise<void> {
    await rm(incomingPath, { force: true });
  }

  path(id: string): string {
    return join(this.objects, id);
  }

  /** Ids of every stored file (to find files no object refers to after a crash). */
  async ids(): Promise<string[]> {
    return readdir(this.objects);
  }

  /** Flushes committed objects to the disk now. */
  async flush(): Promise<void> {
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = undefined;
    await this.syncing;
    const paths = this.unsynced;
    this.unsynced = [];
    if (paths.length === 0) return;
    this.syncing = (async () => {
      for (const path of paths) {
        try {
          const handle = await open(path, 'r');
          await handle.sync().finally(() => handle.close());
        } catch (error) {
          // Deleted since: nothing to flush.
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
      }
      await syncFolder(this.objects);
    })().finally(() => {
      this.syncing = undefined;
    });
    await this.syncing;
  }

  async close(): Promise<void> {
    await this.flush();
    if (this.temporary) await rm(this.root, { recursive: true, force: true });
  }
}

/** An upload being received: bytes appended at the end, hashed as they come. */
export class IncomingBlob {
  private bytes = 0;
  private readonly hasher = new ObjectHasher();
  private mark = 0;
  private closing: Promise<void> | undefined;

  constructor(
    readonly path: string,
    private readonly handle: FileHandle,
  ) {}

  get size(): number {
    return this.bytes;
  }

  async write(chunk: Buffer): Promise<void> {
    this.hasher.update(chunk);
    let written = 0;
    while (written < chunk.byteLength) {
      const { bytesWritten } = await this.handle.write(chunk, written, chunk.byteLength - written, this.bytes + written);
      written += bytesWritten;
    }
    this.bytes += chunk.byteLength;
  }

  /** Remembers the current end, for `rollback()` (a resumable chunk is kept only if it arrives whole). */
  checkpoint(): void {
    this.mark = this.bytes;
    this.hasher.checkpoint();
  }

  /** Forgets everything written since the last checkpoint. */
  async rollback(): Promise<void> {
    await this.handle.truncate(this.mark);
    this.bytes = this.mark;
    this.hasher.rollback();
  }

  hashes(): ObjectHashes {
    return this.hasher.digest();
  }

  /** Closes the file (once); it is then committed into place or discarded. */
  close(): Promise<void> {
    this.closing ??= this.handle.close();
    return this.closing;
  }
}

/** A stored object's bytes, open for reading (one file descriptor until the stream ends or `close`). */
export class BlobReader {
  private open = true;

  constructor(private readonly fd: number) {}

  /** Streams bytes `start` to `end` (inclusive) and closes the file when done. */
  stream(start: number, end: number): ReadStream {
    this.open = false;
    return createReadStream('', { fd: this.fd, start, end, autoClose: true });
  }

  close(): void {
    if (!this.open) return;
    this.open = false;
    closeSync(this.fd);
  }
}
