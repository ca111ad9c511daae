/**
 * The server-to-client arrays of one session, kept until the client acknowledges them.
 *
 * Array ids rise strictly within a session and are never reused: the shipped WebChannel
 * client silently drops any array whose id is not above the last one it saw. Id 0 is the
 * handshake's `"c"` array, so data starts at 1. A new back-channel GET (or a forward POST)
 * carries `AID`, the last id the client received; everything above it is resent.
 */
import { encodeArray } from './framing.js';

export interface OutgoingArray {
  id: number;
  /** `[id, array]` as JSON. */
  encoded: string;
}

export class Outbox {
  private nextId = 1;
  private pending: OutgoingArray[] = [];

  /** The highest array id handed out so far (0: only the handshake's `"c"`). */
  get lastId(): number {
    return this.nextId - 1;
  }

  push(array: readonly unknown[]): OutgoingArray {
    const entry = { id: this.nextId, encoded: encodeArray(this.nextId, array) };
    this.nextId++;
    this.pending.push(entry);
    return entry;
  }

  /** Forgets the arrays the client has confirmed receiving (ids up to `aid`). */
  acknowledge(aid: number): void {
    if (this.pending.length > 0 && this.pending[0]!.id <= aid) {
      this.pending = this.pending.filter((entry) => entry.id > aid);
    }
  }

  /** The unacknowledged arrays with ids above `id`, in order. */
  after(id: number): OutgoingArray[] {
    return this.pending.filter((entry) => entry.id > id);
  }

  /** UTF-16 units still unacknowledged, as the forward-POST acknowledgement reports them. */
  get outstandingLength(): number {
    return this.pending.reduce((sum, entry) => sum + entry.encoded.length, 0);
  }
}
