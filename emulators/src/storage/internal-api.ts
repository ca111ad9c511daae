/**
 * The official emulator's control endpoints under `/internal`, which tools call over HTTP:
 * `PUT /internal/setRules` (@firebase/rules-unit-testing's `initializeTestEnvironment`),
 * `POST /internal/reset` and `POST /internal/export` (the Emulator Suite's hub).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, methodNotAllowed, routeNotFound } from './errors.js';
import { parseJsonBody, readBody, sendEmpty, sendJson } from './http.js';

export interface InternalControls {
  setRules(source: string): void;
  clear(): void;
  exportTo(dir: string): Promise<void>;
}

export async function handleInternalApi(controls: InternalControls, action: string, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = request.method ?? 'GET';
  const expected = action === 'setRules' ? 'PUT' : 'POST';
  if (!['setRules', 'reset', 'export'].includes(action)) throw routeNotFound(method, `/internal/${action}`);
  if (method !== expected) throw methodNotAllowed(method, `/internal/${action}`);
  const body = parseJsonBody(await readBody(request)) as Record<string, unknown> | undefined;
  if (action === 'setRules') {
    controls.setRules(rulesSourceOf(body));
    return sendJson(response, 200, { message: 'Rules updated successfully' });
  }
  if (action === 'reset') {
    controls.clear();
    return sendEmpty(response, 200);
  }
  const path = body?.path;
  if (typeof path !== 'string' || path === '') throw badRequest("Export request body must include 'path'.");
  await controls.exportTo(path);
  sendEmpty(response, 200);
}

/** `{ rules: { files: [{ name, content }] } }`: one file, as the official emulator accepts without resources. */
function rulesSourceOf(body: Record<string, unknown> | undefined): string {
  const rules = body?.rules as { files?: unknown } | undefined;
  const files = rules?.files;
  if (!Array.isArray(files) || files.length !== 1) throw badRequest("Request body must include 'rules.files' array with one file");
  const [file] = files as Array<{ name?: unknown; content?: unknown }>;
  if (typeof file?.name !== 'string' || typeof file.content !== 'string') {
    throw badRequest("Each member of 'rules.files' array must contain 'name' and 'content'");
  }
  return file.content;
}
