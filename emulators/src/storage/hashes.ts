/** The two checksums GCS keeps per object, in its wire form (base64 of the raw digest). */
import { createHash } from 'node:crypto';
import { createCRC32 } from 'hash-wasm';

/** The Castagnoli polynomial (reversed), which makes hash-wasm's CRC32 a CRC32C. */
const CASTAGNOLI = 0x82f63b78;

// One WebAssembly hasher, used synchronously (init, update, digest) so calls never interleave.
// About 20x faster than a table-driven JS CRC, which dominated large uploads.
const crc32cHasher = await createCRC32(CASTAGNOLI);

export interface ObjectHashes {
  /** Base64 of the 16-byte MD5 digest. */
  md5Hash: string;
  /** Base64 of the big-endian uint32 CRC32C. @google-cloud/storage deletes an upload when this is wrong. */
  crc32c: string;
}

export function hashObject(data: Uint8Array): ObjectHashes {
  crc32cHasher.init();
  crc32cHasher.update(data);
  return {
    md5Hash: createHash('md5').update(data).digest('base64'),
    crc32c: Buffer.from(crc32cHasher.digest('binary')).toString('base64'),
  };
}
