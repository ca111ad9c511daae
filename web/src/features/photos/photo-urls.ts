import { THUMBNAIL_EXTENSIONS, storagePaths, type ThumbnailFormat, type WallRendition } from '@encore/model';
import { appConfig, type AppConfig } from '../../config/firebase-config';

/**
 * Derived photos are public while ready, so the wall links to them directly (the Storage
 * REST media URL) instead of asking the SDK for a download URL per thumbnail. That is also
 * what lets a photo be taken back: these URLs carry no download token, so every read is
 * judged by the Storage rules (ready photos only), and shared caches keep the files five
 * minutes at most (the pipeline's Cache-Control; a browser keeps a versioned one a year, its
 * URL changing with its bytes), so a hidden photo stops being served within minutes. Never
 * build a thumbnail URL with `getDownloadURL()`: its token would serve the file past the rules.
 */
export function publicFileUrl(path: string, config: AppConfig = appConfig): string {
  // Through the CDN when a deployment has one: the same path, so the rules still judge each fill.
  const origin = config.emulators
    ? `http://${config.emulators.host}:${config.emulators.ports.storage}`
    : (config.filesOrigin ?? 'https://firebasestorage.googleapis.com');
  return `${origin}/v0/b/${encodeURIComponent(config.firebase.storageBucket)}/o/${encodeURIComponent(path)}?alt=media`;
}

/** A rendition as a tile (no path: it follows from the photo) or a photo document (with its path) carries it. */
export type Rendition = WallRendition & { path?: string };

/** What a rendition's path follows from: the photo's id and, for photos made since it, its renditions' version. */
export type RenditionOwner = { id: string; renditionVersion?: string | undefined };

/**
 * Where a photo's rendition is: its own `path`, else the one the photo's renditions have
 * (`photos/{f}/{id}/{version}-{width}.{ext}`, or `{width}.{ext}` for a photo from before versions).
 */
export function renditionUrl(photo: RenditionOwner, rendition: Rendition, config: AppConfig = appConfig): string {
  return publicFileUrl(renditionPath(photo, rendition, config), config);
}

/** The Storage path of a photo's rendition (`renditionUrl` without the origin). */
export function renditionPath(photo: RenditionOwner, rendition: Rendition, config: AppConfig = appConfig): string {
  return rendition.path ?? storagePaths.thumbnail(config.festivalId, photo.id, rendition.width, THUMBNAIL_EXTENSIONS[rendition.format], photo.renditionVersion);
}

/** `srcset` strings per format, smallest first: `{ avif: "…320.avif 320w, …800.avif 800w" }`. */
export function srcSets(thumbnails: ReadonlyArray<Rendition & { path: string }>, config: AppConfig = appConfig): Partial<Record<ThumbnailFormat, string>> {
  return srcSetsBy(thumbnails, (thumbnail) => publicFileUrl(thumbnail.path, config));
}

/** `srcSets` of a photo, whose renditions may come without their paths (a wall tile's). */
export function photoSrcSets(photo: RenditionOwner & { thumbnails: readonly Rendition[] }, config: AppConfig = appConfig): Partial<Record<ThumbnailFormat, string>> {
  return srcSetsBy(photo.thumbnails, (thumbnail) => renditionUrl(photo, thumbnail, config));
}

function srcSetsBy<T extends Rendition>(thumbnails: readonly T[], url: (thumbnail: T) => string): Partial<Record<ThumbnailFormat, string>> {
  const sets: Partial<Record<ThumbnailFormat, string>> = {};
  const sorted = [...thumbnails].sort((a, b) => a.width - b.width);
  for (const thumbnail of sorted) {
    const entry = `${url(thumbnail)} ${thumbnail.width}w`;
    sets[thumbnail.format] = sets[thumbnail.format] ? `${sets[thumbnail.format]}, ${entry}` : entry;
  }
  return sets;
}

/** The JPEG (or, failing that, any) rendition closest to `width`, for the plain `src`. */
export function fallbackThumbnail<T extends Rendition>(thumbnails: readonly T[], width: number): T | undefined {
  const jpegs = thumbnails.filter((thumbnail) => thumbnail.format === 'jpeg');
  const pool = jpegs.length > 0 ? jpegs : thumbnails;
  return [...pool].sort((a, b) => Math.abs(a.width - width) - Math.abs(b.width - width))[0];
}
