import type { Firestore } from 'firebase/firestore';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { networkFollowsBrowser } from './network-follows-browser';

const calls: string[] = [];
vi.mock('firebase/firestore', () => ({
  disableNetwork: () => {
    calls.push('disable');
    return Promise.resolve();
  },
  enableNetwork: () => {
    calls.push('enable');
    return Promise.resolve();
  },
}));

const firestore = {} as Firestore;
let online = true;
const goOnline = (value: boolean) => {
  online = value;
  window.dispatchEvent(new Event(value ? 'online' : 'offline'));
};

describe('networkFollowsBrowser', () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    calls.length = 0;
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => {
    stop();
    vi.restoreAllMocks();
  });

  it('leaves the network alone and says nothing while the browser is online', () => {
    const lines: string[] = [];
    stop = networkFollowsBrowser(firestore, (line) => lines.push(line));
    expect(calls).toEqual([]);
    expect(lines).toEqual([]);
  });

  it('pauses when the browser goes offline and resumes when it is back, one line for each change', () => {
    const lines: string[] = [];
    stop = networkFollowsBrowser(firestore, (line) => lines.push(line));
    goOnline(false);
    // A second `offline` (as browsers send when an interface goes) changes nothing.
    goOnline(false);
    goOnline(true);
    expect(calls).toEqual(['disable', 'enable']);
    expect(lines).toEqual([expect.stringMatching(/offline/), expect.stringMatching(/online again/)]);
  });

  it('starts paused when the app opens offline', () => {
    online = false;
    const lines: string[] = [];
    stop = networkFollowsBrowser(firestore, (line) => lines.push(line));
    expect(calls).toEqual(['disable']);
    expect(lines).toHaveLength(1);
  });

  it('stops following once stopped', () => {
    stop = networkFollowsBrowser(firestore, () => {});
    stop();
    goOnline(false);
    expect(calls).toEqual([]);
  });
});
