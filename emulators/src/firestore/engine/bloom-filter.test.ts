/**
 * The Watch bloom filter against production's own: for each golden case (fixtures copied from
 * the backend's tests through firebase-js-sdk) the filter built here for the same names and
 * rate is the same bytes, padding and hash count, and answers membership as the golden results
 * say, reading bits the way the SDK's BloomFilter.mightContain does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bitIndexes, bloomFilterOf, bloomFilterSize, type BloomFilterJson } from './bloom-filter.js';

const GOLDENS = new URL('../../../test/fixtures/bloom-filter-goldens/', import.meta.url);
const PREFIX = 'projects/project-1/databases/database-1/documents/coll/doc';

function golden(name: string): { filter: BloomFilterJson; results: string } {
  const filter = JSON.parse(readFileSync(new URL(`MD5_${name}_bloom_filter_proto.json`, GOLDENS), 'utf8')) as BloomFilterJson;
  const { membershipTestResults } = JSON.parse(readFileSync(new URL(`MD5_${name}_membership_test_result.json`, GOLDENS), 'utf8')) as { membershipTestResults: string };
  return { filter, results: membershipTestResults };
}

/** The SDK's reading: bitCount = bytes * 8 - padding; bit n is byte n >> 3, mask 1 << (n & 7). */
function mightContain(filter: BloomFilterJson, name: string): boolean {
  const bitmap = Buffer.from(filter.bits.bitmap, 'base64');
  const bitCount = bitmap.length * 8 - filter.bits.padding;
  if (bitCount === 0) return false;
  return bitIndexes(name, bitCount, filter.hashCount).every((index) => (bitmap[index >> 3]! & (1 << (index & 7))) !== 0);
}

const CASES: Array<[string, number, number]> = [
  ['1_01', 1, 0.01],
  ['1_0001', 1, 0.0001],
  ['500_01', 500, 0.01],
  ['500_0001', 500, 0.0001],
  ['5000_01', 5000, 0.01],
];

describe('bloom filters as production builds them', () => {
  for (const [name, count, rate] of CASES) {
    it(`${count} names at rate ${rate}: the same bitmap, padding and hash count, and the same membership answers`, () => {
      const { filter, results } = golden(name);
      const names = Array.from({ length: count }, (_, i) => `${PREFIX}${i}`);
      const built = bloomFilterOf(names, rate);
      expect(built.hashCount).toBe(filter.hashCount);
      expect(built.bits.padding).toBe(filter.bits.padding ?? 0);
      expect(built.bits.bitmap).toBe(filter.bits.bitmap);
      const answers = Array.from({ length: results.length }, (_, i) => (mightContain(built, `${PREFIX}${i}`) ? '1' : '0')).join('');
      expect(answers).toBe(results);
    });
  }

  it('is empty for no names (no bits, no padding, no hashes), which the SDK reads as "contains nothing"', () => {
    expect(bloomFilterOf([])).toEqual({ bits: { bitmap: '', padding: 0 }, hashCount: 0 });
    expect(mightContain(bloomFilterOf([]), `${PREFIX}0`)).toBe(false);
  });

  it('hashes the UTF-8 bytes of a name (accents decomposed or not, and a character outside the BMP, are distinct names)', () => {
    const names = ['e\u0301', '\u00e9', 'Smiley_\u{1F600}'].map((id) => `${PREFIX}${id}`);
    const filter = bloomFilterOf(names.slice(0, 2));
    for (const name of names.slice(0, 2)) expect(mightContain(filter, name)).toBe(true);
    expect(mightContain(bloomFilterOf([names[2]!]), names[2]!)).toBe(true);
    expect(bitIndexes(names[0]!, 1009, 7)).not.toEqual(bitIndexes(names[1]!, 1009, 7));
  });

  it('sizes 50 names with some padding (a prime bit count), as the SDK suite expects of Watch', () => {
    const { bitCount, hashCount } = bloomFilterSize(50);
    expect(bitCount % 8).not.toBe(0);
    expect(hashCount).toBeGreaterThan(0);
  });
});
