/**
 * Billed Cloud Storage operations and bytes, counted the way Cloud Storage bills them
 * (https://cloud.google.com/storage/pricing, "Operation charges"), for tests and benches:
 * - Class A: writes and listings: an upload (simple, multipart, or a resumable session's
 *   first request: the session's further requests carry its `upload_id` and are the same
 *   upload), a metadata update, a copy or rewrite, a listing;
 * - Class B: reads of one object: its data or its metadata;
 * - free: deletes, and CORS preflights;
 * - bytes out: the bodies sent (object data and JSON), what network egress bills; bytes in:
 *   what clients sent (ingress is free, shown for scale).
 * Refused requests (4xx/5xx) are not counted.
 */
export type StorageOperationClass = 'classA' | 'classB' | 'free';

export interface StorageCounts {
  classA: number;
  classB: number;
  bytesIn: number;
  bytesOut: number;
}

export interface StorageUsage {
  total: StorageCounts;
  /** `server`: the owner credential (firebase-admin, @google-cloud/storage); `client`: web SDKs, signed in or not, and download URLs. */
  byClient: Record<'server' | 'client', StorageCounts>;
}

/** The class of one request to an object route (`object` undefined: the bucket's object list). */
export function operationClass(method: string, object: string | undefined, url: URL): StorageOperationClass {
  switch (method) {
    case 'GET':
    case 'HEAD':
      return object === undefined ? 'classA' : 'classB';
    case 'POST':
    case 'PUT':
    case 'PATCH':
      return url.searchParams.has('upload_id') ? 'free' : 'classA';
    default:
      return 'free';
  }
}

const zero = (): StorageCounts => ({ classA: 0, classB: 0, bytesIn: 0, bytesOut: 0 });

export class StorageUsageMeter {
  private usage: StorageUsage = { total: zero(), byClient: { server: zero(), client: zero() } };

  record(client: 'server' | 'client', operation: StorageOperationClass, bytesIn: number, bytesOut: number): void {
    for (const counts of [this.usage.total, this.usage.byClient[client]]) {
      if (operation !== 'free') counts[operation] += 1;
      counts.bytesIn += bytesIn;
      counts.bytesOut += bytesOut;
    }
  }

  snapshot(): StorageUsage {
    return structuredClone(this.usage);
  }

  reset(): void {
    this.usage = { total: zero(), byClient: { server: zero(), client: zero() } };
  }
}

/**
 * `server` for the owner credential and for Google's Cloud client library (firebase-admin's
 * Storage, which sends no credential to an emulator but names itself in `x-goog-api-client`),
 * `client` for everything else.
 */
export function storageClientOf(headers: { authorization?: string | undefined; 'x-goog-api-client'?: string | string[] | undefined }): 'server' | 'client' {
  if (/^\s*bearer\s+owner\s*$/i.test(headers.authorization ?? '')) return 'server';
  return /\bgccl\//.test(String(headers['x-goog-api-client'] ?? '')) ? 'server' : 'client';
}
