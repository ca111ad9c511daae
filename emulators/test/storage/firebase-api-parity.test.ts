/**
 * The Firebase API (`/v0`) where Firebase's own Storage-emulator conformance suite found us
 * answering differently from the official emulator: download-token requests, gzip-stored
 * objects, the default Content-Disposition, a resumable finalize refused by the rules and a
 * multipart upload with the wrong Content-Type. Raw HTTP, as that suite calls it.
 */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;

beforeAll(async () => {
  harness = await startStorageHarness();
});

afterAll(async () => {
  await harness.close();
});

const objectUrl = (name: string, query = '') => `${harness.origin}/v0/b/${BUCKET}/o/${encodeURIComponent(name)}${query}`;
const OWNER = { Authorization: 'Bearer owner' };

async function tokensOf(name: string): Promise<string[]> {
  const [metadata] = await harness.adminBucket().file(name).getMetadata();
  return String(metadata.metadata?.firebaseStorageDownloadTokens ?? '').split(',').filter((token) => token !== '');
}

describe('download tokens (create_token / delete_token)', () => {
  it('create_token=true adds a token next to the existing one, and delete_token revokes just that one', async () => {
    await harness.adminBucket().file('tokens/a.txt').save('a', { metadata: { metadata: { firebaseStorageDownloadTokens: 'first' } } });
    const created = await fetch(objectUrl('tokens/a.txt', '?create_token=true'), { method: 'POST', headers: OWNER });
    expect(created.status).toBe(200);
    const body = (await created.json()) as { downloadTokens: string; name: string };
    const tokens = body.downloadTokens.split(',');
    expect(tokens).toHaveLength(2);
    expect(tokens[0]).toBe('first');
    expect(await tokensOf('tokens/a.txt')).toEqual(tokens);
    // The bytes are untouched: this is not an upload.
    expect((await harness.adminBucket().file('tokens/a.txt').download())[0].toString()).toBe('a');
    const deleted = await fetch(objectUrl('tokens/a.txt', '?delete_token=first'), { method: 'POST', headers: OWNER });
    expect(deleted.status).toBe(200);
    expect(await tokensOf('tokens/a.txt')).toEqual([tokens[1]]);
  });

  it('a create_token other than "true" is a 400; a missing object a 404', async () => {
    await harness.adminBucket().file('tokens/b.txt').save('b');
    expect((await fetch(objectUrl('tokens/b.txt', '?create_token=yes'), { method: 'POST', headers: OWNER })).status).toBe(400);
    expect((await fetch(objectUrl('tokens/none.txt', '?create_token=true'), { method: 'POST', headers: OWNER })).status).toBe(404);
  });

  it('anyone but an admin, with a user token, a non-JWT bearer or none, gets 403 Missing admin credentials', async () => {
    await harness.adminBucket().file('tokens/c.txt').save('c');
    const before = await tokensOf('tokens/c.txt');
    const user = `Firebase e30.${Buffer.from(JSON.stringify({ sub: 'ana' })).toString('base64url')}.`;
    for (const headers of [{ Authorization: user }, { Authorization: 'Bearer not-a-jwt' }, {}] as Array<Record<string, string>>) {
      const response = await fetch(objectUrl('tokens/c.txt', '?create_token=true'), { method: 'POST', headers });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe('Missing admin credentials.');
    }
    expect(await tokensOf('tokens/c.txt')).toEqual(before);
  });
});
