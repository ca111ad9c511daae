import type { Push, PushMessage, PushOutcome } from '../platform/push.js';

/**
 * A fake push service: records every message it was handed, and answers per token as told
 * (`answer(token, outcome)`, e.g. FCM's "registration-token-not-registered"), otherwise ok.
 * `failNextSend` makes the next whole call throw, as a network failure would.
 */
export class MemoryPush implements Push {
  readonly sent: PushMessage[] = [];
  private readonly answers = new Map<string, Omit<Extract<PushOutcome, { ok: false }>, 'ok'>>();
  private failures = 0;
  /** Sizes of the calls made, to check batching. */
  readonly calls: number[] = [];

  constructor(readonly maxBatch = 500) {}

  answer(token: string, code: string, message = code): void {
    this.answers.set(token, { code, message });
  }

  heal(token: string): void {
    this.answers.delete(token);
  }

  failNextSend(times = 1): void {
    this.failures += times;
  }

  async send(messages: readonly PushMessage[]): Promise<PushOutcome[]> {
    if (messages.length > this.maxBatch) throw new Error(`sendEach takes at most ${this.maxBatch} messages, got ${messages.length}`);
    this.calls.push(messages.length);
    if (this.failures > 0) {
      this.failures--;
      throw new Error('connect ECONNRESET');
    }
    return messages.map((message) => {
      const refusal = this.answers.get(message.token);
      if (refusal) return { ok: false, ...refusal };
      this.sent.push(structuredClone(message));
      return { ok: true, messageId: `projects/test/messages/${this.sent.length}` };
    });
  }

  /** Tokens that received a push with this tag, in order. */
  tokensTagged(tag: string): string[] {
    return this.sent.filter((message) => message.payload.tag === tag).map((message) => message.token);
  }
}
