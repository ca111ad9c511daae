/**
 * Appends framed records to one journal file. `append` is a synchronous write, so when it
 * returns the record is in the operating system's page cache: the emulator can acknowledge
 * the request and a `kill -9` of the process loses nothing. `fsync` (which survives a crash
 * of the machine too) is batched: at most once per interval, off the event loop, so a write
 * costs a system call and not a disk flush.
 */
import { closeSync, fsync, fsyncSync, openSync, writeSync } from 'node:fs';
import { encodeFrame } from './frame.js';

export interface JournalWriterOptions {
  /** How long an appended record may wait for its fsync; default 1000 ms. */
  fsyncIntervalMs?: number;
}

export class JournalWriter {
  private readonly fd: number;
  private readonly interval: number;
  private bytes: number;
  private dirty = false;
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  /** Opens `path` for appending (created if missing); `size` is its current length in bytes. */
  constructor(
    readonly path: string,
    size: number,
    options: JournalWriterOptions = {},
  ) {
    this.fd = openSync(path, 'a');
    this.bytes = size;
    this.interval = options.fsyncIntervalMs ?? 1000;
  }

  /** Bytes in the file, including everything appended. */
  get size(): number {
    return this.bytes;
  }

  /** Writes one record before returning. Throws (and the caller must not acknowledge) if the write fails. */
  append(payload: Buffer): void {
    if (this.closed) throw new Error(`Journal ${this.path} is closed`);
    const frame = encodeFrame(payload);
    let written = 0;
    while (written < frame.byteLength) written += writeSync(this.fd, frame, written, frame.byteLength - written);
    this.bytes += frame.byteLength;
    this.dirty = true;
    this.timer ??= setTimeout(() => void this.flush(), this.interval).unref();
  }

  /** Flushes what is appended so far to the disk (in the thread pool). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty || this.closed) return this.flushing ?? Promise.resolve();
    this.dirty = false;
    const previous = this.flushing ?? Promise.resolve();
    const flushing = previous.then(
      () =>
        new Promise<void>((resolve) =>
          fsync(this.fd, (error) => {
            // A failed fsync leaves the data in the page cache (the process can still die safely);
            // it is reported, not thrown at whoever happened to append last.
            if (error) console.error(`[durability] fsync of ${this.path} failed:`, error.message);
            resolve();
          }),
        ),
    );
    const tracked: Promise<void> = flushing.finally(() => {
      if (this.flushing === tracked) this.flushing = undefined;
    });
    this.flushing = tracked;
    return tracked;
  }

  /** fsync now, blocking: before the journal is rotated, so an older journal is never torn. */
  flushSync(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.closed) return;
    fsyncSync(this.fd);
    this.dirty = false;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    while (this.flushing) await this.flushing;
    this.flushSync();
    this.closed = true;
    closeSync(this.fd);
  }
}
