/**
 * The official emulator's control endpoints under `/internal`, which tools call over HTTP:
 * `PUT /internal/setRules` (@firebase/rules-unit-testing's `initializeTestEnvironment`),
 * `POST /internal/reset` and `POST /internal/export` (the Emulator Suite's hub). Replies
 * have the official shapes: `setRules` answers `{ message }` for success and refusal alike
 * (a source that does not compile adds `issues`, with line and column).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, methodNotAllowed, routeNotFound, RulesNotLoadedError } from './errors.js';
import { parseJsonBody, readBody, sendEmpty, sendJson } from './http.js';

export interface InternalControls {
  setRules(rules: string | ReadonlyMap<string, string>): void;
  clear(): void;
  exportTo(dir: string): Promise<void>;
  /** The hub's export: buckets.json, metadata/ and blobs/ straight into `root` (its `storage_export/`). */
  writeStorageExport(root: string): Promise<void>;
}

export async function handleInternalApi(controls: InternalControls, action: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  const expected = action === 'setRules' ? 'PUT' : 'POST';
  if (!['setRules', 'reset', 'export'].includes(action)) throw routeNotFound(method, `/internal/${action}`);
  if (method !== expected) throw methodNotAllowed(method, `/internal/${action}`);
  const body = parseJsonBody(await readBody(request)) as Record<string, unknown> | undefined;
  if (action === 'setRules') return setRules(controls, body, response);
  if (action === 'reset') {
    controls.clear();
    return sendEmpty(response, 200);
  }
  const path = body?.path;
  if (typeof path !== 'string' || path === '') throw badRequest("Export request body must include 'path'.");
  // The hub names the storage_export folder itself, as the official emulator expects.
  await controls.writeStorageExport(path);
  sendEmpty(response, 200);
}

function setRules(controls: InternalControls, body: Record<string, unknown> | undefined, response: ServerResponse): void {
  const rules = rulesOf(body);
  if (typeof rules === 'object' && 'refusal' in rules) return sendJson(response, 400, { message: rules.refusal });
  try {
    controls.setRules(rules);
  } catch (error) {
    if (!(error instanceof RulesNotLoadedError)) throw error;
    // The official emulator's sentence, logged issues; `issues` adds line and column to the
    // reply too, so @firebase/rules-unit-testing's error (the reply text) says where.
    console.warn(`[storage] ${error.message}`);
    return sendJson(response, 400, { message: 'There was an error updating rules, see logs for more details', issues: [error.message] });
  }
  sendJson(response, 200, { message: 'Rules updated successfully' });
}

interface RulesFile {
  name?: unknown;
  content?: unknown;
  resource?: unknown;
}

/**
 * `{ rules: { files: [{ name, content }] } }` is one source for every bucket; several files
 * each name the bucket they are for in `resource` (the official emulator's multi-bucket form).
 */
function rulesOf(body: Record<string, unknown> | undefined): string | ReadonlyMap<string, string> | { refusal: string } {
  const files = (body?.rules as { files?: unknown } | undefined)?.files;
  if (!Array.isArray(files) || files.length === 0) return { refusal: "Request body must include 'rules.files' array" };
  const isRulesFile = (file: RulesFile | null): file is { name: string; content: string; resource?: unknown } =>
    typeof file?.name === 'string' && typeof file.content === 'string';
  if (files.length === 1) {
    const [file] = files as Array<RulesFile | null>;
    return isRulesFile(file!) ? file.content : { refusal: "Each member of 'rules.files' array must contain 'name' and 'content'" };
  }
  const byBucket = new Map<string, string>();
  for (const file of files as Array<RulesFile | null>) {
    if (!isRulesFile(file) || typeof file.resource !== 'string' || file.resource === '') {
      return { refusal: "Each member of 'rules.files' array must contain 'name', 'content', and 'resource'" };
    }
    byBucket.set(file.resource, file.content);
  }
  return byBucket;
}
