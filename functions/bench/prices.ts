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
 * - Cloud Run functions (2nd gen) invocations: https://cloud.google.com/functions/pricing
 *   ($0.40 per million beyond the free 2 million a month; CPU and memory time not modelled).
 */
export const PRICES_DATED = '2026-11-24 (Firestore egress: 2026-11-26)';

export const PRICE_SOURCES = [
  'https://firebase.google.com/docs/firestore/pricing',
  'https://cloud.google.com/firestore/pricing#network',
  'https://cloud.google.com/vpc/network-pricing',
  'https://cloud.google.com/storage/pricing',
  'https://firebase.google.com/pricing',
  'https://cloud.google.com/functions/pricing',
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
  },
  hosting: {
    /** CDN data transfer, per byte. */
    transferByte: 0.15 / 2 ** 30,
  },
  functions: {
    invocation: 0.4 / 1_000_000,
  },
} as const;
