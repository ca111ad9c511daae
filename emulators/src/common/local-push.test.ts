import { describe, expect, it } from 'vitest';
import { LocalPushEndpoints } from './local-push.js';

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
