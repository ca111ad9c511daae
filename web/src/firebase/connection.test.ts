import { describe, expect, it } from 'vitest';
import { connectionState, initialConnection, trackConnection, type ConnectionEvent } from './connection';

const run = (events: ConnectionEvent[], start = initialConnection(true)) => events.reduce(trackConnection, start);
const server: ConnectionEvent = { type: 'snapshot', fromCache: false, fromServer: true };
const cache: ConnectionEvent = { type: 'snapshot', fromCache: true, fromServer: false };
const localWrite: ConnectionEvent = { type: 'snapshot', fromCache: false, fromServer: false };
const browser = (online: boolean): ConnectionEvent => ({ type: 'browser', online });

describe('connection state', () => {
  it('is connecting while the browser is online and the stream has not delivered yet', () => {
    expect(connectionState(run([cache]))).toBe('unknown');
  });

  it('is online once the stream delivers a server snapshot', () => {
    expect(connectionState(run([cache, server]))).toBe('online');
  });

  it('is online while the stream delivers, although the browser says it is offline', () => {
    const state = run([server, browser(false), server]);
    expect(state.browserOnline).toBe(false);
    expect(connectionState(state)).toBe('online');
  });

  it('opens online when the stream delivers although the browser said offline from the start', () => {
    expect(connectionState(run([server], initialConnection(false)))).toBe('online');
  });

  it('is offline when the browser says so and the stream has delivered nothing since', () => {
    expect(connectionState(run([server, browser(false)]))).toBe('offline');
    expect(connectionState(initialConnection(false))).toBe('offline');
  });

  it('does not take a local write while the browser is offline for the stream delivering', () => {
    expect(connectionState(run([server, browser(false), localWrite]))).toBe('offline');
  });

  it('is offline once the SDK falls back to the cache while the browser is offline, even after a delivery', () => {
    expect(connectionState(run([server, browser(false), server, cache]))).toBe('offline');
  });

  it('is never offline while the browser says online: the SDK falling back to its cache is connecting', () => {
    expect(connectionState(run([server, cache]))).toBe('unknown');
  });

  it('is online again when the browser comes back and the SDK never left the server', () => {
    expect(connectionState(run([server, browser(false), browser(true)]))).toBe('online');
  });

  it('connects again when the browser comes back, and is online at the first server answer', () => {
    const back = run([server, browser(false), cache, browser(true)]);
    expect(connectionState(back)).toBe('unknown');
    expect(connectionState(trackConnection(back, server))).toBe('online');
  });

  it('ignores events that change nothing', () => {
    const state = run([server]);
    expect(trackConnection(state, server)).toBe(state);
    expect(trackConnection(state, browser(true))).toBe(state);
  });
});
