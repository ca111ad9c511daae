/**
 * CORS for the channel. The SDK's fetch and XHR use credentials, so the allowed origin must
 * be the request's exact Origin (never `*`) together with Allow-Credentials; the session id
 * header must be exposed or the client cannot echo it as `gsessionid`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export function applyCorsHeaders(request: IncomingMessage, response: ServerResponse): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Allow-Credentials', 'true');
  // The XHR client also asks for X-Client-Wire-Protocol (absent here); unexposed, Chromium logs an error.
  response.setHeader('Access-Control-Expose-Headers', 'X-HTTP-Session-Id, X-Client-Wire-Protocol');
  response.setHeader('Vary', 'Origin');
}

/**
 * Answers a preflight. WebChannel's own requests need none, but Chromium sends one for a page
 * on a public origin reaching the emulator on a private address (Private Network Access).
 */
export function answerPreflight(request: IncomingMessage, response: ServerResponse): void {
  const requested = request.headers['access-control-request-headers'];
  const privateNetwork = request.headers['access-control-request-private-network'] === 'true';
  response.writeHead(204, {
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
    ...(requested === undefined ? {} : { 'Access-Control-Allow-Headers': requested }),
    ...(privateNetwork ? { 'Access-Control-Allow-Private-Network': 'true' } : {}),
    'Access-Control-Max-Age': '3600',
  });
  response.end();
}
