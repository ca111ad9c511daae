/**
 * The web app's shell (`app.html`, web/vite/app-shell.ts) as Hosting serves it, for the
 * `firstPage` function: fetched from the app's own origin on each call (with its ETag, so an
 * unchanged shell is a 304 of no body), so the page always names the asset files deployed
 * beside it, whatever order hosting and functions were deployed in.
 */
import { APP_SHELL_PATH } from '../domain/first-page.js';

const TIMEOUT_MS = 5_000;

/** The last shell each origin gave, with its ETag. */
const kept = new Map<string, { etag: string; body: string }>();

export async function fetchWebShell(origin: string): Promise<string> {
  const url = new URL(APP_SHELL_PATH, origin).toString();
  const previous = kept.get(origin);
  const response = await fetch(url, { headers: previous ? { 'if-none-match': previous.etag } : {}, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (response.status === 304 && previous) return previous.body;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = await response.text();
  const etag = response.headers.get('etag');
  if (etag) kept.set(origin, { etag, body });
  return body;
}

const LOOPBACK = /^(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?$/;

/**
 * Where the shell comes from: the app's public address (`APP_URL`, else the project's
 * default Hosting site), where `firebase deploy` put it. On the emulators, the server that
 * forwarded the request (`vite preview`, web/vite/hosting-rewrites.ts) when it is on this
 * machine: its port is chosen at start. A forwarded host is never trusted in production,
 * where anyone can call the function directly.
 */
export function webShellOrigin(appUrl: string, request: { forwardedHost: string | undefined; forwardedProto: string | undefined }, emulated: boolean): string {
  const host = request.forwardedHost?.split(',')[0]?.trim();
  if (emulated && host && LOOPBACK.test(host)) return `${request.forwardedProto === 'https' ? 'https' : 'http'}://${host}`;
  return appUrl;
}
