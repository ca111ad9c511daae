import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashObject } from './hashes.js';

describe('hashObject', () => {
  it('gives the CRC32C (Castagnoli, big-endian, base64) and MD5 GCS clients check', () => {
    // Values @google-cloud/storage computes for these bytes.
    expect(hashObject(Buffer.from('hello admin')).crc32c).toBe('SH55+w==');
    expect(hashObject(Buffer.from('123456789')).crc32c).toBe(Buffer.from('e3069283', 'hex').toString('base64'));
    expect(hashObject(Buffer.alloc(0))).toEqual({ crc32c: 'AAAAAA==', md5Hash: createHash('md5').digest('base64') });
  });
});
