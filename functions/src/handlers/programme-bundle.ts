import { festivalSchema, firestorePaths, makeDomainEvent, programmeVersionSchema, type DomainEvent } from '@encore/model';
import {
  BUNDLE_CACHE_CONTROL,
  bundleCreateTime,
  bundleEtag,
  bundleObjectPath,
  festivalOfBundlePath,
  isProgrammeEdit,
  type BundledKind,
} from '../domain/programme-bundle.js';
import { notModified } from '../domain/content-encoding.js';
import type { DocData } from '../platform/docs.js';
import { logs } from '../logs.js';
import { coalescerFor } from './coalesce.js';
import { askForPublication, type MarkDeps } from './live-marks.js';
import type { Deps } from './deps.js';

export type BundleDeps = Pick<Deps, 'bundler' | 'objects' | 'docs'>;

/**
 * Trigger side of a write to the festival, a stage, an artist, a set, the venue map or an
 * info page: publish `programme.edited` when staff changed it (not for the counts functions
 * keep live).
 */
export async function publishProgrammeEdited(
  deps: Pick<Deps, 'publisher' | 'now'>,
  eventId: string,
  festivalId: string,
  kind: BundledKind,
  before: DocData | undefined,
  after: DocData | undefined,
): Promise<void> {
  if (!isProgrammeEdit(kind, before, after)) return;
  const event = makeDomainEvent('programme.edited', eventId, { festivalId }, deps.now());
  await deps.publisher.publish(event);
  logs.eventPublished({ type: event.type, eventId, festivalId });
}

/** Builds the festival's bundle and keeps it as the one served; null when the festival is gone. */
async function rebuild(deps: BundleDeps, festivalId: string): Promise<Buffer | null> {
  const bytes = await deps.bundler.build(festivalId);
  if (!bytes) {
    await deps.objects.delete(bundleObjectPath(festivalId));
    await deps.docs.batch((batch) => batch.delete(firestorePaths.programmeVersion(festivalId)));
    return null;
  }
  // The object itself is never served to browsers (the function is, with its own headers).
  await deps.objects.write(bundleObjectPath(festivalId), bytes, { contentType: 'application/octet-stream', cacheControl: 'private, max-age=0' });
  const etag = bundleEtag(bytes);
  await announceBundle(deps, festivalId, bundleCreateTime(bytes), etag);
  logs.bundleBuilt({ festivalId, bytes: bytes.byteLength, etag });
  return bytes;
}

/**
 * Tells open apps a new bundle is served (`festivals/{f}/live/programme`), after the object
 * is written, so an app that hears of it downloads the new file. Never moves back: a rebuild
 * that finishes after a newer one (the request handler's on-demand build, say) leaves it.
 */
async function announceBundle(deps: BundleDeps, festivalId: string, builtAt: Date, etag: string): Promise<void> {
  const path = firestorePaths.programmeVersion(festivalId);
  await deps.docs.transaction(async (tx) => {
    const current = await tx.get(path, programmeVersionSchema.partial());
    if (current?.builtAt && current.builtAt.getTime() >= builtAt.getTime()) return;
    tx.set(path, { builtAt, etag });
  });
}

/**
 * After a programme edit: asks for the festival's bundle rebuild (`publishProgramme`,
 * handlers/publication-task.ts): at once for the first edit after a quiet period, else at the
 * end of the window, so `live/programme`, which every open app reads again at each rewrite,
 * changes at most once per LIVE_PUBLISH_INTERVAL_SECONDS like the live documents, however fast
 * staff edit or import. The edit is committed before its event, so a rebuild that runs after
 * the event's time reads it: the events of one batch (a stage's delay moves every set) ride on
 * the rebuild the first of them asked for. Idempotent: a duplicate asks for the same task,
 * which Cloud Tasks creates once.
 */
export async function handleProgrammeEdited(deps: MarkDeps, event: DomainEvent<'programme.edited'>): Promise<void> {
  await askForPublication(deps, 'programme', event.data.festivalId, { storedAt: new Date(event.occurredAt) });
}

/** Rebuilds one festival's bundle now (the live-counts migration, after it rewrote the sets). */
export function rebuildFestivalBundle(deps: BundleDeps, festivalId: string): Promise<Buffer | null> {
  return coalescerFor(deps.objects).run(`bundle:${festivalId}`, () => rebuild(deps, festivalId));
}

/** Rebuilds every festival's bundle. */
export async function refreshAllBundles(deps: BundleDeps & Pick<Deps, 'docs'>): Promise<number> {
  const festivals = await deps.docs.query({ collection: 'festivals' }, festivalSchema);
  for (const festival of festivals) await rebuildFestivalBundle(deps, festival.id);
  return festivals.length;
}

export interface BundleResponse {
  status: 200 | 304 | 404 | 405;
  headers: Record<string, string>;
  body: Buffer | string;
}

/**
 * `GET /bundles/{festivalId}/programme.bundle`: the latest bundle, cacheable by browsers
 * and Hosting's CDN, with its digest as ETag (a revalidation of an unchanged bundle is a
 * 304). A festival without a bundle yet (just created, or before the first edit since
 * deploying) gets one built on the spot.
 */
export async function handleBundleRequest(deps: BundleDeps, request: { method: string; path: string; ifNoneMatch?: string | undefined }): Promise<BundleResponse> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' }, body: 'Method not allowed\n' };
  const festivalId = festivalOfBundlePath(request.path);
  const missing: BundleResponse = { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=60' }, body: 'No such festival.\n' };
  if (!festivalId) return missing;
  const bytes = (await deps.objects.read(bundleObjectPath(festivalId))) ?? (await coalescerFor(deps.objects).run(`bundle:${festivalId}`, () => rebuild(deps, festivalId)));
  if (!bytes) return missing;
  const etag = bundleEtag(bytes);
  const headers = { 'cache-control': BUNDLE_CACHE_CONTROL, etag, 'content-type': 'application/octet-stream' };
  if (notModified(request.ifNoneMatch, etag)) return { status: 304, headers, body: '' };
  return { status: 200, headers, body: request.method === 'HEAD' ? '' : bytes };
}
