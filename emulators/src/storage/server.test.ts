import { describe, expect, it } from 'vitest';
import { route } from './server.js';

describe('route', () => {
  it('maps each API prefix, including the GCS client\'s bare base URL', () => {
    expect(route(['v0', 'b', 'bk', 'o', 'a/b'])).toEqual({ api: 'firebase', bucket: 'bk', object: 'a/b' });
    expect(route(['v0', 'b', 'bk', 'o'])).toEqual({ api: 'firebase', bucket: 'bk', object: undefined });
    expect(route(['b', 'bk', 'o', 'x'])).toEqual({ api: 'gcs-objects', bucket: 'bk', object: 'x' });
    expect(route(['storage', 'v1', 'b', 'bk', 'o'])).toEqual({ api: 'gcs-objects', bucket: 'bk', object: undefined });
    expect(route(['download', 'storage', 'v1', 'b', 'bk', 'o', 'x'])).toEqual({ api: 'gcs-objects', bucket: 'bk', object: 'x' });
    expect(route(['upload', 'storage', 'v1', 'b', 'bk', 'o'])).toEqual({ api: 'gcs-upload', bucket: 'bk', object: undefined });
  });

  it('recognises copies between two encoded names, on the GCS API only', () => {
    expect(route(['b', 'src', 'o', 'a/b', 'rewriteTo', 'b', 'dst', 'o', 'c/d'])).toEqual({
      api: 'gcs-copy',
      bucket: 'src',
      object: 'a/b',
      destination: { bucket: 'dst', object: 'c/d', rewrite: true },
    });
    expect(route(['storage', 'v1', 'b', 'src', 'o', 'a', 'copyTo', 'b', 'dst', 'o', 'c'])?.destination?.rewrite).toBe(false);
    expect(route(['v0', 'b', 'src', 'o', 'a', 'copyTo', 'b', 'dst', 'o', 'c'])).toBeUndefined();
  });

  it('joins raw slashes back into the object name and rejects other paths', () => {
    expect(route(['v0', 'b', 'bk', 'o', 'dir', 'file.txt'])?.object).toBe('dir/file.txt');
    expect(route(['v0', 'b', 'bk'])).toBeUndefined();
    expect(route(['upload', 'storage', 'v1', 'b', 'bk', 'o', 'x'])).toBeUndefined();
    expect(route(['elsewhere'])).toBeUndefined();
  });
});
