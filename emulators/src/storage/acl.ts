/**
 * Object ACLs as the GCS JSON API serves them (@google-cloud/storage's `file.acl`,
 * `makePublic()`, `makePrivate()`, `save({ public: true })`), kept in the object's metadata
 * (so journaled with it), and what they decide: an object with `allUsers: READER` is readable
 * by anyone at its public URL `GET /{bucket}/{object}`; any other object only by an admin there
 * (403 `AccessDenied`, as GCS answers). Both ACL APIs are admin-only, like the rest of the GCS API.
 *
 * - `POST /b/{b}/o/{o}/acl` `{ entity, role }` adds or replaces an entry;
 * - `GET /b/{b}/o/{o}/acl` lists them, `GET|DELETE /b/{b}/o/{o}/acl/{entity}` one;
 * - `predefinedAcl` on an upload or a metadata update: `publicRead` makes the object public,
 *   `private`, `projectPrivate`, `authenticatedRead`, `bucketOwnerRead`, `bucketOwnerFullControl`
 *   leave no public entry; `acl: null` in a metadata update drops every entry.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiCall } from './api-call.js';
import { badRequest, methodNotAllowed, StorageError } from './errors.js';
import { parseJsonBody, readBody, sendEmpty, sendJson } from './http.js';
import { sendObjectBytes } from './media.js';
import { etagOf, type AclEntry, type ObjectMetadata } from './object-metadata.js';
import type { StorageService } from './service.js';

const PUBLIC: AclEntry = { entity: 'allUsers', role: 'READER' };
const PREDEFINED = new Set(['publicRead', 'private', 'projectPrivate', 'authenticatedRead', 'bucketOwnerRead', 'bucketOwnerFullControl']);

export function isPublic(metadata: ObjectMetadata): boolean {
  return (metadata.acl ?? []).some((entry) => entry.entity === PUBLIC.entity && entry.role === PUBLIC.role);
}

/** The ACL a `predefinedAcl` query parameter sets, or undefined without one; 400 for a name GCS does not know. */
export function predefinedAcl(params: URLSearchParams): AclEntry[] | undefined {
  const name = params.get('predefinedAcl');
  if (name === null) return undefined;
  if (!PREDEFINED.has(name)) throw badRequest(`Invalid predefinedAcl: ${name}`);
  return name === 'publicRead' ? [PUBLIC] : [];
}

/** `{ entity, role }` in a request body, checked. */
function parseEntry(body: unknown, entityFromPath?: string): AclEntry {
  const input = (typeof body === 'object' && body !== null ? body : {}) as { entity?: unknown; role?: unknown };
  const entity = entityFromPath ?? input.entity;
  if (typeof entity !== 'string' || entity === '') throw badRequest('Required: entity');
  if (input.role !== 'READER' && input.role !== 'OWNER') throw badRequest(`Invalid role: ${String(input.role)} (READER or OWNER)`);
  return { entity, role: input.role };
}

function toAccessControl(metadata: ObjectMetadata, entry: AclEntry, baseUrl: string): object {
  const path = `/storage/v1/b/${encodeURIComponent(metadata.bucket)}/o/${encodeURIComponent(metadata.name)}/acl/${encodeURIComponent(entry.entity)}`;
  return {
    kind: 'storage#objectAccessControl',
    id: `${metadata.bucket}/${metadata.name}/${metadata.generation}/${entry.entity}`,
    selfLink: new URL(path, baseUrl).toString(),
    bucket: metadata.bucket,
    object: metadata.name,
    generation: metadata.generation,
    entity: entry.entity,
    role: entry.role,
    etag: etagOf(metadata),
  };
}

const entryNotFound = (entity: string) => new StorageError(404, `No such ACL entry: ${entity}`, 'notFound');

/** `…/o/{object}/acl[/{entity}]` on the GCS API. */
export async function handleGcsAcl(service: StorageService, call: ApiCall, entity: string | undefined, baseUrl: string): Promise<void> {
  const method = call.request.method ?? 'GET';
  const name = call.object!;
  const current = (await service.read(call.bucket, name, { kind: 'owner' })).metadata;
  if (entity === undefined) {
    if (method === 'GET') {
      return sendJson(call.response, 200, { kind: 'storage#objectAccessControls', items: (current.acl ?? []).map((entry) => toAccessControl(current, entry, baseUrl)) });
    }
    if (method !== 'POST') throw methodNotAllowed(method, call.url.pathname);
    const entry = parseEntry(parseJsonBody(await readBody(call.request)));
    const updated = service.changeAcl(call.bucket, name, (acl) => [...acl.filter((known) => known.entity !== entry.entity), entry]);
    return sendJson(call.response, 200, toAccessControl(updated, entry, baseUrl));
  }
  const known = (current.acl ?? []).find((entry) => entry.entity === entity);
  if (method === 'GET') {
    if (!known) throw entryNotFound(entity);
    return sendJson(call.response, 200, toAccessControl(current, known, baseUrl));
  }
  if (method === 'PUT' || method === 'PATCH') {
    const entry = parseEntry(parseJsonBody(await readBody(call.request)), entity);
    const updated = service.changeAcl(call.bucket, name, (acl) => [...acl.filter((other) => other.entity !== entity), entry]);
    return sendJson(call.response, 200, toAccessControl(updated, entry, baseUrl));
  }
  if (method === 'DELETE') {
    if (!known) throw entryNotFound(entity);
    service.changeAcl(call.bucket, name, (acl) => acl.filter((other) => other.entity !== entity));
    return sendEmpty(call.response, 204);
  }
  throw methodNotAllowed(method, call.url.pathname);
}

/**
 * The public URL `GET /{bucket}/{object}`: the bytes of a public object for anyone (an admin
 * reads any object), else the XML error GCS answers there: 403 `AccessDenied` for a private
 * object, 404 `NoSuchKey` for a missing one (to anyone, as the official emulator answers 404).
 */
export async function handlePublicUrl(service: StorageService, request: IncomingMessage, response: ServerResponse, bucket: string, name: string): Promise<void> {
  const method = request.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') throw methodNotAllowed(method, `/${bucket}/${name}`);
  const admin = /^(Bearer|Firebase) owner$/.test(request.headers.authorization ?? '');
  const object = service.store.get(bucket, name);
  if (object && (admin || isPublic(object.metadata))) {
    return sendObjectBytes(request, response, await service.open(bucket, name, { kind: 'owner' }), 'stored');
  }
  if (!object) return sendXmlError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
  sendXmlError(response, 403, 'AccessDenied', 'Access denied.');
}

function sendXmlError(response: ServerResponse, status: number, code: string, message: string): void {
  const body = Buffer.from(`<?xml version='1.0' encoding='UTF-8'?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  response.writeHead(status, { 'Content-Type': 'application/xml; charset=UTF-8', 'Content-Length': body.byteLength });
  response.end(body);
}
