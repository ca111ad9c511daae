/**
 * App Check over HTTP, at the runner:
 *
 *   POST /_/appcheck/v1/projects/{project}/apps/{appId}:exchangeDebugToken
 *        {"debug_token": "..."}  ->  200 {"token": "<App Check JWT>", "ttl": "3600s"}
 *
 * the path, body and answer of the App Check REST API's exchangeDebugToken (what the web
 * SDK's debug provider calls, @firebase/app-check getExchangeDebugTokenRequest), under the
 * runner's `/_/` prefix. Browsers call it across origins, so it answers CORS.
 *
 * And for callables, `screenAppCheck`: production's firebase-functions verifies the
 * `X-Firebase-AppCheck` header with the Admin SDK; under the emulator it only decodes it
 * (`skipTokenVerification`). So the runner verifies it first and drops a token that fails,
 * with a warning: the function's own SDK then sees no token, and refuses the call exactly as
 * production refuses an invalid one when `enforceAppCheck` is set (401, UNAUTHENTICATED,
 * "Unauthenticated"), or lets it through without `request.app` when it is not. A valid token
 * reaches the function, which decodes it into `request.app`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LocalAppCheck } from './app-check.js';
import { decodePathSegment } from './path-segment.js';

export const APP_CHECK_HEADER = 'x-firebase-appcheck';
const EXCHANGE_PATH = /^\/_\/appcheck\/v1\/projects\/([^/]+)\/apps\/([^/]+):exchangeDebugToken$/;
const BODY_LIMIT = 64 * 1024;

/** Where a client exchanges a debug token, below the runner's URL. */
export function appCheckExchangePath(projectId: string, appId: string): string {
  return `/_/appcheck/v1/projects/${encodeURIComponent(projectId)}/apps/${encodeURIComponent(appId)}:exchangeDebugToken`;
}

/** Answers the exchange route; false when `pathname` is not it. */
export async function serveAppCheckExchange(appCheck: LocalAppCheck, pathname: string, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  const match = EXCHANGE_PATH.exec(pathname);
  if (!match) return false;
  allowCors(req, res);
  await answerExchange(appCheck, decodePathSegment(match[1]!), decodePathSegment(match[2]!), req, res);
  return true;
}

async function answerExchange(appCheck: LocalAppCheck, projectId: string, appId: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.method === 'OPTIONS') return void res.writeHead(204).end();
  if (req.method !== 'POST') return sendError(res, 404, 'NOT_FOUND', `No ${req.method} method here; POST the debug token`);
  if (projectId !== appCheck.projectId) return sendError(res, 403, 'PERMISSION_DENIED', `Permission denied on resource project ${projectId}.`);
  const debugToken = debugTokenOf(await readJson(req));
  if (debugToken === undefined) return sendError(res, 400, 'INVALID_ARGUMENT', 'Request contains an invalid argument: debug_token is required.');
  const exchange = appCheck.exchangeDebugToken(debugToken, appId);
  if (!exchange.ok) {
    console.warn(`[functions-runner] App Check: refused a debug token that is not registered, for app ${appId} (npm start prints the registered one)`);
    return sendError(res, 403, 'PERMISSION_DENIED', 'App attestation failed.');
  }
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ token: exchange.token, ttl: `${exchange.ttlSeconds}s` }));
}

/** Drops an App Check header that does not verify (see the file comment); returns why, or null. */
export function screenAppCheck(appCheck: LocalAppCheck, req: IncomingMessage): string | null {
  const header = req.headers[APP_CHECK_HEADER];
  if (header === undefined) return null;
  const verification = appCheck.verify(Array.isArray(header) ? header.join(',') : header);
  if (verification.valid) return null;
  delete req.headers[APP_CHECK_HEADER];
  return verification.reason;
}

function debugTokenOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  // Proto3 JSON accepts the field's proto name and its lowerCamelCase name.
  const { debug_token: snake, debugToken: camel } = body as { debug_token?: unknown; debugToken?: unknown };
  const token = snake ?? camel;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_LIMIT) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

function allowCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'Origin');
  res.setHeader('access-control-allow-methods', 'POST, OPTIONS');
  res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] ?? 'content-type, x-firebase-client');
  res.setHeader('access-control-max-age', '3600');
}

/** Google's error body: {"error": {"code", "message", "status"}}. */
function sendError(res: ServerResponse, code: number, status: string, message: string): void {
  res.writeHead(code, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code, message, status } }));
}
