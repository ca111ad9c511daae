import { gzipSync } from 'node:zlib';
import { onRequest, type Request } from 'firebase-functions/v2/https';
import { onCall } from './bounded-call.js';
import type { Response } from 'express';
import { callableOptions, httpsOptions, importOptions } from '../config.js';
import { acceptsGzip, gzipEtag, identityEtags } from '../domain/content-encoding.js';
import { handleAnnouncementReach } from '../handlers/announcement-reach.js';
import { handleCalendarFeed, handleCalendarLink } from '../handlers/calendar.js';
import { handleReporterStanding } from '../handlers/reporter-standing.js';
import { answer, caller } from './callable.js';
import { handleImportProgramme, handleModeratePhoto } from '../handlers/staff.js';
import { handleBundleRequest } from '../handlers/programme-bundle.js';
import { handleFirstPage } from '../handlers/first-page.js';
import { handleFestivalManifest } from '../handlers/festival-manifest.js';
import { fetchWebShell, webShellOrigin } from '../platform/web-shell.js';
import { liveDeps } from '../platform/live.js';

/** `GET …/calendarFeed?uid=…&token=…`: the subscribable .ics of a person's favourites. */
export const calendarFeed = onRequest(httpsOptions, async (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).set('allow', 'GET, HEAD').send('Method not allowed\n');
    return;
  }
  const feed = await handleCalendarFeed(liveDeps(), { uid: req.query.uid, token: req.query.token });
  res.status(feed.status).set(feed.headers).send(feed.body);
});

/** The gzip of each bundle version and first page this instance served, by ETag (a few at most). */
const gzipped = new Map<string, Buffer>();
function gzipOf(etag: string, bytes: Buffer | string): Buffer {
  let compressed = gzipped.get(etag);
  if (!compressed) {
    compressed = gzipSync(bytes, { level: 9 });
    if (gzipped.size >= 16) gzipped.delete(gzipped.keys().next().value!);
    gzipped.set(etag, compressed);
  }
  return compressed;
}

/**
 * `GET /bundles/{festivalId}/programme.bundle` (a Hosting rewrite; Vite proxies it on the
 * emulators): the programme as a Firestore data bundle, cached by browsers and the CDN, and
 * gzipped for clients that accept it (domain/content-encoding.ts: about a tenth of its size).
 */
export const programmeBundle = onRequest(httpsOptions, async (req, res) => {
  const answer = await handleBundleRequest(liveDeps(), { method: req.method, path: req.path, ifNoneMatch: identityEtags(req.get('if-none-match')) });
  sendGzippedWhenAccepted(req, res, answer);
});

/**
 * A handler's answer, gzipped when the client accepts it and the answer has an ETag (the
 * cacheable ones: the gzip is kept by ETag and gets one of its own); `Vary: Accept-Encoding`
 * on those, whichever encoding went out. Answers without an ETag (errors) go as they are.
 */
function sendGzippedWhenAccepted(req: Request, res: Response, answer: { status: number; headers: Record<string, string>; body: Buffer | string }): void {
  const etag = answer.headers['etag'];
  if (!etag) {
    res.status(answer.status).set(answer.headers).send(answer.body);
    return;
  }
  const headers: Record<string, string> = { ...answer.headers, vary: 'Accept-Encoding' };
  let body = answer.body;
  if (acceptsGzip(req.get('accept-encoding'))) {
    headers['etag'] = gzipEtag(etag);
    if (body.length > 0) {
      body = gzipOf(etag, body);
      headers['content-encoding'] = 'gzip';
    }
  }
  res.status(answer.status).set(headers).send(body);
}

/**
 * `GET /` and `GET /f/{festivalId}[/]` (Hosting rewrites: firebase.json deploys no index.html,
 * so `/` reaches it; `vite preview` proxies them on the emulators): the web app's shell with
 * the programme's header, and the festival's name, colours and link previews, written in from
 * the festival's document (handlers/first-page.ts): at `/` the home festival (site/settings' choice, else the build's), the
 * address's at `/f/{festivalId}`. A first visit paints what the programme says, in the
 * festival's look, before any JavaScript. Cached by the CDN for a minute, gzipped for clients
 * that accept it.
 */
export const firstPage = onRequest(httpsOptions, async (req, res) => {
  const deps = liveDeps();
  const origin = webShellOrigin(deps.settings.appUrl, { forwardedHost: req.get('x-forwarded-host'), forwardedProto: req.get('x-forwarded-proto') }, process.env.FUNCTIONS_EMULATOR === 'true');
  const answer = await handleFirstPage(deps, { method: req.method, path: req.path, origin, ifNoneMatch: identityEtags(req.get('if-none-match')) }, () => fetchWebShell(origin));
  sendGzippedWhenAccepted(req, res, answer);
});

/**
 * `GET /f/{festivalId}/manifest.webmanifest` (a Hosting rewrite; `vite preview` proxies it on
 * the emulators): the festival's web manifest, which its first page links
 * (handlers/festival-manifest.ts). Cached as the first page is, gzipped when accepted.
 */
export const festivalManifest = onRequest(httpsOptions, async (req, res) => {
  const answer = await handleFestivalManifest(liveDeps(), { method: req.method, path: req.path, ifNoneMatch: identityEtags(req.get('if-none-match')) });
  sendGzippedWhenAccepted(req, res, answer);
});

export const calendarLink = onCall(callableOptions, (request) => answer(() => handleCalendarLink(liveDeps(), caller(request), request.data)));
export const moderatePhoto = onCall(callableOptions, (request) => answer(() => handleModeratePhoto(liveDeps(), caller(request), request.data)));
export const reporterStanding = onCall(callableOptions, (request) => answer(() => handleReporterStanding(liveDeps(), caller(request))));
export const importProgramme = onCall(importOptions, (request) => answer(() => handleImportProgramme(liveDeps(), caller(request), request.data)));
export const announcementReach = onCall(callableOptions, (request) => answer(() => handleAnnouncementReach(liveDeps(), caller(request), request.data)));
