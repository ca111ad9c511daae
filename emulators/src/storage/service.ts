/**
 * What both APIs do, once: read, write, update, delete and list objects, with the access
 * check, the optional quota and the finalize of resumable uploads. The API modules only
 * translate HTTP to these calls and results back to their wire shapes.
 */
import type { Caller } from '../common/auth.js';
import { toRulesResource, type Authorizer, type StorageMethod } from './access.js';
import { objectNotFound, permissionDenied, quotaExceeded } from './errors.js';
import type { ListOptions } from './listing.js';
import {
  etagOf,
  newObjectMetadata,
  updatedObjectMetadata,
  withNewDownloadToken,
  type MetadataPatch,
  type ObjectMetadata,
  type StoredObject,
} from './object-metadata.js';
import { assertValidObjectName } from './object-name.js';
import type { ObjectPage, ObjectStore } from './object-store.js';
import { assertPreconditions, type Preconditions } from './preconditions.js';
import type { NewUpload, UploadSession, UploadSessions } from './upload-sessions.js';

export interface WriteRequest {
  bucket: string;
  name: string;
  data: Buffer;
  patch: MetadataPatch;
  fallbackContentType?: string;
  caller: Caller;
  /** True for Firebase API uploads: a download token and `inline` disposition by default. */
  firebaseDefaults: boolean;
  preconditions?: Preconditions;
}

const PERMISSION: Record<StorageMethod, 'READ' | 'LIST' | 'WRITE'> = {
  get: 'READ',
  list: 'LIST',
  create: 'WRITE',
  update: 'WRITE',
  delete: 'WRITE',
};

export class StorageService {
  rules: string | undefined;

  constructor(
    readonly store: ObjectStore,
    readonly uploads: UploadSessions,
    private readonly authorizer: Authorizer,
    /** Total bytes the emulator may hold before writes answer 402 (quota exceeded). */
    private readonly quotaBytes: number,
  ) {}

  /** Reads an object. A matching download token grants read access without the rules, as in production. */
  async read(bucket: string, name: string, caller: Caller, downloadToken?: string): Promise<StoredObject> {
    const object = this.store.get(bucket, name);
    const tokenGrantsRead = object !== undefined && downloadToken !== undefined && object.metadata.downloadTokens.includes(downloadToken);
    if (!tokenGrantsRead) await this.authorize(caller, 'get', bucket, name, object?.metadata, undefined);
    if (!object) throw objectNotFound(bucket, name);
    return object;
  }

  /** The object's metadata, with a download token created first if it has none (what a Firebase API read does). */
  ensureDownloadToken(object: StoredObject): ObjectMetadata {
    if (object.metadata.downloadTokens.length > 0) return object.metadata;
    const metadata = withNewDownloadToken(object.metadata, new Date().toISOString());
    if (!this.store.putMetadata(metadata)) throw objectNotFound(metadata.bucket, metadata.name);
    return metadata;
  }

  async write(request: WriteRequest): Promise<ObjectMetadata> {
    assertValidObjectName(request.name);
    const metadata = newObjectMetadata({
      bucket: request.bucket,
      name: request.name,
      data: request.data,
      patch: request.patch,
      generation: this.store.nextGeneration(),
      now: new Date().toISOString(),
      fallbackContentType: request.fallbackContentType,
      firebaseDefaults: request.firebaseDefaults,
    });
    const existing = this.store.get(request.bucket, request.name);
    await this.authorize(request.caller, existing ? 'update' : 'create', request.bucket, request.name, existing?.metadata, metadata);
    assertPreconditions(request.preconditions ?? {}, existing?.metadata);
    const growth = request.data.byteLength - (existing?.data.byteLength ?? 0);
    if (growth > 0 && this.store.totalBytes() + growth > this.quotaBytes) {
      throw quotaExceeded(`Storage quota of ${this.quotaBytes} bytes exceeded`);
    }
    this.store.put({ metadata, data: request.data });
    return metadata;
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

  /** Opens a resumable upload, refusing a name no object could have before any byte is sent. */
  startUpload(init: NewUpload): UploadSession {
    assertValidObjectName(init.name);
    return this.uploads.start(init);
  }

  /** Writes a resumable upload's object. A refused or invalid finalize discards the session: nothing is kept. */
  async finalizeUpload(session: UploadSession, firebaseDefaults: boolean): Promise<ObjectMetadata> {
    const data = this.uploads.beginFinalize(session);
    try {
      const metadata = await this.write({
        bucket: session.bucket,
        name: session.name,
        data,
        patch: session.patch,
        fallbackContentType: session.contentType,
        caller: session.caller,
        firebaseDefaults,
        preconditions: session.preconditions,
      });
      this.uploads.complete(session, metadata);
      return metadata;
    } catch (error) {
      this.uploads.discard(session);
      throw error;
    }
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
      rules: this.rules,
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
