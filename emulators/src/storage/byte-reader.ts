/**
 * Pulls a request body chunk by chunk, holding only what parsing needs: a bounded head
 * (`readUntil`) or the few bytes that might start a delimiter (`streamUntil`). Reading is
 * pulled, so a slow sink slows the socket down instead of filling memory.
 */
import { payloadTooLarge } from './errors.js';

export class ByteReader {
  private buffer: Buffer = Buffer.alloc(0);
  private readonly chunks: AsyncIterator<Buffer>;
  private ended = false;
  /** Bytes taken out of the reader so far (delimiters included). */
  consumed = 0;

  constructor(
    body: AsyncIterable<Buffer>,
    /** Most bytes the whole body may have; more is a 413. */
    private readonly limit: number,
  ) {
    this.chunks = body[Symbol.asyncIterator]();
  }

  /** Reads at least `n` buffered bytes (fewer only at the end of the body). */
  async peek(n: number): Promise<Buffer> {
    while (this.buffer.byteLength < n && (await this.pull()));
    return this.buffer.subarray(0, n);
  }

  skip(n: number): void {
    this.take(Math.min(n, this.buffer.byteLength));
  }

  /**
   * The bytes before the next `delimiter`, which is consumed too. Undefined when the body
   * ends first; throws `tooLong()` when `maxBytes` pass without it.
   */
  async readUntil(delimiter: Buffer, maxBytes: number, tooLong: () => Error): Promise<Buffer | undefined> {
    let searchFrom = 0;
    for (;;) {
      const at = this.buffer.indexOf(delimiter, searchFrom);
      if (at >= 0) {
        const head = Buffer.from(this.take(at));
        this.take(delimiter.byteLength);
        return head;
      }
      if (this.buffer.byteLength > maxBytes) throw tooLong();
      searchFrom = Math.max(0, this.buffer.byteLength - delimiter.byteLength + 1);
      if (!(await this.pull())) return undefined;
    }
  }

  /**
   * Hands every byte before the next `delimiter` to `sink` as it arrives, then consumes the
   * delimiter. Returns false when the body ends without it.
   */
  async streamUntil(delimiter: Buffer, sink: (bytes: Buffer) => Promise<void>): Promise<boolean> {
    for (;;) {
      const at = this.buffer.indexOf(delimiter);
      if (at >= 0) {
        if (at > 0) await sink(this.take(at));
        this.take(delimiter.byteLength);
        return true;
      }
      // Everything but a possible start of the delimiter is safe to pass on.
      const safe = this.buffer.byteLength - (delimiter.byteLength - 1);
      if (safe > 0) await sink(this.take(safe));
      if (!(await this.pull())) return false;
    }
  }

  /** Hands every remaining byte to `sink`. */
  async streamToEnd(sink: (bytes: Buffer) => Promise<void>): Promise<void> {
    do {
      if (this.buffer.byteLength > 0) await sink(this.take(this.buffer.byteLength));
    } while (await this.pull());
  }

  private take(n: number): Buffer {
    const head = this.buffer.subarray(0, n);
    this.buffer = this.buffer.subarray(n);
    this.consumed += n;
    return head;
  }

  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const next = await this.chunks.next();
    if (next.done) {
      this.ended = true;
      return false;
    }
    const chunk = next.value;
    if (this.consumed + this.buffer.byteLength + chunk.byteLength > this.limit) throw payloadTooLarge(this.limit);
    this.buffer = this.buffer.byteLength === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }
}
