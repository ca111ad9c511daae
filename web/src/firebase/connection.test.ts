import { describe, expect, it } from 'vitest';
import { connectionState, OFFLINE_AFTER_MS } from './connection';

const base = { fromCache: true, everOnline: false, sinceChangeMs: 0, browserOnline: true };

describe('connectionState', () => {
  it('is unknown while the first answer is awaited, and offline after the SDK timeout', () => {
    expect(connectionState(base)).toBe('unknown');
    expect(connectionState({ ...base, sinceChangeMs: OFFLINE_AFTER_MS - 1 })).toBe('unknown');
    expect(connectionState({ ...base, sinceChangeMs: OFFLINE_AFTER_MS })).toBe('offline');
  });

  it('is online once a snapshot comes from the server', () => {
    expect(connectionState({ ...base, fromCache: false, everOnline: true })).toBe('online');
  });

  it('is offline when the SDK falls back to the cache after being online, or the browser says so', () => {
    expect(connectionState({ ...base, everOnline: true })).toBe('offline');
    expect(connectionState({ ...base, browserOnline: false })).toBe('offline');
  });
});
