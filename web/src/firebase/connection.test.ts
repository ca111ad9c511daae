import { describe, expect, it } from 'vitest';
import { connectionState, initialConnection, OFFLINE_AFTER_MS, trackConnection, waitDeadline, type ConnectionEvent } from './connection';

const T0 = 1_000_000;
const run = (events: ConnectionEvent[], start = initialConnection(true, T0)) => events.reduce(trackConnection, start);
const snapshot = (fromCache: boolean): ConnectionEvent => ({ type: 'snapshot', fromCache });
const browser = (online: boolean, at: number): ConnectionEvent => ({ type: 'browser', online, at });

describe('connection state', () => {
  it('is connecting while the first answer is awaited, and offline once the SDK timeout has passed', () => {
    const waiting = run([snapshot(true)]);
    expect(connectionState(waiting, T0)).toBe('unknown');
    expect(connectionState(waiting, T0 + OFFLINE_AFTER_MS - 1)).toBe('unknown');
    expect(connectionState(waiting, T0 + OFFLINE_AFTER_MS)).toBe('offline');
    expect(waitDeadline(waiting, T0)).toBe(T0 + OFFLINE_AFTER_MS);
  });

  it('is online once a snapshot comes from the server', () => {
    const online = run([snapshot(false)]);
    expect(connectionState(online, T0)).toBe('online');
    expect(waitDeadline(online, T0)).toBeNull();
  });

  it('is offline the moment the browser says so, even while the SDK still believes it is online', () => {
    const state = run([snapshot(false), browser(false, T0 + 5)]);
    expect(connectionState(state, T0 + 5)).toBe('offline');
  });

  it('opens offline when the browser is offline from the start', () => {
    expect(connectionState(initialConnection(false, T0), T0)).toBe('offline');
  });

  it('is offline when the SDK falls back to the cache after the server answered', () => {
    const state = run([snapshot(false), snapshot(true)]);
    expect(connectionState(state, T0)).toBe('offline');
  });

  it('connects again when the browser comes back online, and is online at the first server answer', () => {
    const back = run([snapshot(false), browser(false, T0 + 1), snapshot(true), browser(true, T0 + 60_000)]);
    expect(connectionState(back, T0 + 60_000)).toBe('unknown');
    expect(connectionState(trackConnection(back, snapshot(false)), T0 + 60_500)).toBe('online');
    // The SDK does not get through: offline again after its own timeout, counted from the return.
    expect(connectionState(back, T0 + 60_000 + OFFLINE_AFTER_MS)).toBe('offline');
  });

  it('ignores events that change nothing', () => {
    const state = run([snapshot(false)]);
    expect(trackConnection(state, snapshot(false))).toBe(state);
    expect(trackConnection(state, browser(true, T0 + 9))).toBe(state);
  });
});
