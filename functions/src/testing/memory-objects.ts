import { DOWNLOAD_TOKENS_KEY, type ObjectFacts, type Objects, type StoredObject, type WriteOptions } from '../platform/storage.js';

interface MemoryFile {
  bytes: Buffer;
  options: WriteOptions | null;
  updated: Date;
  generation: string;
  /** Custom metadata, download tokens included (as GCS keeps them). */
  metadata: Record<string, string>;
}

export const MEMORY_BUCKET = 'memory-bucket';

/** An in-memory bucket for unit tests. */
export class MemoryObjects implements Objects {
  readonly files = new Map<string, MemoryFile>();
  private generations = 0;

  put(path: string, bytes: Buffer, updated = new Date(), metadata: Record<string, string> = {}): string {
    const generation = String(++this.generations);
    this.files.set(path, { bytes, options: null, updated, generation, metadata });
    return generation;
  }

  async read(path: string) {
    return this.files.get(path)?.bytes ?? null;
  }

  async write(path: string, bytes: Buffer, options: WriteOptions) {
    this.files.set(path, { bytes, options, updated: new Date(), generation: String(++this.generations), metadata: {} });
  }

  async delete(path: string) {
    this.files.delete(path);
  }

  async deletePrefix(prefix: string) {
    for (const path of [...this.files.keys()]) if (path.startsWith(prefix)) this.files.delete(path);
  }

  async list(prefix: string): Promise<StoredObject[]> {
    return [...this.files].filter(([path]) => path.startsWith(prefix)).map(([path, file]) => ({ path, updated: file.updated }));
  }

  async describe(path: string): Promise<ObjectFacts | null> {
    const file = this.files.get(path);
    return file ? { bucket: MEMORY_BUCKET, size: file.bytes.byteLength, generation: file.generation, contentType: file.options?.contentType ?? null } : null;
  }

  async removeDownloadTokens(path: string, generation?: string) {
    const file = this.files.get(path);
    if (!file || (generation !== undefined && file.generation !== generation)) return false;
    delete file.metadata[DOWNLOAD_TOKENS_KEY];
    return true;
  }

  paths(prefix = ''): string[] {
    return [...this.files.keys()].filter((path) => path.startsWith(prefix)).sort();
  }

  metadata(path: string): Record<string, string> | undefined {
    return this.files.get(path)?.metadata;
  }
}
