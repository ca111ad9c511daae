/**
 * The photos' downloads (wall tiles, the lightbox, artist pictures) priced two ways: straight
 * from Storage, as the repository deploys them, and through Cloud CDN as docs/data-contract.md
 * ("Photo tiles: cache and CDN") describes it: a global external Application Load Balancer whose
 * backend is an internet NEG for Storage's download endpoint, so the rules still answer each
 * miss (`VITE_FILES_CDN_ORIGIN` points the app at it; setting it up is left to a deployment).
 * The bill prints both, so the choice is made on the day's numbers: Cloud CDN's cache egress is
 * cheaper per GiB than Storage's ($0.08 against $0.12; Hosting's CDN is $0.15), but it bills a
 * lookup per request, each miss a fill that the origin also sends out of Storage, and the load
 * balancer by the hour. The leading underscore keeps `npm run bench` from running this file as a
 * benchmark.
 */
import { listPrices } from './prices.js';

export interface PhotoDownloads {
  /** GET requests a day (each a Storage class B operation, or a Cloud CDN cache lookup). */
  requests: number;
  /** Bytes downloaded a day. */
  bytes: number;
  /** Cache misses a day (each rendition once per cache location), and their bytes. */
  fills: number;
  fillBytes: number;
}

/** A day of the downloads straight from Storage: a class B operation per request, internet egress per byte. */
export function storageDay(day: PhotoDownloads, prices = listPrices): number {
  return day.requests * prices.storage.classB + day.bytes * prices.storage.egressByte;
}

/**
 * A day of the same downloads through Cloud CDN: a lookup per request, cache egress per byte;
 * per miss, the fill, the load balancer's processing, and the origin's answer (a class B
 * operation and Storage's internet egress: the internet NEG reaches Storage as any client does);
 * the forwarding rule's 24 hours.
 */
export function cloudCdnDay(day: PhotoDownloads, prices = listPrices): number {
  const { cdn, storage } = prices;
  return (
    day.requests * cdn.lookup +
    day.bytes * cdn.cacheEgressByte +
    day.fillBytes * (cdn.cacheFillByte + cdn.loadBalancerByte + storage.egressByte) +
    day.fills * storage.classB +
    24 * cdn.forwardingRuleHour
  );
}
