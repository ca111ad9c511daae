/**
 * What both APIs do, once: read, write, update, delete and list objects, with the access
 * check, the size limit, the optional quota and the finalize of resumable uploads. The API
 * modules only translate HTTP to these calls and results back to their wire shapes.
 *
 * An upload goes through three steps. `admit` checks what the request declares before any
 * byte of the body is read: the name, the declared size against the limit (413) and the
 * quota (402), and the rules, judged on the declared size and metadata (403). The body then
 * streams into a file (`upload`), hashed as it arrives. `write` finally checks the rules
 * again on the real size and checksums and, in one synchronous step, moves the file into
 * place and records the object (durably, when there is a data folder).
 */
import type { Caller } from '../common/auth.js';
import { toRulesResource, type Authorizer, type StorageMethod } from './access.js';
import type { BlobReader, BlobStore, IncomingBlob } from './blob-store.js';
import { noRulesLoaded, objectNotFound, payloadTooLarge, permissionDenied, quotaExceeded, StorageError } from './errors.js';
import type { ObjectHashes } from './hashes.js';
import type { ListOptions } from './listing.js';
import {
  etagOf,
  newObjectMetadata,
  updatedObjectMetadata,
  withNewDownloadToken,
  withoutDownloadToken,
  type AclEntry,
  type MetadataPatch,
  type ObjectMetadata,
  type StoredObject,
} from './object-metadata.js';
import { assertValidObjectName } from './object-name.js';
import type { ObjectPage, ObjectStore } from './object-store.js';
import { assertPreconditions, type Preconditions } from './preconditions.js';
import type { UploadSession, UploadSessions } from './upload-sessions.js';

/** Where an upload goes and how its metadata is made. */
export interface UploadTarget {
  bucket: string;
  name: string;
  patch: MetadataPatch;
  fallbackContentType?: string;
  caller: Caller;
  /** True for Firebase API uploads: a download token and `inline` disposition by default. */
  firebaseDefaults: boolean;
  preconditions?: Preconditions;
}

/** Complete bytes waiting in `incoming/` to become an object. */
export interface ReceivedBytes {
  path: string;
  size: number;
  hashes: ObjectHashes;
}

export interface StorageLimits {
  /** The largest object an upload may make (413 past it). */
  maxUploadBytes: number;
  /** Total bytes the emulator may hold before writes answer 402 (quota exceeded). */
  quotaBytes: number;
}

/** An object opened for download: its metadata and its bytes, as they were at that moment. */
export interface OpenedObject {
  metadata: ObjectMetadata;
  reader: BlobReader;
}

const PERMISSION: Record<StorageMethod, 'READ' | 'LIST' | 'WRITE'> = {
  get: 'READ',
  list: 'LIST',
  create: 'WRITE',
  update: 'WRITE',
  delete: 'WRITE',
};

/** Fields of `request.resource` only known once the whole body is in (see `rulesDecideBeforeBody`). */
const KNOWN_ONLY_AFTER_BODY = /\b(md5Hash|crc32c|etag)\b/;

/**
 * The rules in force: none yet (everything is allowed), one source for every bucket, or one
 * per bucket (the official emulator's multi-file form), where a bucket without rules is closed.
 */
export type RulesInForce = string | ReadonlyMap<string, string> | undefined;

export class StorageService {
  rules: RulesInForce;

  constructor(
    readonly store: ObjectStore,
    readonly uploads: UploadSessions,
    readonly blobs: BlobStore,
    private readonly authorizer: Authorizer,
    readonly limits: StorageLimits,
  ) {}

  /** An object's metadata. A matching download token grants read access without the rules, as in production. */
  async read(bucket: string, name: string, caller: Caller, downloadToken?: string): Promise<StoredObject> {
    const object = this.store.get(bucket, name);
    await this.authorizeRead(object, bucket, name, caller, downloadToken);
    if (!object) throw objectNotFound(bucket, name);
    return object;
  }

  /**
   * Opens an object for download. Its file is opened at once, so the bytes served are the
   * ones of the metadata returned even if the object is replaced while the access check runs.
   */
  async open(bucket: string, name: string, caller: Caller, downloadToken?: string): Promise<OpenedObject> {
    const object = this.store.get(bucket, name);
    const reader = object && this.blobs.openReader(object.blob);
    try {
      await this.authorizeRead(object, bucket, name, caller, downloadToken);
      if (!object || !reader) throw objectNotFound(bucket, name);
      return { metadata: object.metadata, reader };
    } catch (error) {
      reader?.close();
      throw error;
    }
  }

  /** The object's metadata, with a download token created first if it has none (what a Firebase API read does). */
  ensureDownloadToken(object: StoredObject): ObjectMetadata {
    if (object.metadata.downloadTokens.length > 0) return object.metadata;
    const metadata = withNewDownloadToken(object.metadata, new Date().toISOString());
    if (!this.store.putMetadata(metadata)) throw objectNotFound(metadata.bucket, metadata.name);
    return metadata;
  }

  /** Adds a download token next to the ones the object has (the Firebase API's `create_token=true`, for admins). */
  addDownloadToken(bucket: string, name: string): ObjectMetadata {
    return this.changeStoredMetadata(bucket, name, (current, now) => withNewDownloadToken(current, now));
  }

  /** Revokes one download token (the Firebase API's `delete_token=<token>`, for admins). */
  removeDownloadToken(bucket: string, name: string, token: string): ObjectMetadata {
    return this.changeStoredMetadata(bucket, name, (current, now) => withoutDownloadToken(current, token, now));
  }

  /** Changes an object's ACL (admins only: the GCS API); a new metageneration, as GCS gives. */
  changeAcl(bucket: string, name: string, change: (acl: readonly AclEntry[]) => AclEntry[]): ObjectMetadata {
    return this.changeStoredMetadata(bucket, name, (current, now) => ({ ...current, acl: change(current.acl ?? []), metageneration: current.metageneration + 1, updated: now }));
  }

  /** A metadata change that is not the client's patch (tokens, ACL), recorded like one. */
  private changeStoredMetadata(bucket: string, name: string, change: (current: ObjectMetadata, now: string) => ObjectMetadata): ObjectMetadata {
    const object = this.store.get(bucket, name);
    if (!object) throw objectNotFound(bucket, name);
    const metadata = change(object.metadata, new Date().toISOString());
    this.store.putMetadata(metadata);
    return metadata;
  }

  /**
   * Checks an upload before its body is read: the name, and with a declared size, the size
   * limit, the quota and the rules (on the declared size and metadata).
   */
  async admit(target: UploadTarget, declaredSize: number | undefined): Promise<void> {
    assertValidObjectName(target.name);
    if (declaredSize === undefined) return;
    if (declaredSize > this.limits.maxUploadBytes) throw payloadTooLarge(this.limits.maxUploadBytes);
    const existing = this.store.get(target.bucket, target.name);
    this.assertQuota(declaredSize, existing);
    if (target.caller.kind === 'owner' || !this.rulesDecideBeforeBody(target.bucket)) return;
    const provisional = newObjectMetadata({
      bucket: target.bucket,
      name: target.name,
      size: declaredSize,
      hashes: { md5Hash: '', crc32c: '' },
      // Checksums the client claims are checked against the bytes later, not against these blanks.
      patch: { ...target.patch, md5Hash: undefined, crc32c: undefined },
      generation: String(Date.now() * 1000),
      now: new Date().toISOString(),
      fallbackContentType: target.fallbackContentType,
      firebaseDefaults: target.firebaseDefaults,
    });
    await this.authorizeUpload(target, existing, provisional);
  }

  /**
   * Streams an upload's body into a new file with `receive` (which returns where it goes,
   * possibly learnt from the body itself), then writes the object. The file never outlives
   * the call unless it became the object.
   */
  async upload(receive: (blob: IncomingBlob) => Promise<UploadTarget>): Promise<ObjectMetadata> {
    const blob = await this.blobs.receive();
    try {
      const target = await receive(blob);
      await blob.close();
      return await this.write(target, { path: blob.path, size: blob.size, hashes: blob.hashes() });
    } finally {
      await blob.close();
      await this.blobs.discard(blob.path); // nothing left there once committed
    }
  }

  /**
   * Writes complete bytes as an object: checks the client's checksums and the rules on the
   * real object, then, in one synchronous step, the preconditions and quota against the live
   * object, the file moved into place and the object recorded.
   */
  async write(target: UploadTarget, bytes: ReceivedBytes): Promise<ObjectMetadata> {
    assertValidObjectName(target.name);
    const metadata = newObjectMetadata({
      bucket: target.bucket,
      name: target.name,
      size: bytes.size,
      hashes: bytes.hashes,
      patch: target.patch,
      generation: this.store.nextGeneration(),
      now: new Date().toISOString(),
      fallbackContentType: target.fallbackContentType,
      firebaseDefaults: target.firebaseDefaults,
    });
    const existing = this.store.get(target.bucket, target.name);
    await this.authorizeUpload(target, existing, metadata);
    // From here on nothing awaits: the checks hold for the object as it is written.
    const live = this.store.get(target.bucket, target.name);
    assertPreconditions(target.preconditions ?? {}, live?.metadata);
    this.assertQuota(bytes.size, live);
    const blob = this.blobs.commit(bytes.path);
    try {
      this.store.put({ metadata, blob });
    } catch (error) {
      this.blobs.remove(blob);
      throw new StorageError(500, `The emulator could not record the object, so it was not stored: ${error instanceof Error ? error.message : String(error)}`, 'backendError');
    }
    return metadata;
  }

  /** Copies an object's bytes (a server-side copy: nothing streams through the request). */
  async copy(source: StoredObject, target: UploadTarget): Promise<ObjectMetadata> {
    const path = await this.blobs.copy(source.blob);
    try {
      return await this.write(target, { path, size: source.metadata.size, hashes: { md5Hash: source.metadata.md5Hash, crc32c: source.metadata.crc32c } });
    } finally {
      await this.blobs.discard(path);
    }
  }

  /**
   * Writes the concatenation of `sources` (a GCS compose) as a new object. Every source's
   * file is opened first, so the bytes are the ones of the objects given, then streamed one
   * after the other into the new upload, hashed as they go: nothing sits in memory.
   */
  async compose(sources: readonly StoredObject[], target: UploadTarget): Promise<ObjectMetadata> {
    await this.admit(target, sources.reduce((total, source) => total + source.metadata.size, 0));
    const readers = sources.map((source) => this.blobs.openReader(source.blob));
    let next = 0;
    try {
      return await this.upload(async (blob) => {
        for (; next < readers.length; next++) {
          const size = sources[next]!.metadata.size;
          const reader = readers[next]!;
          if (size === 0) {
            reader.close();
            continue;
          }
          for await (const chunk of reader.stream(0, size - 1)) await blob.write(chunk as Buffer);
        }
        return target;
      });
    } finally {
      for (const reader of readers.slice(next)) reader.close();
    }
  }

  async updateMetadata(bucket: string, name: string, patch: MetadataPatch, caller: Caller, preconditions: Preconditions = {}): Promise<ObjectMetadata> {
    const existing = this.store.get(bucket, name);
    if (!existing) {
      await this.authorize(caller, 'update', bucket, name, undefined, undefined);
      throw objectNotFound(bucket, name);
    }
    const metadata = updatedObjectMetadata(existing.metadata, patch, new Date().toISOString());
    await this.authorize(caller, 'update', bucket, name, existing.metadata, metadata);
    assertPreconditions(preconditions, existing.metadata);
    if (!this.store.putMetadata(metadata)) throw objectNotFound(bucket, name);
    return metadata;
  }

  async delete(bucket: string, name: string, caller: Caller, preconditions: Preconditions = {}): Promise<void> {
    const existing = this.store.get(bucket, name);
    await this.authorize(caller, 'delete', bucket, name, existing?.metadata, undefined);
    if (existing) assertPreconditions(preconditions, existing.metadata);
    if (!this.store.delete(bucket, name)) throw objectNotFound(bucket, name);
  }

  async list(bucket: string, options: ListOptions, caller: Caller): Promise<ObjectPage> {
    await this.authorize(caller, 'list', bucket, options.prefix.replace(/\/$/, ''), undefined, undefined);
    return this.store.list(bucket, options);
  }

  /**
   * Opens a resumable upload: the name, declared size, quota and rules are checked now, so a
   * refused upload fails before any byte is sent.
   */
  async startUpload(target: UploadTarget, declaredSize: number | undefined): Promise<UploadSession> {
    await this.admit(target, declaredSize);
    return this.uploads.start({
      bucket: target.bucket,
      name: target.name,
      patch: target.patch,
      contentType: target.fallbackContentType,
      declaredSize,
      caller: target.caller,
      preconditions: target.preconditions ?? {},
    });
  }

  /** Writes a resumable upload's object. A refused finalize keeps no byte; the session stays `final` with the refusal. */
  finalizeUpload(session: UploadSession, firebaseDefaults: boolean): Promise<ObjectMetadata> {
    return this.uploads.finalize(session, (blob) =>
      this.write(
        {
          bucket: session.bucket,
          name: session.name,
          patch: session.patch,
          fallbackContentType: session.contentType,
          caller: session.caller,
          firebaseDefaults,
          preconditions: session.preconditions,
        },
        { path: blob.path, size: blob.size, hashes: blob.hashes() },
      ),
    );
  }

  /**
   * Whether the rules can be judged before the body: not when they read a checksum (or the
   * ETag made from it), which only the complete bytes give. They are judged again at the end.
   */
  private rulesDecideBeforeBody(bucket: string): boolean {
    const rules = this.rulesFor(bucket);
    return rules !== undefined && !KNOWN_ONLY_AFTER_BODY.test(rules);
  }

  /** The rules source for a bucket; throws 403 for a bucket per-bucket rules leave out (as the official emulator does). */
  private rulesFor(bucket: string): string | undefined {
    if (typeof this.rules !== 'object') return this.rules;
    const rules = this.rules.get(bucket);
    if (rules === undefined) throw noRulesLoaded();
    return rules;
  }

  private assertQuota(size: number, existing: StoredObject | undefined): void {
    const growth = size - (existing?.metadata.size ?? 0);
    if (growth > 0 && this.store.totalBytes() + growth > this.limits.quotaBytes) {
      throw quotaExceeded(`Storage quota of ${this.limits.quotaBytes} bytes exceeded`);
    }
  }

  private async authorizeRead(object: StoredObject | undefined, bucket: string, name: string, caller: Caller, downloadToken: string | undefined): Promise<void> {
    const tokenGrantsRead = object !== undefined && downloadToken !== undefined && object.metadata.downloadTokens.includes(downloadToken);
    if (!tokenGrantsRead) await this.authorize(caller, 'get', bucket, name, object?.metadata, undefined);
  }

  /**
   * Uploading content is `create`, also over an existing object (with `resource` set to it),
   * as in production and the official emulator; `update` is a metadata change only. Rules
   * that must not let an upload replace an object say `resource == null`.
   */
  private authorizeUpload(target: UploadTarget, existing: StoredObject | undefined, incoming: ObjectMetadata): Promise<void> {
    return this.authorize(target.caller, 'create', target.bucket, target.name, existing?.metadata, incoming);
  }

  private async authorize(
    caller: Caller,
    method: StorageMethod,
    bucket: string,
    path: string,
    resource: ObjectMetadata | undefined,
    incoming: ObjectMetadata | undefined,
  ): Promise<void> {
    if (caller.kind === 'owner') return;
    const allowed = await this.authorizer({
      rules: this.rulesFor(bucket),
      auth: caller.kind === 'user' ? caller.auth : null,
      method,
      bucket,
      path,
      resource: resource ? toRulesResource(resource, etagOf(resource)) : null,
      incoming: incoming ? toRulesResource(incoming, etagOf(incoming)) : null,
    });
    if (!allowed) throw permissionDenied(PERMISSION[method]);
  }
}
