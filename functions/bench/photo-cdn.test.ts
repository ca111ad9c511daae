/**
 * The bill's comparison of the photos' downloads from Storage and through Cloud CDN
 * (`_photo-cdn.ts`), with the dated list prices of prices.ts worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { cloudCdnDay, storageDay } from './_photo-cdn.js';

const GIB = 2 ** 30;

describe('the photos from Storage or through Cloud CDN', () => {
  it('prices Storage at a class B operation a request and $0.12 a GiB', () => {
    expect(storageDay({ requests: 1_000_000, bytes: 10 * GIB, fills: 0, fillBytes: 0 })).toBeCloseTo(0.4 + 1.2, 9);
  });

  it("prices Cloud CDN at a lookup a request, $0.08 a GiB, fills at $0.168 a GiB (fill, load balancer, Storage's egress) with their class B, and $0.60 of forwarding rule", () => {
    const day = cloudCdnDay({ requests: 1_000_000, bytes: 10 * GIB, fills: 10_000, fillBytes: 1 * GIB });
    expect(day).toBeCloseTo(0.75 + 0.8 + 0.168 + 0.004 + 0.6, 9);
  });

  it('costs more through the CDN than from Storage when the day is small: the forwarding rule is paid whatever the traffic', () => {
    const small = { requests: 10_000, bytes: 0.5 * GIB, fills: 1_000, fillBytes: 0.1 * GIB };
    expect(cloudCdnDay(small)).toBeGreaterThan(storageDay(small));
  });
});
