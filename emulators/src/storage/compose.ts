/**
 * GCS `objects.compose` (@google-cloud/storage's `bucket.combine()`):
 * `POST /b/{bucket}/o/{destination}/compose` with `{ sourceObjects: [{ name, generation?,
 * objectPreconditions?: { ifGenerationMatch } }], destination?: { contentType, … } }` writes
 * the sources' bytes one after the other as the destination (1 to 32 sources, in the same
 * bucket), with the destination's metadata from `destination`. Admins only, as the GCS API is.
 */
import type { Caller } from '../common/auth.js';
import type { ApiCall } from './api-call.js';
import { badRequest, methodNotAllowed, StorageError } from './errors.js';
import { parseJsonBody, readBody, sendJson } from './http.js';
import { toGcsJson } from './object-json.js';
import { parseMetadataPatch, type StoredObject } from './object-metadata.js';
import { parsePreconditions } from './preconditions.js';
import type { StorageService } from './service.js';

const ADMIN: Caller = { kind: 'owner' };
/** GCS's limit on the components of one compose request. */
export const MAX_COMPOSE_SOURCES = 32;

interface SourceObject {
  name: string;
  generation?: string;
  ifGenerationMatch?: string;
}

export async function handleGcsCompose(service: StorageService, call: ApiCall, baseUrl: string): Promise<void> {
  const method = call.request.method ?? 'GET';
  if (method !== 'POST') throw methodNotAllowed(method, call.url.pathname);
  const body = parseJsonBody(await readBody(call.request));
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('Compose request body must be a JSON object');
  const request = body as { sourceObjects?: unknown; destination?: unknown };
  const sources = parseSources(request.sourceObjects).map((source) => liveSource(service, call.bucket, source));
  const patch = parseMetadataPatch(request.destination ?? {});
  const metadata = await service.compose(sources, {
    bucket: call.bucket,
    name: call.object!,
    patch: { ...patch, md5Hash: undefined, crc32c: undefined },
    caller: ADMIN,
    firebaseDefaults: false,
    preconditions: parsePreconditions(call.url.searchParams),
  });
  sendJson(call.response, 200, toGcsJson(metadata, baseUrl));
}

function parseSources(raw: unknown): SourceObject[] {
  if (!Array.isArray(raw) || raw.length === 0) throw badRequest('Required: sourceObjects, a list of 1 to 32 objects to compose');
  if (raw.length > MAX_COMPOSE_SOURCES) {
    throw badRequest(`The number of source components provided (${raw.length}) exceeds the maximum (${MAX_COMPOSE_SOURCES})`);
  }
  return raw.map((entry: unknown) => {
    const source = entry as { name?: unknown; generation?: unknown; objectPreconditions?: { ifGenerationMatch?: unknown } } | null;
    if (typeof source?.name !== 'string' || source.name === '') throw badRequest('Required: sourceObjects[].name');
    return {
      name: source.name,
      ...optionalGeneration('generation', source.generation),
      ...optionalGeneration('ifGenerationMatch', source.objectPreconditions?.ifGenerationMatch),
    };
  });
}

function optionalGeneration(key: 'generation' | 'ifGenerationMatch', value: unknown): Partial<SourceObject> {
  if (value === undefined || value === null) return {};
  if ((typeof value !== 'number' && typeof value !== 'string') || !/^\d+$/.test(String(value))) throw badRequest(`Invalid sourceObjects[].${key}: ${String(value)}`);
  return { [key]: String(BigInt(value)) };
}

/** A source as it is now: 404 when it (or the generation asked for) is not the live object, 412 when its precondition fails. */
function liveSource(service: StorageService, bucket: string, source: SourceObject): StoredObject {
  const object = service.store.get(bucket, source.name);
  if (!object || (source.generation !== undefined && source.generation !== object.metadata.generation)) {
    const generation = source.generation === undefined ? '' : ` (generation: ${source.generation})`;
    throw new StorageError(404, `Object ${source.name}${generation} not found.`, 'notFound');
  }
  if (source.ifGenerationMatch !== undefined && source.ifGenerationMatch !== object.metadata.generation) {
    throw new StorageError(412, 'At least one of the pre-conditions you specified did not hold.', 'conditionNotMet');
  }
  return object;
}
