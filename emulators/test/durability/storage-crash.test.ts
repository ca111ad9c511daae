/**
 * Storage with a data folder survives `kill -9`: a stack runs in a child process; uploads
 * through @google-cloud/storage (multipart and resumable) and the web SDK in Node (multipart
 * and resumable), metadata updates and deletes are counted as they are acknowledged; a
 * resumable upload and a raw upload are left half-sent; the child's process group is killed
 * mid-burst. The stack restarted on the same folder has every acknowledged object
 * byte-identical with its metadata (custom metadata, content type, download tokens,
 * generation, metageneration), and neither half-sent upload.
 */
import { createHash, randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deleteApp as deleteAdminApp, initializeApp as initializeAdminApp } from 'firebase-admin/app';
import { getStorage as getAdminStorage } from 'firebase-admin/storage';
import { deleteApp, initializeApp } from 'firebase/app';
import { connectStorageEmulator, getDownloadURL, getStorage, ref, uploadBytes, uploadBytesResumable, type UploadTask } from 'firebase/storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_DATA } from '../../src/stack/stack.js';
import { startChildStack, writeUntilKilled, type ChildStack } from './child-stack.js';

const PROJECT = 'demo-crash';
const BUCKET = `${PROJECT}.appspot.com`;
const ACKS_BEFORE_KILL = 40;

let dataDir: string;
const cleanups: Array<() => Promise<unknown>> = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'encore-storage-crash-'));
});

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  await rm(dataDir, { recursive: true, force: true });
});

/** firebase-admin's bucket (@google-cloud/storage underneath) on the child's Storage. */
function adminBucket(child: ChildStack) {
  process.env.STORAGE_EMULATOR_HOST = `http://${child.hosts.storage}`;
  const app = initializeAdminApp({ projectId: PROJECT, storageBucket: BUCKET }, `admin-${randomUUID()}`);
  cleanups.push(() => deleteAdminApp(app));
  return getAdminStorage(app).bucket();
}

function webStorage(child: ChildStack) {
  const app = initializeApp({ projectId: PROJECT, storageBucket: BUCKET, apiKey: 'fake-api-key' }, `web-${randomUUID()}`);
  cleanups.push(() => deleteApp(app));
  const storage = getStorage(app);
  const [host, port] = child.hosts.storage.split(':');
  connectStorageEmulator(storage, host!, Number(port));
  return storage;
}

/** What an acknowledged object must look like after the restart. */
interface Expected {
  bytes: Buffer;
  generation: string;
  metageneration: string;
  md5Hash: string;
  contentType: string;
  metadata: Record<string, string>;
}

const randomBytesOf = (size: number, seed: number) => {
  const bytes = Buffer.alloc(size);
  for (let index = 0; index < size; index++) bytes[index] = (index * 131 + seed * 17 + (index >> 8)) & 0xff;
  return bytes;
};
const md5 = (bytes: Buffer) => createHash('md5').update(bytes).digest('base64');

/** Starts a raw upload and sends only `sent` of its `total` bytes; resolves once the emulator holds them. */
async function halfSentRawUpload(child: ChildStack, name: string, total: number, sent: number): Promise<void> {
  const upload = request(`http://${child.hosts.storage}/v0/b/${BUCKET}/o?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': total },
  });
  upload.on('error', () => undefined); // the kill resets it
  upload.write(randomBytesOf(sent, 9));
  const incoming = join(dataDir, STORAGE_DATA, 'incoming');
  for (;;) {
    const sizes = await Promise.all((await readdir(incoming)).map((file) => stat(join(incoming, file)).then((stats) => stats.size, () => 0)));
    if (sizes.includes(sent)) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('Storage with a data folder', () => {
  it('keeps every upload, metadata change and delete acknowledged before kill -9, and no half-sent upload', async () => {
    const first = await startChildStack({ dataDir, projectId: PROJECT });
    const bucket = adminBucket(first);
    const web = webStorage(first);

    // Two uploads left half-sent when the kill comes: a paused web SDK resumable upload and a raw POST.
    let paused: UploadTask | undefined;
    await new Promise<void>((resolve, reject) => {
      const task = uploadBytesResumable(ref(web, 'half/resumable.bin'), randomBytesOf(3_000_000, 7), { customMetadata: { half: 'yes' } });
      task.on(
        'state_changed',
        (snapshot) => {
          if (snapshot.bytesTransferred > 0 && !paused) {
            paused = task;
            task.pause();
          }
          if (snapshot.state === 'paused') resolve();
        },
        reject,
      );
    });
    await halfSentRawUpload(first, 'half/raw.bin', 2_000_000, 1_000_000);

    const expected = new Map<string, Expected>();
    const deleted = new Set<string>();
    const attempted = new Set<string>();
    /** Objects with a metadata change or delete sent but not acknowledged: either outcome is right. */
    const inFlight = new Map<string, 'metadata' | 'delete'>();
    let acks = 0;
    let killed: Promise<void> | undefined;
    const ack = () => {
      acks += 1;
      if (acks === ACKS_BEFORE_KILL) killed = first.kill();
    };
    let next = 0;
    const writers: Array<() => Promise<void>> = [
      async () => {
        const n = next++;
        const name = `admin/multipart-${n}.jpg`;
        const bytes = randomBytesOf(20_000 + n * 3_000, n);
        attempted.add(name);
        const file = bucket.file(name);
        await file.save(bytes, { resumable: false, contentType: 'image/jpeg', metadata: { metadata: { performanceId: `p${n}` } } });
        expected.set(name, { bytes, ...pick(file.metadata) });
        ack();
      },
      async () => {
        const n = next++;
        const name = `admin/resumable-${n}.bin`;
        const bytes = randomBytesOf(300_000 + n * 1_000, n);
        attempted.add(name);
        const file = bucket.file(name);
        await file.save(bytes, { resumable: true, contentType: 'application/x-test', metadata: { metadata: { take: String(n) } } });
        expected.set(name, { bytes, ...pick(file.metadata) });
        ack();
      },
      async () => {
        const n = next++;
        const name = `web/photo-${n}.png`;
        const bytes = randomBytesOf(50_000 + n * 500, n);
        attempted.add(name);
        const { metadata } = await uploadBytes(ref(web, name), bytes, { contentType: 'image/png', customMetadata: { owner: `u${n}` } });
        const token = await downloadToken(web, name);
        expected.set(name, {
          bytes,
          generation: metadata.generation,
          metageneration: metadata.metageneration,
          md5Hash: metadata.md5Hash!,
          contentType: metadata.contentType!,
          metadata: { owner: `u${n}`, firebaseStorageDownloadTokens: token },
        });
        ack();
      },
      async () => {
        const n = next++;
        const name = `web/resumable-${n}.bin`;
        const bytes = randomBytesOf(400_000, n);
        attempted.add(name);
        const { metadata } = await uploadBytesResumable(ref(web, name), bytes, { customMetadata: { part: 'all' } });
        const token = await downloadToken(web, name);
        expected.set(name, {
          bytes,
          generation: metadata.generation,
          metageneration: metadata.metageneration,
          md5Hash: metadata.md5Hash!,
          contentType: metadata.contentType!,
          metadata: { part: 'all', firebaseStorageDownloadTokens: token },
        });
        ack();
      },
      async () => {
        // A metadata change, then a delete, of objects acknowledged earlier.
        const admins = [...expected.keys()].filter((name) => name.startsWith('admin/') && !deleted.has(name));
        if (admins.length < 2) return new Promise((resolve) => setTimeout(resolve, 5));
        const [updated, removed] = admins.slice(-2) as [string, string];
        const file = bucket.file(updated);
        // Until the reply comes, the change may or may not have landed when the kill comes.
        inFlight.set(updated, 'metadata');
        await file.setMetadata({ metadata: { rating: '5' } });
        expected.set(updated, { ...expected.get(updated)!, ...pick(file.metadata) });
        inFlight.delete(updated);
        ack();
        inFlight.set(removed, 'delete');
        await bucket.file(removed).delete();
        deleted.add(removed);
        expected.delete(removed);
        inFlight.delete(removed);
        ack();
      },
    ];
    await writeUntilKilled(writers, () => killed);
    paused?.cancel();
    // Enough uploads were acknowledged before the kill, whether they survive or were deleted since
    // (how many the metadata-and-delete writer took depends on the machine's load: it once left 10).
    expect(expected.size + deleted.size).toBeGreaterThan(10);
    expect(deleted.size).toBeGreaterThan(0);

    const restarted = await startChildStack({ dataDir, projectId: PROJECT });
    cleanups.push(() => restarted.stop());
    const after = adminBucket(restarted);
    for (const [name, object] of expected) {
      const file = after.file(name);
      if (inFlight.get(name) === 'delete' && !(await file.exists())[0]) continue;
      const [metadata] = await file.getMetadata();
      const acknowledged = { name, generation: object.generation, metageneration: object.metageneration, md5Hash: object.md5Hash, contentType: object.contentType, metadata: object.metadata };
      const landedUnacknowledged = { ...acknowledged, metageneration: String(Number(object.metageneration) + 1), metadata: { ...object.metadata, rating: '5' } };
      expect({ name, ...pick(metadata) }).toEqual(inFlight.get(name) === 'metadata' && metadata.metageneration !== object.metageneration ? landedUnacknowledged : acknowledged);
      const [bytes] = await file.download();
      expect(md5(bytes)).toBe(md5(object.bytes));
      expect(bytes.equals(object.bytes)).toBe(true);
    }
    for (const name of deleted) expect((await after.file(name).exists())[0]).toBe(false);
    expect((await after.file('half/resumable.bin').exists())[0]).toBe(false);
    expect((await after.file('half/raw.bin').exists())[0]).toBe(false);

    // Whatever else is there was in flight at the kill, and it is whole: its bytes match its MD5.
    const [files] = await after.getFiles();
    for (const file of files) {
      expect(attempted.has(file.name) ? file.name : `unexpected ${file.name}`).toBe(file.name);
      const [bytes] = await file.download({ validation: false });
      expect(md5(bytes)).toBe(file.metadata.md5Hash);
    }
    // A web SDK download token still opens its object.
    const [webName, webObject] = [...expected].find(([name]) => name.startsWith('web/'))!;
    const token = webObject.metadata.firebaseStorageDownloadTokens!.split(',')[0];
    const response = await fetch(`http://${restarted.hosts.storage}/v0/b/${BUCKET}/o/${encodeURIComponent(webName)}?alt=media&token=${token}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(webObject.bytes)).toBe(true);
    // Nothing of the half-sent uploads is left on disk.
    expect(await readdir(join(dataDir, STORAGE_DATA, 'incoming'))).toEqual([]);
  });
});

/** The download token the web SDK's download URL carries (the upload's metadata does not show it). */
async function downloadToken(web: ReturnType<typeof getStorage>, name: string): Promise<string> {
  return new URL(await getDownloadURL(ref(web, name))).searchParams.get('token')!;
}

function pick(metadata: { generation?: unknown; metageneration?: unknown; md5Hash?: unknown; contentType?: unknown; metadata?: unknown }) {
  return {
    generation: String(metadata.generation),
    metageneration: String(metadata.metageneration),
    md5Hash: String(metadata.md5Hash),
    contentType: String(metadata.contentType),
    metadata: { ...(metadata.metadata as Record<string, string>) },
  };
}
