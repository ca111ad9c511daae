/**
 * One WebChannel session: a single Listen or Write stream of one client, from the
 * handshake POST to the terminate beacon (or until its back channel stays away too long).
 *
 * Client to server: forward maps are applied exactly once and in map-id order, whatever
 * order or how many times the POSTs carrying them arrive. Server to client: every engine
 * message becomes one array in the outbox and goes out on the current back channel.
 */
import type { ServerResponse } from 'node:http';
import { RpcCode } from '../errors.js';
import type { StreamHandle, StreamSink } from '../streams.js';
import { BackChannel } from './back-channel.js';
import { ChannelRequestError } from './channel-request.js';
import type { ForwardMap } from './forward-body.js';
import { Outbox } from './outbox.js';
import { streamErrorMessage } from './stream-error.js';

export interface SessionOptions {
  /** How often an idle streaming back channel gets a noop (the client's watchdog fires after 1.5× keepalive). */
  noopIntervalMs: number;
  /** How long a long-poll GET waits for data before answering with a noop, when the client sends no `TO`. */
  longPollWaitMs: number;
  /** Upper bound for the client's `TO`: the answer must come before the client's own watchdog. */
  maxLongPollWaitMs: number;
  /** A session whose back channel stays away this long is closed (the client is gone). */
  orphanTimeoutMs: number;
  /**
   * A streaming GET is ended after carrying this many UTF-16 units. The client then opens the
   * next one with its `AID`, the only acknowledgement a listen-only session ever sends, so the
   * outbox cannot grow without bound.
   */
  recycleStreamAfterLength: number;
}

/** At most 10 forward POSTs of at most 1000 maps each are in flight at once. */
const MAX_MAPS_AHEAD = 10 * 1000;

export interface ForwardAck {
  hasBackChannel: boolean;
  lastArrayId: number;
  outstandingLength: number;
}

export class Session {
  private readonly outbox = new Outbox();
  private stream: StreamHandle | undefined;
  private backChannel: BackChannel | undefined;
  private backChannelTimer: NodeJS.Timeout | undefined;
  private orphanTimer: NodeJS.Timeout | undefined;
  /** The next map id to apply; maps below it are duplicates from retried POSTs. */
  private nextMapId = 0;
  /** Maps that arrived ahead of a missing one, applied once the gap fills. */
  private readonly heldMaps = new Map<number, unknown>();
  /** True once the engine ended the stream or the client terminated: later requests are ignored. */
  private streamEnded = false;
  private closed = false;

  /** What the engine writes to; safe to use before `attachStream` (the engine may answer while opening). */
  readonly sink: StreamSink = {
    send: (message) => {
      if (this.streamEnded) return;
      try {
        this.enqueue([message]);
      } catch (error) {
        // A message JSON cannot carry (a BigInt, a cycle) is an engine bug: end the stream, keep the server.
        console.error('[webchannel] could not encode a stream message', error);
        this.sink.fail(RpcCode.INTERNAL, 'Internal error while encoding a response');
      }
    },
    fail: (code, message) => {
      if (this.streamEnded) return;
      this.enqueue([streamErrorMessage(code, message)]);
      this.endStream();
    },
  };

  constructor(
    readonly sid: string,
    private readonly options: SessionOptions,
    private readonly onClose: (session: Session) => void,
  ) {
    this.armOrphanTimer();
  }

  attachStream(stream: StreamHandle): void {
    this.stream = stream;
    if (this.streamEnded) stream.close();
  }

  /**
   * Applies forward maps once each, in map-id order. Maps further ahead than the client could
   * ever have in flight are refused (400) rather than held.
   */
  receive(maps: readonly ForwardMap[]): void {
    if (maps.some(({ mapId }) => mapId >= this.nextMapId + MAX_MAPS_AHEAD)) {
      throw new ChannelRequestError(400, `Map ids must follow on from ${this.nextMapId}`);
    }
    for (const { mapId, message } of maps) {
      if (mapId >= this.nextMapId) this.heldMaps.set(mapId, message);
    }
    while (this.heldMaps.has(this.nextMapId)) {
      const message = this.heldMaps.get(this.nextMapId);
      this.heldMaps.delete(this.nextMapId);
      this.nextMapId++;
      this.applyToStream(message);
    }
  }

  /** The three numbers a forward POST is answered with. */
  forwardAck(aid: number | undefined): ForwardAck {
    if (aid !== undefined) this.outbox.acknowledge(aid);
    return {
      hasBackChannel: this.backChannel?.isOpen ?? false,
      lastArrayId: this.outbox.lastId,
      outstandingLength: this.outbox.outstandingLength,
    };
  }

  /** A new back-channel GET replaces the previous one and first gets every array above its `AID`. */
  attachBackChannel(response: ServerResponse, aid: number, longPoll: boolean, timeoutMs: number | undefined): void {
    this.detachBackChannel();
    this.outbox.acknowledge(aid);
    const channel = new BackChannel(response, longPoll, aid);
    this.backChannel = channel;
    clearTimeout(this.orphanTimer);
    response.on('close', () => {
      if (this.backChannel === channel) this.detachBackChannel();
    });

    const hasPending = this.outbox.after(aid).length > 0;
    if (longPoll) {
      if (hasPending) {
        this.flush();
      } else {
        // Answering at once with a noop would make the client loop; wait for data or the timeout.
        const waitMs = Math.min(timeoutMs ?? this.options.longPollWaitMs, this.options.maxLongPollWaitMs);
        this.backChannelTimer = setTimeout(() => this.enqueue(['noop']), waitMs).unref();
      }
      return;
    }
    // The first bytes must come at once: the client times the first byte to detect buffering proxies.
    if (hasPending) this.flush();
    else this.enqueue(['noop']);
    this.backChannelTimer = setInterval(() => this.enqueue(['noop']), this.options.noopIntervalMs).unref();
  }

  /** The client terminated the session, or it was orphaned: release the stream and every timer. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.endStream();
    this.detachBackChannel();
    clearTimeout(this.orphanTimer);
    this.onClose(this);
  }

  private applyToStream(message: unknown): void {
    if (this.streamEnded || this.stream === undefined) return;
    try {
      this.stream.receive(message);
    } catch (error) {
      // The engine should answer bad requests through its sink; a throw is a bug, not a reason to crash.
      console.error('[webchannel] stream handler threw', error);
      this.sink.fail(RpcCode.INTERNAL, 'Internal error while handling the request');
    }
  }

  private enqueue(array: readonly unknown[]): void {
    this.outbox.push(array);
    this.flush();
  }

  /** Writes what the current back channel has not carried yet; a long-poll GET is then done. */
  private flush(): void {
    const channel = this.backChannel;
    if (channel === undefined) return;
    channel.deliver(this.outbox.after(0));
    if (channel.writtenLength >= this.options.recycleStreamAfterLength) channel.end();
    if (!channel.isOpen) this.detachBackChannel();
  }

  private endStream(): void {
    if (this.streamEnded) return;
    this.streamEnded = true;
    this.heldMaps.clear();
    this.stream?.close();
  }

  private detachBackChannel(): void {
    clearTimeout(this.backChannelTimer); // Node clears intervals and timeouts alike
    this.backChannelTimer = undefined;
    if (this.backChannel === undefined) return;
    this.backChannel.end();
    this.backChannel = undefined;
    if (!this.closed) this.armOrphanTimer();
  }

  private armOrphanTimer(): void {
    clearTimeout(this.orphanTimer);
    this.orphanTimer = setTimeout(() => this.close(), this.options.orphanTimeoutMs).unref();
  }
}
