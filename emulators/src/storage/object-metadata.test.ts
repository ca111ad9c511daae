import { describe, expect, it } from 'vitest';
import { hashObject } from './hashes.js';
import { newObjectMetadata, parseMetadataPatch, updatedObjectMetadata } from './object-metadata.js';

const bytes = (text: string) => ({ size: Buffer.byteLength(text), hashes: hashObject(Buffer.from(text)) });

const base = () =>
  newObjectMetadata({
    bucket: 'b',
    name: 'n',
    ...bytes('x'),
    patch: parseMetadataPatch({ contentType: 'text/plain', metadata: { a: '1', n: 2 } }),
    generation: '1',
    now: '2026-01-01T00:00:00.000Z',
    firebaseDefaults: false,
  });

describe('object metadata', () => {
  it('stringifies scalar custom values and defaults the content type', () => {
    expect(base().customMetadata).toEqual({ a: '1', n: '2' });
    expect(newObjectMetadata({ bucket: 'b', name: 'n', ...bytes(''), patch: {}, generation: '1', now: 'now', firebaseDefaults: false }).contentType).toBe(
      'application/octet-stream',
    );
  });

  it('gives Firebase API uploads a download token and inline disposition', () => {
    const metadata = newObjectMetadata({ bucket: 'b', name: 'n', ...bytes(''), patch: {}, generation: '1', now: 'now', firebaseDefaults: true });
    expect(metadata.downloadTokens).toHaveLength(1);
    expect(metadata.contentDisposition).toBe('inline');
  });

  it('merges updates: null deletes a key or field, the token key replaces the token list', () => {
    const updated = updatedObjectMetadata(
      base(),
      parseMetadataPatch({ contentType: null, cacheControl: 'no-cache', metadata: { a: null, firebaseStorageDownloadTokens: 't1,t2' } }),
      'later',
    );
    expect(updated).toMatchObject({ contentType: 'application/octet-stream', cacheControl: 'no-cache', customMetadata: { n: '2' }, downloadTokens: ['t1', 't2'], metageneration: 2, updated: 'later' });
    expect(updatedObjectMetadata(updated, parseMetadataPatch({ metadata: null }), 'x')).toMatchObject({ customMetadata: {}, downloadTokens: [] });
  });

  it('rejects shapes the services reject and hashes that do not match the bytes', () => {
    for (const bad of ['x', [1], { contentType: 1 }, { metadata: [] }, { metadata: { k: {} } }, { contentType: 'text/plain\r\nX-Evil: 1' }, { cacheControl: '✓' }]) {
      expect(() => parseMetadataPatch(bad)).toThrow(expect.objectContaining({ status: 400 }));
    }
    expect(() =>
      newObjectMetadata({ bucket: 'b', name: 'n', ...bytes('x'), patch: { md5Hash: 'bad' }, generation: '1', now: 'now', firebaseDefaults: false }),
    ).toThrow(/MD5/);
  });
});
