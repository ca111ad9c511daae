/**
 * Form uploads to `POST /{bucket}` (HTML forms and signed POST policies), raw HTTP as a
 * browser form or the conformance suite sends them: the key and metadata from the fields,
 * the policy document's expiration and conditions held, the rules for unsigned forms.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUCKET, startStorageHarness, type StorageHarness } from './harness.js';

let harness: StorageHarness;

beforeAll(async () => {
  harness = await startStorageHarness();
  harness.emulator.setRules(`rules_version = '2';
service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read: if true; allow create: if request.auth != null; } } }`);
});

afterAll(async () => {
  await harness.close();
});

function policy(conditions: unknown[], expiresInMs = 60_000): string {
  return Buffer.from(JSON.stringify({ expiration: new Date(Date.now() + expiresInMs).toISOString(), conditions })).toString('base64');
}

function form(fields: Record<string, string>, file: { name: string; type: string; bytes: string } | undefined): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  if (file) data.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  return data;
}

const post = (body: FormData | string, headers: Record<string, string> = {}) => fetch(`${harness.origin}/${BUCKET}`, { method: 'POST', body, headers });
const signed = (conditions: unknown[], expiresInMs?: number) => ({ policy: policy(conditions, expiresInMs), 'x-goog-signature': 'ab12', 'x-goog-algorithm': 'GOOG4-RSA-SHA256' });

describe('POST /{bucket} form uploads', () => {
  it('a signed policy form stores the file under its key, with the metadata fields, answering 204', async () => {
    const response = await post(
      form(
        { key: 'forms/${filename}', 'Content-Type': 'text/plain', 'Cache-Control': 'no-cache', 'x-goog-meta-festival': 'encore', ...signed([{ bucket: BUCKET }, ['starts-with', '$key', 'forms/'], ['content-length-range', 1, 100]]) },
        { name: 'lineup.txt', type: 'application/octet-stream', bytes: 'the nightjars' },
      ),
    );
    expect(response.status).toBe(204);
    const [metadata] = await harness.adminBucket().file('forms/lineup.txt').getMetadata();
    expect(metadata).toMatchObject({ contentType: 'text/plain', cacheControl: 'no-cache', metadata: { festival: 'encore' }, size: '13' });
    expect((await harness.adminBucket().file('forms/lineup.txt').download())[0].toString()).toBe('the nightjars');
  });

  it('success_action_status 201 answers the XML with bucket, key and etag', async () => {
    const response = await post(form({ key: 'forms/b.txt', success_action_status: '201', ...signed([]) }, { name: 'b.txt', type: 'text/plain', bytes: 'b' }));
    expect(response.status).toBe(201);
    expect(await response.text()).toMatch(new RegExp(`<Bucket>${BUCKET}</Bucket><Key>forms/b.txt</Key><ETag>"[^"]+"</ETag>`));
  });

  it('an expired policy, an unmet condition or a file outside content-length-range is a 400 that stores nothing', async () => {
    const file = { name: 'c.txt', type: 'text/plain', bytes: 'hello' };
    const expired = await post(form({ key: 'forms/c.txt', ...signed([], -1000) }, file));
    expect([expired.status, ((await expired.json()) as { error: { message: string } }).error.message]).toEqual([400, 'Invalid according to Policy: Policy expired.']);
    expect((await post(form({ key: 'other/c.txt', ...signed([['starts-with', '$key', 'forms/']]) }, file))).status).toBe(400);
    expect((await post(form({ key: 'forms/c.txt', ...signed([['content-length-range', 0, 3]]) }, file))).status).toBe(400);
    expect((await harness.adminBucket().file('forms/c.txt').exists())[0]).toBe(false);
  });

  it('a form without a policy is judged by the rules as its Authorization header\'s caller', async () => {
    const file = { name: 'd.txt', type: 'text/plain', bytes: 'd' };
    expect((await post(form({ key: 'forms/d.txt' }, file))).status).toBe(403);
    const user = `Bearer e30.${Buffer.from(JSON.stringify({ sub: 'ana' })).toString('base64url')}.`;
    expect((await post(form({ key: 'forms/d.txt' }, file), { Authorization: user })).status).toBe(204);
  });

  it('refuses a body that is not a form, a form without key or file, and a file that is not the last field', async () => {
    const notForm = await post('key=x', { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect([notForm.status, ((await notForm.json()) as { error: { message: string } }).error.message]).toEqual([400, expect.stringContaining('Bad content type.')]);
    expect((await post(form({ key: 'forms/e.txt', ...signed([]) }, undefined))).status).toBe(400);
    expect((await post(form(signed([]), { name: 'e.txt', type: 'text/plain', bytes: 'e' }))).status).toBe(400);
    const late = new FormData();
    late.append('key', 'forms/e.txt');
    late.append('file', new Blob(['e']), 'e.txt');
    late.append('policy', policy([]));
    expect((await post(late)).status).toBe(400);
    expect((await harness.adminBucket().file('forms/e.txt').exists())[0]).toBe(false);
  });
});
