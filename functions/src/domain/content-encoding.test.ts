import { describe, expect, it } from 'vitest';
import { acceptsGzip, gzipEtag, identityEtags, notModified } from './content-encoding.js';

describe('gzip content negotiation', () => {
  it('accepts gzip when the client names it or *, unless with q=0', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0, br')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
  });

  it('gives the gzip representation its own ETag, and a revalidation naming it still matches the bundle', () => {
    const etag = '"abc123"';
    expect(gzipEtag(etag)).toBe('"abc123-gzip"');
    expect(notModified(identityEtags(gzipEtag(etag)), etag)).toBe(true);
    expect(notModified(identityEtags(`W/${gzipEtag(etag)}, "other"`), etag)).toBe(true);
    expect(notModified(identityEtags(gzipEtag('"older"')), etag)).toBe(false);
    expect(identityEtags(undefined)).toBeUndefined();
  });
});
