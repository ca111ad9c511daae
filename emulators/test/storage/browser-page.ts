/**
 * Browser entry for `browser.test.ts`: the web SDK's browser build (XHR transport, CORS)
 * driving the emulator from another origin. Results cross back as plain JSON.
 */
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import {
  connectStorageEmulator,
  deleteObject,
  getDownloadURL,
  getMetadata,
  getStorage,
  listAll,
  ref,
  updateMetadata,
  uploadBytes,
  uploadBytesResumable,
  type FirebaseStorage,
} from 'firebase/storage';
import { exposeToHarness } from '../browser/page-api.js';

let app: FirebaseApp | undefined;
let storage: FirebaseStorage;

function bytesOf(length: number): Uint8Array<ArrayBuffer> {
  return Uint8Array.from({ length }, (_, index) => (index * 7 + (index >> 8)) & 0xff);
}

async function sha256(data: ArrayBuffer | Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', data);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

exposeToHarness({
  async connect(port: number) {
    if (app) await deleteApp(app);
    app = initializeApp({ projectId: 'demo-encore', storageBucket: 'demo-encore.appspot.com', apiKey: 'fake-api-key' });
    storage = getStorage(app);
    connectStorageEmulator(storage, '127.0.0.1', port, { mockUserToken: { sub: 'browser-user' } });
  },

  /** A resumable upload (needs the exposed X-Goog-Upload-* headers), then a download through the token URL. */
  async resumableRoundTrip(path: string, size: number) {
    const data = bytesOf(size);
    const progress: number[] = [];
    const task = uploadBytesResumable(ref(storage, path), data, { contentType: 'application/x-encore' });
    task.on('state_changed', (snapshot) => progress.push(snapshot.bytesTransferred));
    const result = await task;
    const url = await getDownloadURL(ref(storage, path));
    const downloaded = await (await fetch(url)).arrayBuffer();
    return {
      size: result.metadata.size,
      contentType: result.metadata.contentType,
      progress,
      sentHash: await sha256(data),
      downloadedHash: await sha256(downloaded),
    };
  },

  /** Multipart upload, a PATCH (preflighted), listing, delete and the not-found error. */
  async metadataAndListing() {
    await uploadBytes(ref(storage, 'browser/list/a.txt'), bytesOf(10));
    await uploadBytes(ref(storage, 'browser/list/sub/b.txt'), bytesOf(20));
    const updated = await updateMetadata(ref(storage, 'browser/list/a.txt'), { customMetadata: { seen: 'yes' } });
    const listing = await listAll(ref(storage, 'browser/list'));
    await deleteObject(ref(storage, 'browser/list/a.txt'));
    return {
      custom: updated.customMetadata,
      items: listing.items.map((item) => item.fullPath),
      prefixes: listing.prefixes.map((prefix) => prefix.fullPath),
      afterDelete: await codeOf(getMetadata(ref(storage, 'browser/list/a.txt'))),
    };
  },

  /** Cancels a resumable upload after its first chunk. */
  async cancelUpload(path: string) {
    const task = uploadBytesResumable(ref(storage, path), bytesOf(1_500_000));
    task.on('state_changed', (snapshot) => {
      if (snapshot.bytesTransferred > 0) task.cancel();
    });
    return { upload: await codeOf(task.then(() => undefined)), afterwards: await codeOf(getMetadata(ref(storage, path))) };
  },
});
