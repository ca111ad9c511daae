import { describe, expect, it } from 'vitest';
import { LocalPushEndpoints, untilAborted } from './local-push.js';

describe('LocalPushEndpoints', () => {
  it('finds the handler whose prefix starts the endpoint, and forgets it once unregistered', async () => {
    const endpoints = new LocalPushEndpoints();
    const unregister = endpoints.register('http://127.0.0.1:5001/_/pubsub/', async () => 204);
    expect(endpoints.find('http://127.0.0.1:5001/_/pubsub/countFavorite')).toBeDefined();
    expect(endpoints.find('http://127.0.0.1:5002/_/pubsub/countFavorite')).toBeUndefined();
    unregister();
    expect(endpoints.find('http://127.0.0.1:5001/_/pubsub/countFavorite')).toBeUndefined();
  });

  it("an old registration's unregister leaves a newer handler of the same prefix in place", () => {
    const endpoints = new LocalPushEndpoints();
    const first = endpoints.register('http://h/', async () => 204);
    const newer = async () => 500;
    endpoints.register('http://h/', newer);
    first();
    expect(endpoints.find('http://h/x')).toBe(newer);
  });
});

describe('untilAborted', () => {
  it("gives the work's answer when it comes first", async () => {
    await expect(untilAborted(Promise.resolve(204), new AbortController().signal)).resolves.toBe(204);
  });

  it('rejects when the signal aborts first (a push past its ack deadline is unanswered: a nack), whatever the work does later', async () => {
    const controller = new AbortController();
    let finish!: (status: number) => void;
    const answered = untilAborted(new Promise<number>((resolve) => (finish = resolve)), controller.signal);
    controller.abort(new Error('ack deadline'));
    finish(204);
    await expect(answered).rejects.toThrow('ack deadline');
  });

  it('rejects at once on a signal already aborted', async () => {
    await expect(untilAborted(Promise.resolve(204), AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});
