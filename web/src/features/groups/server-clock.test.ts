import { afterEach, describe, expect, it } from 'vitest';
import { forgetServerTime, noteServerTime, serverNow } from './server-clock';

const HOUR = 3_600_000;

describe('serverNow', () => {
  afterEach(forgetServerTime);

  it("is the device's clock until a server timestamp is seen", () => {
    const before = Date.now();
    expect(serverNow().getTime()).toBeGreaterThanOrEqual(before);
    expect(serverNow().getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('follows the server on a phone whose clock is two hours fast, once it reads a stamp the server wrote', () => {
    const readAt = Date.now();
    noteServerTime(new Date(readAt - 2 * HOUR), readAt);
    expect(Math.abs(serverNow().getTime() - (Date.now() - 2 * HOUR))).toBeLessThan(1_000);
  });

  it('keeps the largest lower bound: an older stamp (a cached share) does not pull it back', () => {
    const readAt = Date.now();
    noteServerTime(new Date(readAt + 2 * HOUR), readAt);
    noteServerTime(new Date(readAt + 2 * HOUR - 10 * 60_000), readAt);
    expect(Math.abs(serverNow().getTime() - (Date.now() + 2 * HOUR))).toBeLessThan(1_000);
  });
});
