/**
 * The HTTP/1.1 side of the port: CORS for browsers, the official emulator's admin endpoints
 * (clear, rules, the rules coverage report), REST, and WebChannel (handed whole to its handler).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Databases } from '../service/databases.js';
import type { FirestoreApi } from '../service/firestore-api.js';
import type { WebChannelHandler } from '../streams.js';
import { decodePath, handleRest, sendError, sendJson } from './rest.js';
import { readJsonBody } from './http-body.js';
import { FirestoreError, invalidArgument } from '../errors.js';
import { compileRules } from '../../rules-enforcement/compiled-rules.js';
import { ruleCoverageHtml, ruleCoverageJson } from '../../rules-enforcement/coverage-endpoint.js';

export interface RouterDeps {
  api: FirestoreApi;
  databases: Databases;
  webChannel?: WebChannelHandler;
}

/** Every response can be read by a page on any origin, with credentials (notes §5). */
function applyCors(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Allow-Credentials', 'true');
  response.setHeader('Vary', 'Origin');
}

function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS');
  const requested = request.headers['access-control-request-headers'];
  if (requested) response.setHeader('Access-Control-Allow-Headers', requested);
  response.setHeader('Access-Control-Max-Age', '3600');
  response.writeHead(204);
  response.end();
}

/** `{rules: {files: [{name, content}]}}` (the official emulator's body) -> the rules source. */
function rulesSource(body: Record<string, unknown>): string {
  const files = (body.rules as { files?: { content?: unknown }[] } | undefined)?.files;
  const content = files?.[0]?.content;
  if (typeof content !== 'string') throw invalidArgument('Expected {"rules": {"files": [{"name": ..., "content": ...}]}}.');
  return content;
}

/** The official emulator's coverage report, JSON or HTML, from the engine's counts for the project's rules. */
function sendRuleCoverage(response: ServerResponse, projectId: string, source: string | undefined, html: boolean): void {
  const entries = source === undefined ? [] : compileRules(source, 'cloud.firestore').coverage.report();
  if (!html) return sendJson(response, 200, ruleCoverageJson(source, entries));
  response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  response.end(ruleCoverageHtml(projectId, source, entries));
}

export function createRouter(deps: RouterDeps): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    route(deps, request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, error);
      else response.destroy();
    });
  };
}

async function route(deps: RouterDeps, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/google.firestore.v1.Firestore/Listen/channel') || url.pathname.startsWith('/google.firestore.v1.Firestore/Write/channel')) {
    if (deps.webChannel) return deps.webChannel(request, response);
    applyCors(request, response);
    return sendJson(response, 404, { error: { code: 404, message: 'WebChannel is not available.', status: 'NOT_FOUND' } });
  }
  applyCors(request, response);
  if (request.method === 'OPTIONS') return answerPreflight(request, response);
  if (url.pathname === '/' && request.method === 'GET') {
    response.writeHead(200, { 'Content-Type': 'text/plain' });
    response.end('Ok');
    return;
  }
  const clear = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/.exec(url.pathname);
  if (clear && request.method === 'DELETE') {
    deps.databases.get({ projectId: clear[1]!, databaseId: decodePath(clear[2]!) }).clear();
    return sendJson(response, 200, {});
  }
  // Billed operations so far (see service/usage.ts); DELETE starts counting afresh.
  const usage = /^\/emulator\/v1\/projects\/([^/]+)\/usage$/.exec(url.pathname);
  if (usage && request.method === 'GET') return sendJson(response, 200, deps.databases.usage(usage[1]!).snapshot());
  if (usage && request.method === 'DELETE') {
    deps.databases.usage(usage[1]!).reset();
    return sendJson(response, 200, {});
  }
  const rules = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/.exec(url.pathname);
  if (rules) {
    if (request.method === 'PUT') {
      const source = rulesSource(await readJsonBody(request));
      const refusal = deps.databases.rulesValidator(source);
      if (refusal !== undefined) throw invalidArgument(refusal);
      deps.databases.setRules(rules[1]!, source);
      return sendJson(response, 200, {});
    }
    if (request.method === 'GET') {
      const source = deps.databases.rules.get(rules[1]!);
      return sendJson(response, 200, source === undefined ? {} : { rules: { files: [{ name: 'firestore.rules', content: source }] } });
    }
  }
  const coverage = /^\/emulator\/v1\/projects\/([^/:]+):ruleCoverage(\.html)?$/.exec(url.pathname);
  if (coverage && request.method === 'GET') return sendRuleCoverage(response, coverage[1]!, deps.databases.rules.get(coverage[1]!), coverage[2] !== undefined);
  if (await handleRest(deps.api, request, response, url)) return;
  sendError(response, new FirestoreError('NOT_FOUND', `Not found: ${request.method} ${url.pathname}`));
}
