/**
 * The bloom filter Watch puts in an existence filter's `unchanged_names` (firestore.proto
 * `BloomFilter`: a `BitSequence` and a hash count), built as the SDKs read it
 * (firebase-js-sdk `src/remote/bloom_filter.ts`): each name's UTF-8 bytes are hashed with MD5;
 * the digest's two little-endian 64-bit halves h1 and h2 give the k bit indexes
 * (h1 + i * h2) mod 2^64 mod bitCount, i = 0..k-1; bit n is `bitmap[n >> 3] & (1 << (n & 7))`;
 * `padding` is the unused high bits of the last byte.
 */
import { createHash } from 'node:crypto';

export interface BloomFilterJson {
  bits: { bitmap: string; padding: number };
  hashCount: number;
}

const UINT64 = (1n << 64n) - 1n;

/**
 * The false positive rate the filter is sized for. The SDKs' own suite calls a false positive
 * among 50 stale documents "statistically rare" and fails on two in a row; at 1 % it would be 40 %
 * likely (1 - 0.99^50), at 0.01 % it is 0.5 %. The filter for 50 names is then 967 bits, 121 bytes.
 */
export const FALSE_POSITIVE_RATE = 0.0001;

/**
 * Bits and hash count for `count` names at `rate`, as production sizes them (its golden filters,
 * test/fixtures/bloom-filter-goldens/, match bit for bit): the smallest prime at least the
 * textbook optimum -n ln p / (ln 2)^2, and k = round((m / n) ln 2). A prime m also keeps double
 * hashing mod m from folding onto a fraction of the bits.
 */
export function bloomFilterSize(count: number, rate = FALSE_POSITIVE_RATE): { bitCount: number; hashCount: number } {
  if (count === 0) return { bitCount: 0, hashCount: 0 };
  let bitCount = Math.ceil((-count * Math.log(rate)) / Math.LN2 ** 2);
  while (!isPrime(bitCount)) bitCount += 1;
  return { bitCount, hashCount: Math.max(1, Math.round((bitCount / count) * Math.LN2)) };
}

function isPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;
  return true;
}

/** The k bit indexes of `name` in a filter of `bitCount` bits. */
export function bitIndexes(name: string, bitCount: number, hashCount: number): number[] {
  const digest = createHash('md5').update(name, 'utf8').digest();
  const h1 = digest.readBigUInt64LE(0);
  const h2 = digest.readBigUInt64LE(8);
  const modulus = BigInt(bitCount);
  const indexes: number[] = [];
  for (let i = 0n; i < BigInt(hashCount); i += 1n) indexes.push(Number(((h1 + i * h2) & UINT64) % modulus));
  return indexes;
}

/** A filter holding `names` (full document resource names), as Watch sends it. An empty set is an empty bitmap. */
export function bloomFilterOf(names: readonly string[], rate = FALSE_POSITIVE_RATE): BloomFilterJson {
  const { bitCount, hashCount } = bloomFilterSize(names.length, rate);
  const bitmap = Buffer.alloc(Math.ceil(bitCount / 8));
  for (const name of names) {
    for (const index of bitIndexes(name, bitCount, hashCount)) bitmap[index >> 3]! |= 1 << (index & 7);
  }
  return { bits: { bitmap: bitmap.toString('base64'), padding: bitmap.length * 8 - bitCount }, hashCount };
}
