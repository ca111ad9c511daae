/**
 * One back-channel GET (`RID=rpc`): the response the server writes its arrays to.
 *
 * Streaming (`CI=0`): the response stays open and every array is written the moment it
 * exists. Long-poll (`CI=1`, forced or after the client detected a buffering proxy): the
 * first write ends the response, and the client opens the next GET.
 */
import type { ServerResponse } from 'node:http';
import { frameArrays } from './framing.js';
import type { OutgoingArray } from './outbox.js';

export class BackChannel {
  /** The highest array id written to this response. */
  private writtenUpTo: number;
  private ended = false;
  private written = 0;

  constructor(
    private readonly response: ServerResponse,
    private readonly longPoll: boolean,
    /** The client's `AID`: it already has everything up to here. */
    acknowledgedId: number,
  ) {
    this.writtenUpTo = acknowledgedId;
    response.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'no-cache, no-store, max-age=0, must-revalidate',
      'X-Content-Type-Options': 'nosniff',
      // Tells nginx-style proxies in front of the emulator not to buffer the stream.
      'X-Accel-Buffering': 'no',
    });
  }

  /** UTF-16 units written so far. */
  get writtenLength(): number {
    return this.written;
  }

  get isOpen(): boolean {
    return !this.ended && !this.response.destroyed;
  }

  /** Writes the arrays this response has not carried yet; a long-poll response then ends. */
  deliver(arrays: readonly OutgoingArray[]): void {
    if (!this.isOpen) return;
    const fresh = arrays.filter((array) => array.id > this.writtenUpTo);
    if (fresh.length === 0) return;
    this.writtenUpTo = fresh[fresh.length - 1]!.id;
    const chunk = frameArrays(fresh.map((array) => array.encoded));
    this.written += chunk.length;
    this.response.write(chunk);
    if (this.longPoll) this.end();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.response.end();
  }
}
