/**
 * Public list prices the bill bench (bill.ts) prices counted operations with. USD, no free
 * tier subtracted (a festival day is far beyond it), no discounts, no taxes.
 *
 * Dated: read 2026-11-24 from the pages below. Prices change: check the pages before quoting
 * a bill, and update this one file (the date too).
 * - Firestore (Standard edition), multi-region eur3, where Encore's database lives:
 *   https://firebase.google.com/docs/firestore/pricing and https://cloud.google.com/firestore/pricing
 *   (the multi-region row: reads $0.06, writes $0.18, deletes $0.02 per 100,000 documents).
 *   Network egress (read 2026-11-26): the pricing page bills "the amount of network bandwidth
 *   that you use" beyond 10 GiB a month at Google Cloud's internet data transfer rates
 *   (https://cloud.google.com/firestore/pricing#network and https://cloud.google.com/vpc/network-pricing:
 *   premium tier, from Europe to the internet, first TiB a month, $0.12 per GiB). The bench
 *   prices it for what open apps and walls download of the live documents (the bytes that grow
 *   with the crowd), not for one-off reads.
 * - Cloud Storage (Standard class, regional europe-west1; the default bucket):
 *   https://cloud.google.com/storage/pricing ("Operation charges": class A $0.0050 and class B
 *   $0.0004 per 1,000 operations; "Data transfer": internet egress from Europe, premium tier,
 *   first TiB, $0.12 per GiB; "Data storage": $0.020 per GiB-month).
 * - Firebase Hosting (the bundle and the app, through the CDN):
 *   https://firebase.google.com/pricing ("Hosting: data transfer $0.15 per GB").
 *   Storage at rest ("Data storage", Standard, regional): $0.020 per GiB-month.
 * - Cloud Run functions (2nd gen), read 2026-12-07: https://cloud.google.com/functions/pricing
 *   says 2nd-gen functions are billed as Cloud Run services; https://cloud.google.com/run/pricing,
 *   "services with CPU only allocated during request processing" (request-based billing, the
 *   mode functions deploy with), Tier 1 regions (europe-west1): $0.00002400 per vCPU-second,
 *   $0.00000250 per GiB-second, $0.40 per million requests, billed time rounded up to 100 ms,
 *   requests in flight together on one instance sharing it.
 * - Identity Platform, read 2026-12-07: https://cloud.google.com/identity-platform/pricing,
 *   Tier 1 providers (email, phone, anonymous, social), per monthly active user ("any account
 *   that has signed in within a given month"): 0-49,999 free, 50,000-99,999 $0.0055,
 *   100,000-999,999 $0.0046, 1,000,000-9,999,999 $0.0032, beyond $0.0025. Anonymous accounts
 *   are listed among Tier 1 and count as MAU; the page notes: "Anonymous users are not included
 *   in the count of monthly active users if you've enabled automatic clean-up" (Identity
 *   Platform deletes anonymous accounts older than 30 days). The free 50,000 is the price
 *   list's first tier, so it is kept here (it is a tier, not a free quota).
 * - Pub/Sub: https://cloud.google.com/pubsub/pricing ("Message Delivery Basic": $40 per TiB of
 *   throughput, publish and subscribe each counted, at least 1,000 bytes a message).
 * - Cloud Scheduler: https://cloud.google.com/scheduler/pricing ($0.10 per job a month; 3 jobs
 *   free per billing account, not subtracted). Not rechecked with a search on 2026-12-07.
 * - Cloud CDN, read 2026-12-07 (priced beside the photos' Storage lines, not deployed):
 *   https://cloud.google.com/cdn/pricing ("cache data transfer out", Europe, under 10 TiB a
 *   month, $0.08 per GiB; "cache fill" $0.01-$0.04 per GiB, the upper end taken; "HTTP/HTTPS
 *   cache lookup requests" $0.0075 per 10,000) and https://cloud.google.com/load-balancing/pricing
 *   (a global forwarding rule, first 5, $0.025 an hour; data processed by the load balancer
 *   $0.008 per GiB, which cached responses do not pass through).
 * - Cloud Logging: https://cloud.google.com/stackdriver/pricing ($0.50 per GiB ingested beyond
 *   the free 50 GiB a project and month, not subtracted). Not rechecked with a search on 2026-12-07.
 */
export const PRICES_DATED = '2026-11-24 (Firestore egress: 2026-11-26; Cloud Run, Identity Platform, Pub/Sub, Cloud CDN: 2026-12-07)';

export const PRICE_SOURCES = [
  'https://firebase.google.com/docs/firestore/pricing',
  'https://cloud.google.com/firestore/pricing#network',
  'https://cloud.google.com/vpc/network-pricing',
  'https://cloud.google.com/storage/pricing',
  'https://firebase.google.com/pricing',
  'https://cloud.google.com/functions/pricing',
  'https://cloud.google.com/run/pricing',
  'https://cloud.google.com/identity-platform/pricing',
  'https://cloud.google.com/cdn/pricing',
  'https://cloud.google.com/load-balancing/pricing',
  'https://cloud.google.com/pubsub/pricing',
  'https://cloud.google.com/scheduler/pricing',
  'https://cloud.google.com/stackdriver/pricing',
] as const;

export const listPrices = {
  firestore: {
    /** Per document read. */
    read: 0.06 / 100_000,
    write: 0.18 / 100_000,
    delete: 0.02 / 100_000,
    /** Internet egress, per byte (GiB = 2^30 bytes). */
    egressByte: 0.12 / 2 ** 30,
  },
  storage: {
    classA: 0.005 / 1_000,
    classB: 0.0004 / 1_000,
    /** Internet egress, per byte (GiB = 2^30 bytes). */
    egressByte: 0.12 / 2 ** 30,
    /** Standard class, regional: per byte kept a month. */
    atRestByteMonth: 0.02 / 2 ** 30,
  },
  hosting: {
    /** CDN data transfer, per byte. */
    transferByte: 0.15 / 2 ** 30,
  },
  cdn: {
    /** Cloud CDN: a byte served from its cache (Europe, first 10 TiB a month). */
    cacheEgressByte: 0.08 / 2 ** 30,
    /** A byte filled into the cache on a miss (the price list's upper end), and processed by the load balancer on its way. */
    cacheFillByte: 0.04 / 2 ** 30,
    loadBalancerByte: 0.008 / 2 ** 30,
    /** Every GET, hit or miss. */
    lookup: 0.0075 / 10_000,
    /** The load balancer's global forwarding rule. */
    forwardingRuleHour: 0.025,
  },
  functions: {
    /** Per request (Cloud Run's, which a function call is). */
    invocation: 0.4 / 1_000_000,
    /** Request-based billing, Tier 1 region: per vCPU-second and GiB-second of busy instance time. */
    vcpuSecond: 0.000024,
    gibSecond: 0.0000025,
  },
  pubsub: {
    /** Per byte of throughput (TiB = 2^40 bytes). */
    throughputByte: 40 / 2 ** 40,
  },
  scheduler: {
    jobMonth: 0.1,
  },
  logging: {
    ingestedByte: 0.5 / 2 ** 30,
  },
} as const;

/** Identity Platform's Tier 1 price list: [accounts from, price per monthly active user]. */
const MAU_TIERS: ReadonlyArray<readonly [number, number]> = [
  [0, 0],
  [50_000, 0.0055],
  [100_000, 0.0046],
  [1_000_000, 0.0032],
  [10_000_000, 0.0025],
];

/** A month's Identity Platform bill for `accounts` monthly active users, tier by tier. */
export function identityPlatformMonth(accounts: number): number {
  let usd = 0;
  MAU_TIERS.forEach(([from, price], index) => {
    const to = MAU_TIERS[index + 1]?.[0] ?? Infinity;
    usd += Math.max(0, Math.min(accounts, to) - from) * price;
  });
  return usd;
}
