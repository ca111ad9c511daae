/**
 * The Firebase API (`/v0`) where Firebase's own Storage-emulator conformance suite found us
 * answering differently from the official emulator: download-token requests, gzip-stored
 * objects, the default Content-Disposition, a resumable finalize refused by the rules and a
 * multipart upload with the wrong Content-Type. Raw HTTP, as that suite calls it.
 */
import { request as httpRequest } from 'node:http';
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
  it('create_token=true adds a token next to the existing one; delete_token revokes just that one, the last one replaced by a new one', async () => {
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
    // Deleting the last one puts a new one in its place (an object read through Firebase always has a link).
    const last = await fetch(objectUrl('tokens/a.txt', `?delete_token=${tokens[1]}`), { method: 'POST', headers: OWNER });
    const remaining = ((await last.json()) as { downloadTokens: string }).downloadTokens.split(',');
    expect(remaining).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    expect(remaining[0]).not.toBe(tokens[1]);
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

/** A GET with exactly these headers (fetch would add Accept-Encoding and gunzip by itself), the body raw. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

describe('objects stored gzip-encoded', () => {
  const text = 'festival '.repeat(200);
  const gzipped = gzipSync(Buffer.from(text));

  beforeAll(async () => {
    const response = await fetch(`${harness.origin}/upload/storage/v1/b/${BUCKET}/o?uploadType=media&name=gz/lineup.txt&contentEncoding=gzip`, {
      method: 'POST',
      headers: { ...OWNER, 'Content-Type': 'text/plain' },
      body: gzipped,
    });
    expect(response.status).toBe(200);
  });

  it('a media upload with contentEncoding=gzip stores that encoding (and the compressed bytes)', async () => {
    const [metadata] = await harness.adminBucket().file('gz/lineup.txt').getMetadata();
    expect(metadata.contentEncoding).toBe('gzip');
    expect(Number(metadata.size)).toBe(gzipped.byteLength);
  });

  it('is served decompressed to a client that does not accept gzip, whole whatever the Range', async () => {
    const variants: Array<Record<string, string>> = [{}, { 'Accept-Encoding': 'identity' }, { 'Accept-Encoding': 'gzip;q=0' }, { 'Accept-Encoding': 'identity', Range: 'bytes=0-3' }];
    for (const headers of variants) {
      const reply = await rawGet(objectUrl('gz/lineup.txt', '?alt=media'), headers);
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.headers['x-goog-stored-content-encoding']).toBe('gzip');
      expect(reply.body.toString()).toBe(text);
    }
  });

  it('is served as stored, gzip-encoded, to a client that accepts gzip (ranges too)', async () => {
    const reply = await rawGet(objectUrl('gz/lineup.txt', '?alt=media'), { 'Accept-Encoding': 'gzip, deflate' });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.body.equals(gzipped)).toBe(true);
    const part = await rawGet(objectUrl('gz/lineup.txt', '?alt=media'), { 'Accept-Encoding': 'gzip', Range: 'bytes=0-3' });
    expect([part.status, part.body.equals(gzipped.subarray(0, 4))]).toEqual([206, true]);
  });

  it('@google-cloud/storage downloads it decompressed, its checksums validated', async () => {
    const [bytes] = await harness.adminBucket().file('gz/lineup.txt').download();
    expect(bytes.toString()).toBe(text);
    const [saved] = await harness.adminBucket().file('gz/saved.txt').save(text, { gzip: true, resumable: false }).then(() => harness.adminBucket().file('gz/saved.txt').download());
    expect(saved.toString()).toBe(text);
  });
});
