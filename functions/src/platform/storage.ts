import { getStorage } from 'firebase-admin/storage';
import { adminApp } from './firestore.js';

/** The object-store port: one bucket, paths as in the storage contract. */
export interface StoredObject {
  path: string;
  updated: Date;
}

/** What an upload event carries about its object, read again when the nightly job re-sends one. */
export interface ObjectFacts {
  bucket: string;
  size: number;
  generation: string;
  contentType: string | null;
}

export interface WriteOptions {
  contentType: string;
  cacheControl: string;
}

export interface Objects {
  /** The object's bytes, or null if it is gone (deleted since the event was sent). */
  read(path: string): Promise<Buffer | null>;
  write(path: string, bytes: Buffer, options: WriteOptions): Promise<void>;
  /** Deletes one object; a missing object is not an error (deletes are retried). */
  delete(path: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  list(prefix: string): Promise<StoredObject[]>;
  /** The object's size, generation and content type, or null if it is gone. */
  describe(path: string): Promise<ObjectFacts | null>;
  /**
   * Removes the object's Firebase download tokens (`firebaseStorageDownloadTokens`), so
   * no download URL works for it any more: reads go through the rules again. With
   * `generation`, only that generation is changed (GCS `ifGenerationMatch`). Resolves
   * false if the object (or that generation) is gone.
   */
  removeDownloadTokens(path: string, generation?: string): Promise<boolean>;
}

/** The custom metadata key Firebase Storage keeps download tokens under (comma-separated). */
export const DOWNLOAD_TOKENS_KEY = 'firebaseStorageDownloadTokens';

const isNotFound = (error: unknown) => (error as { code?: unknown }).code === 404;
const isPreconditionFailed = (error: unknown) => (error as { code?: unknown }).code === 412;

/**
 * Where browsers fetch the default bucket's public files, up to the object's name, as the web
 * app builds the address (web/src/features/photos/photo-urls.ts): Firebase Storage's REST
 * media URL, or the Storage emulator's (`emulatorHost`, `host:port`) on the emulators.
 */
export function publicFilesBase(emulatorHost: string | undefined, bucketName?: string): string {
  const bucket = getStorage(adminApp()).bucket(bucketName).name;
  const origin = emulatorHost ? `http://${emulatorHost.replace(/^https?:\/\//, '')}` : 'https://firebasestorage.googleapis.com';
  return `${origin}/v0/b/${encodeURIComponent(bucket)}/o/`;
}

export function cloudStorageObjects(bucketName?: string): Objects {
  const bucket = () => getStorage(adminApp()).bucket(bucketName);
  return {
    async read(path) {
      try {
        const [bytes] = await bucket().file(path).download();
        return bytes;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async write(path, bytes, { contentType, cacheControl }) {
      // One request with the bytes and their checksums (the library validates crc32c).
      await bucket().file(path).save(bytes, { resumable: false, contentType, metadata: { cacheControl } });
    },
    async delete(path) {
      await bucket().file(path).delete({ ignoreNotFound: true });
    },
    async deletePrefix(prefix) {
      await bucket().deleteFiles({ prefix, force: true });
    },
    async removeDownloadTokens(path, generation) {
      // GCS removes a custom metadata key set to null; the other keys stay.
      try {
        await bucket()
          .file(path)
          .setMetadata({ metadata: { [DOWNLOAD_TOKENS_KEY]: null } }, generation === undefined ? {} : { ifGenerationMatch: generation });
        return true;
      } catch (error) {
        if (isNotFound(error) || isPreconditionFailed(error)) return false;
        throw error;
      }
    },
    async describe(path) {
      try {
        const [metadata] = await bucket().file(path).getMetadata();
        return { bucket: String(metadata.bucket), size: Number(metadata.size ?? 0), generation: String(metadata.generation), contentType: metadata.contentType ?? null };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async list(prefix) {
      const [files] = await bucket().getFiles({ prefix, autoPaginate: true });
      return files.map((file) => ({ path: file.name, updated: new Date(String(file.metadata.updated ?? file.metadata.timeCreated ?? 0)) }));
    },
  };
}
