/**
 * Form uploads to `POST /{bucket}` (`multipart/form-data`): HTML forms and signed POST
 * policies (@google-cloud/storage's `generateSignedPostPolicyV4`). The form's `key` names the
 * object (`${filename}` in it is the file's name); `Content-Type`, `Cache-Control`,
 * `Content-Disposition`, `Content-Encoding`, `Content-Language` and `x-goog-meta-*` fields
 * are its metadata; the file, the last field, streams to disk like every upload.
 *
 * A form with a `policy` and a signature is trusted as its signer, a service account (an
 * admin): the emulator has no keys to check the signature with, but it does hold the upload
 * to the policy document: its expiration and its conditions (`{ field: value }`, `eq`,
 * `starts-with`, `content-length-range`), answering 400 `Invalid according to Policy` as GCS
 * does. A form without one is the caller of its Authorization header, judged by the rules.
 * `success_action_status` picks 204 (default), 200 or 201 (with the XML GCS answers).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadTokenError, callerFromAuthorization, type Caller } from '../common/auth.js';
import { badRequest, StorageError, unauthenticated } from './errors.js';
import { readFormData, type FormFile } from './form-data.js';
import { bodyChunks, sendEmpty } from './http.js';
import { etagOf, parseMetadataPatch, type MetadataPatch } from './object-metadata.js';
import type { StorageService, UploadTarget } from './service.js';

type Condition = { kind: 'eq' | 'starts-with'; field: string; value: string } | { kind: 'length'; min: number; max: number };

interface Policy {
  expiration: Date;
  conditions: Condition[];
}

const METADATA_FIELDS: Record<string, keyof MetadataPatch> = {
  'content-type': 'contentType',
  'cache-control': 'cacheControl',
  'content-disposition': 'contentDisposition',
  'content-encoding': 'contentEncoding',
  'content-language': 'contentLanguage',
};

const violation = (why: string) => new StorageError(400, `Invalid according to Policy: ${why}`, 'invalid');

export async function handleFormUpload(service: StorageService, request: IncomingMessage, response: ServerResponse, bucket: string): Promise<void> {
  let policy: Policy | undefined;
  let fields: Record<string, string> = {};
  const metadata = await service.upload(async (blob) => {
    let target: UploadTarget | undefined;
    await readFormData(
      request.headers['content-type'],
      bodyChunks(request),
      {
        async file(file) {
          fields = file.fields;
          target = formTarget(file, bucket, request);
          if (file.fields.policy !== undefined) {
            policy = parsePolicy(file.fields.policy);
            checkPolicy(policy, { ...file.fields, key: target.name, bucket });
          }
          await service.admit(target, undefined);
        },
        bytes: (bytes) => blob.write(bytes),
      },
      service.limits.maxUploadBytes,
    );
    for (const condition of policy?.conditions ?? []) {
      if (condition.kind === 'length' && (blob.size < condition.min || blob.size > condition.max)) {
        throw violation(`content-length-range: the file has ${blob.size} bytes, not ${condition.min} to ${condition.max}`);
      }
    }
    return target!;
  });
  const status = fields.success_action_status ?? '204';
  if (status === '201') {
    const xml = `<?xml version='1.0' encoding='UTF-8'?><PostResponse><Bucket>${escapeXml(metadata.bucket)}</Bucket><Key>${escapeXml(metadata.name)}</Key><ETag>"${etagOf(metadata)}"</ETag></PostResponse>`;
    const body = Buffer.from(xml);
    response.writeHead(201, { 'Content-Type': 'application/xml; charset=UTF-8', 'Content-Length': body.byteLength });
    response.end(body);
    return;
  }
  sendEmpty(response, status === '200' ? 200 : 204, { ETag: `"${etagOf(metadata)}"` });
}

function formTarget(file: FormFile, bucket: string, request: IncomingMessage): UploadTarget {
  const key = file.fields.key?.replaceAll('${filename}', file.filename);
  if (!key) throw badRequest("Missing 'key' or file.");
  const patch: Record<string, unknown> = { metadata: {} };
  for (const [name, value] of Object.entries(file.fields)) {
    if (name.startsWith('x-goog-meta-')) (patch.metadata as Record<string, string>)[name.slice('x-goog-meta-'.length)] = value;
    else if (METADATA_FIELDS[name] !== undefined) patch[METADATA_FIELDS[name]] = value.trim();
  }
  const signed = file.fields.policy !== undefined && (file.fields['x-goog-signature'] !== undefined || file.fields.signature !== undefined);
  return {
    bucket,
    name: key,
    patch: parseMetadataPatch(patch),
    fallbackContentType: file.contentType,
    caller: signed ? { kind: 'owner' } : callerOf(request),
    firebaseDefaults: false,
  };
}

function callerOf(request: IncomingMessage): Caller {
  try {
    return callerFromAuthorization(request.headers.authorization);
  } catch (error) {
    if (error instanceof BadTokenError) throw unauthenticated(error.message);
    throw error;
  }
}

/** The base64 policy document: `{ expiration, conditions: [...] }`. */
function parsePolicy(encoded: string): Policy {
  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as typeof document;
  } catch {
    throw badRequest('The policy is not base64-encoded JSON');
  }
  const expiration = new Date(String(document.expiration));
  if (Number.isNaN(expiration.getTime())) throw badRequest('The policy has no valid expiration');
  if (!Array.isArray(document.conditions)) throw badRequest('The policy has no conditions list');
  return { expiration, conditions: document.conditions.flatMap(parseCondition) };
}

function parseCondition(raw: unknown): Condition[] {
  if (Array.isArray(raw)) {
    const [operator, first, second] = raw as unknown[];
    if (operator === 'content-length-range' && Number.isInteger(first) && Number.isInteger(second)) return [{ kind: 'length', min: first as number, max: second as number }];
    if ((operator === 'eq' || operator === 'starts-with') && typeof first === 'string' && first.startsWith('$') && typeof second === 'string') {
      return [{ kind: operator, field: first.slice(1).toLowerCase(), value: second }];
    }
  } else if (typeof raw === 'object' && raw !== null) {
    return Object.entries(raw).map(([field, value]) => ({ kind: 'eq' as const, field: field.toLowerCase(), value: String(value) }));
  }
  throw badRequest(`The policy has a condition GCS does not know: ${JSON.stringify(raw)}`);
}

function checkPolicy(policy: Policy, values: Record<string, string>): void {
  if (policy.expiration.getTime() <= Date.now()) throw violation('Policy expired.');
  for (const condition of policy.conditions) {
    if (condition.kind === 'length') continue; // checked once the file is in
    const value = values[condition.field] ?? '';
    const holds = condition.kind === 'eq' ? value === condition.value : value.startsWith(condition.value);
    if (!holds) throw violation(`${condition.kind} $${condition.field} ${JSON.stringify(condition.value)} does not hold for ${JSON.stringify(value)}`);
  }
}

const escapeXml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
