import type { Objects, StoredObject, WriteOptions } from '../platform/storage.js';

/** An in-memory bucket for unit tests. */
export class MemoryObjects implements Objects {
  readonly files = new Map<string, { bytes: Buffer; options: WriteOptions | null; updated: Date }>();

  put(path: string, bytes: Buffer, updated = new Date()): void {
    this.files.set(path, { bytes, options: null, updated });
  }

  async read(path: string) {
    return this.files.get(path)?.bytes ?? null;
  }

  async write(path: string, bytes: Buffer, options: WriteOptions) {
    this.files.set(path, { bytes, options, updated: new Date() });
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

  paths(prefix = ''): string[] {
    return [...this.files.keys()].filter((path) => path.startsWith(prefix)).sort();
  }
}
