/**
 * Large bodies never sit in the Storage emulator's memory. The emulator runs in a child
 * process (a stack with a data folder) and its resident memory is read from /proc: a
 * 400 MB anonymous upload that the rules deny (raw and multipart) is refused before its
 * body is read, an upload declaring more than the size limit (raw, Firebase resumable,
 * GCS resumable) is refused from its declared size, with the status and body the SDKs
 * read; and an allowed 160 MB upload and its download stream through the disk.
 */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChildStack, type ChildStack } from './child-stack.js';

const PROJECT = 'demo-memory';
const BUCKET = `${PROJECT}.appspot.com`;
const MB = 1024 * 1024;
/** "A few MB": what the emulator may grow by while a refused large body goes by. */
const FLAT_BYTES = 8 * MB;
const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /{path=**} {
      allow read: if true;
      allow write: if request.auth != null;
    }
  }
}`;
/** A signed-in caller (an unsigned emulator ID token, as the SDKs send with a mock user). */
const SIGNED_IN = `Bearer ${[{ alg: 'none', typ: 'JWT' }, { sub: 'ana', user_id: 'ana', aud: PROJECT, iss: `https://securetoken.google.com/${PROJECT}`, iat: 0, exp: 9_999_999_999, firebase: { sign_in_provider: 'password' } }]
  .map((part) => Buffer.from(JSON.stringify(part)).toString('base64url'))
  .join('.')}.`;

let dataDir: string;
let child: ChildStack;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'encore-storage-memory-'));
  child = await startChildStack({ dataDir, projectId: PROJECT, rules: { storage: RULES } });
  // Warm up every path measured below, so first-use compilation is not counted.
  await send({ path: objectPath('warm/raw'), headers: { 'Content-Type': 'text/plain' }, length: 1000 });
  await send({ path: objectPath('warm/raw'), headers: { 'Content-Type': 'text/plain', Authorization: SIGNED_IN }, length: 1000 });
  await fetch(`http://${child.hosts.storage}/v0/b/${BUCKET}/o/warm%2Fraw?alt=media`).then((response) => response.arrayBuffer());
});

afterAll(async () => {
  await child?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

const objectPath = (name: string) => `/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`;

interface Sent {
  status: number;
  body: string;
  /** Body bytes the client had sent when the answer came. */
  bytesSentBeforeAnswer: number;
}

/**
 * Sends a request whose body is `length` bytes generated on the fly (1 MB at a time, only as
 * fast as the socket takes them), after `prefix`; resolves with the answer as soon as it comes.
 */
function send(options: { path: string; method?: string; headers: Record<string, string | number>; length: number; prefix?: Buffer; declaredLength?: number }): Promise<Sent> {
  const prefix = options.prefix ?? Buffer.alloc(0);
  let bytesSent = 0;
  const body = Readable.from(
    (function* () {
      if (prefix.byteLength > 0) yield prefix;
      for (let left = options.length; left > 0; left -= MB) yield Buffer.alloc(Math.min(MB, left), 0x61);
    })(),
  ).on('data', (chunk: Buffer) => (bytesSent += chunk.byteLength));
  return new Promise((resolve, reject) => {
    const upload = request(`http://${child.hosts.storage}${options.path}`, {
      method: options.method ?? 'POST',
      headers: { ...options.headers, 'Content-Length': options.declaredLength ?? prefix.byteLength + options.length },
    });
    upload.on('response', (response) => {
      const bytesSentBeforeAnswer = bytesSent;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        // A client that has its answer stops sending the rest.
        body.unpipe(upload);
        body.destroy();
        upload.destroy();
        resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString(), bytesSentBeforeAnswer });
      });
    });
    upload.on('error', reject);
    body.pipe(upload);
  });
}

/** Runs `work` and returns how much the child's peak resident memory rose meanwhile. */
async function peakGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  child.resetPeakMemory();
  const before = child.memory().rss;
  const result = await work();
  return { result, growth: child.memory().peak - before };
}

describe('the Storage emulator under large bodies', () => {
  it('refuses a 400 MB anonymous raw upload denied by the rules before reading it, without growing', async () => {
    const { result, growth } = await peakGrowth(() => send({ path: objectPath('big/anonymous.bin'), headers: { 'Content-Type': 'application/octet-stream' }, length: 400 * MB }));
    expect(result.status).toBe(403);
    expect(JSON.parse(result.body)).toEqual({ error: { code: 403, message: 'Permission denied. No WRITE permission.', errors: [expect.objectContaining({ reason: 'forbidden' })] } });
    expect(result.bytesSentBeforeAnswer).toBeLessThan(100 * MB);
    expect(growth).toBeLessThan(FLAT_BYTES);
  });

  it('refuses a 400 MB anonymous multipart upload once its metadata part is read, without growing', async () => {
    const boundary = 'memory-test';
    const head = Buffer.from(`--${boundary}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n{"name":"big/anonymous-multipart.bin","contentType":"image/png"}\r\n--${boundary}\r\nContent-Type: image/png\r\n\r\n`);
    const { result, growth } = await peakGrowth(() =>
      send({
        path: `/v0/b/${BUCKET}/o`,
        headers: { 'X-Goog-Upload-Protocol': 'multipart', 'Content-Type': `multipart/related; boundary=${boundary}` },
        prefix: head,
        length: 400 * MB,
        declaredLength: head.byteLength + 400 * MB + `\r\n--${boundary}--`.length,
      }),
    );
    expect(result.status).toBe(403);
    expect(JSON.parse(result.body).error).toMatchObject({ code: 403, message: 'Permission denied. No WRITE permission.' });
    expect(result.bytesSentBeforeAnswer).toBeLessThan(100 * MB);
    expect(growth).toBeLessThan(FLAT_BYTES);
  });

  it('refuses uploads that declare more than the size limit (413) before reading any body byte', async () => {
    const tooLarge = 600 * MB;
    const { result: raw, growth } = await peakGrowth(() =>
      send({ path: objectPath('big/declared.bin'), headers: { 'Content-Type': 'application/octet-stream', Authorization: SIGNED_IN }, length: tooLarge }),
    );
    expect(raw.status).toBe(413);
    expect(JSON.parse(raw.body)).toEqual({
      error: { code: 413, message: `Request body is larger than ${512 * MB} bytes`, errors: [{ message: `Request body is larger than ${512 * MB} bytes`, domain: 'global', reason: 'uploadTooLarge' }] },
    });
    expect(raw.bytesSentBeforeAnswer).toBeLessThan(100 * MB);
    expect(growth).toBeLessThan(FLAT_BYTES);

    // The resumable starts declare the size in a header: refused at the start, before a session exists.
    const firebaseStart = await fetch(`http://${child.hosts.storage}${objectPath('big/resumable.bin')}`, {
      method: 'POST',
      headers: { Authorization: SIGNED_IN, 'X-Goog-Upload-Protocol': 'resumable', 'X-Goog-Upload-Command': 'start', 'X-Goog-Upload-Header-Content-Length': String(tooLarge) },
      body: '{}',
    });
    expect(firebaseStart.status).toBe(413);
    expect((await firebaseStart.json()).error).toMatchObject({ code: 413, errors: [{ reason: 'uploadTooLarge' }] });
    const gcsStart = await fetch(`http://${child.hosts.storage}/upload/storage/v1/b/${BUCKET}/o?uploadType=resumable&name=big%2Fgcs.bin`, {
      method: 'POST',
      headers: { 'X-Upload-Content-Length': String(tooLarge), 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(gcsStart.status).toBe(413);
    expect((await gcsStart.json()).error).toMatchObject({ code: 413, errors: [{ reason: 'uploadTooLarge' }] });
  });

  it('streams an allowed 160 MB upload to disk and its download from disk, holding well under half of it', async () => {
    // Node frees the socket's buffers only at its next GC (it lets up to 64 MB of them pile up), so the
    // object must be much larger than that for the figure to tell streaming from buffering.
    const size = 160 * MB;
    const expectedMd5 = createHash('md5');
    for (let left = size; left > 0; left -= MB) expectedMd5.update(Buffer.alloc(Math.min(MB, left), 0x61));
    const { result: upload, growth: uploadGrowth } = await peakGrowth(() =>
      send({ path: objectPath('big/allowed.bin'), headers: { 'Content-Type': 'application/octet-stream', Authorization: SIGNED_IN }, length: size }),
    );
    expect(upload.status).toBe(200);
    expect(JSON.parse(upload.body)).toMatchObject({ size: String(size), md5Hash: expectedMd5.copy().digest('base64') });
    expect(uploadGrowth).toBeLessThan(size / 2);

    const { result: downloaded, growth: downloadGrowth } = await peakGrowth(async () => {
      const response = await fetch(`http://${child.hosts.storage}/v0/b/${BUCKET}/o/big%2Fallowed.bin?alt=media`);
      const hash = createHash('md5');
      let bytes = 0;
      const reader = response.body!.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        hash.update(read.value);
        bytes += read.value.byteLength;
      }
      return { bytes, md5: hash.digest('base64') };
    });
    expect(downloaded).toEqual({ bytes: size, md5: expectedMd5.digest('base64') });
    expect(downloadGrowth).toBeLessThan(size / 2);
  });
});
