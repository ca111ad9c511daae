import { createHash } from 'node:crypto';
import { festivalSchema, firestorePaths, type Festival } from '@encore/model';
import { notModified } from '../domain/content-encoding.js';
import { festivalManifest, festivalOfManifestPath } from '../domain/festival-manifest.js';
import { logs } from '../logs.js';
import type { Deps } from './deps.js';
import { readBrandLinks } from './festival-brand.js';
import { FIRST_PAGE_CACHE_CONTROL } from './first-page.js';

export interface ManifestAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const TEXT = 'text/plain; charset=utf-8';

/**
 * `GET /f/{festivalId}/manifest.webmanifest` (a Hosting rewrite; `vite preview` proxies it on
 * the emulators): the festival's web manifest (domain/festival-manifest.ts), which its first
 * page links. Cached as the first page is (the CDN a minute, browsers revalidating with the
 * ETag), so a renamed festival's manifest, or its new icon (`festivals/{f}/brand/icon`),
 * follows its page. An address that names no
 * festival, or a festival that does not exist, is a 404, cached the same way.
 */
export async function handleFestivalManifest(deps: Pick<Deps, 'docs' | 'settings'>, request: { method: string; path: string; ifNoneMatch: string | undefined }): Promise<ManifestAnswer> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return { status: 405, headers: { allow: 'GET, HEAD', 'content-type': TEXT }, body: 'Method not allowed\n' };
  }
  const festivalId = festivalOfManifestPath(request.path);
  const notFound: ManifestAnswer = { status: 404, headers: { 'content-type': TEXT, 'cache-control': FIRST_PAGE_CACHE_CONTROL }, body: 'No festival here.\n' };
  if (!festivalId) return notFound;
  let festival: Festival | undefined;
  try {
    festival = await deps.docs.get(firestorePaths.festival(festivalId), festivalSchema);
  } catch (error) {
    logs.festivalManifestUnreadable({ festivalId, error: String(error) });
    return { status: 503, headers: { 'content-type': TEXT, 'cache-control': 'no-store', 'retry-after': '5' }, body: 'The festival could not be read. Try again in a moment.\n' };
  }
  if (!festival) return notFound;
  const brand = await readBrandLinks(deps, festivalId, ['icon']);
  const body = JSON.stringify(festivalManifest(festivalId, festival, brand.icons?.manifest ?? null));
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const headers = { 'content-type': 'application/manifest+json; charset=utf-8', 'cache-control': FIRST_PAGE_CACHE_CONTROL, etag };
  if (notModified(request.ifNoneMatch, etag)) return { status: 304, headers, body: '' };
  return { status: 200, headers, body };
}
