/** Request bodies and query strings for the HTTP/1.1 side. */
import type { IncomingMessage } from 'node:http';
import { checkNesting } from '../engine/nesting.js';
import { FirestoreError, invalidArgument } from '../errors.js';
import { jsonLiteralRefusal } from './json-literals.js';

const MAX_BODY_BYTES = 20 * 1024 * 1024;

export async function readJsonBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of request) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY_BYTES) throw new FirestoreError('INVALID_ARGUMENT', `Request payload size exceeds the limit: ${MAX_BODY_BYTES} bytes.`);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof FirestoreError) throw error;
    // The client went away mid-body: nothing to answer, and not a server fault.
    throw new FirestoreError('CANCELLED', 'The client closed the request before sending its body.');
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw invalidArgument(`Invalid JSON payload received. ${error instanceof Error ? error.message : 'Unexpected token.'}`);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidArgument('Invalid JSON payload received. Expected an object.');
  }
  // Before anything walks it recursively (the field check, value parsing).
  checkNesting(body);
  const refusal = jsonLiteralRefusal(body);
  if (refusal) throw refusal;
  return body as Record<string, unknown>;
}

/** Fields that are repeated in the request messages (so one query parameter still makes a list). */
const REPEATED = new Set(['fieldPaths', 'documents']);

/**
 * Query parameters as a request message: `mask.fieldPaths=a&mask.fieldPaths=b&pageSize=2`
 * -> `{mask: {fieldPaths: ['a', 'b']}, pageSize: 2}`. System parameters (`$alt`, `key`, `alt`) are dropped.
 */
export function queryToMessage(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of search) {
    if (key.startsWith('$') || key === 'key' || key === 'alt' || key === 'prettyPrint') continue;
    const parts = key.split('.').map((part) => part.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()));
    let target = out;
    for (const part of parts.slice(0, -1)) {
      if (typeof target[part] !== 'object' || target[part] === null) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    const leaf = parts[parts.length - 1]!;
    const value: unknown = raw === 'true' ? true : raw === 'false' ? false : /^\d+$/.test(raw) && leaf === 'pageSize' ? Number(raw) : raw;
    if (REPEATED.has(leaf)) target[leaf] = [...((target[leaf] as unknown[] | undefined) ?? []), value];
    else target[leaf] = value;
  }
  return out;
}
