import { THUMBNAIL_EXTENSIONS, storagePaths, type ThumbnailFormat, type WallRendition } from '@encore/model';
import { appConfig, type AppConfig } from '../../config/firebase-config';

/**
 * Derived photos are public while ready, so the wall links to them directly (the Storage
 * REST media URL) instead of asking the SDK for a download URL per thumbnail. That is also
 * what lets a photo be taken back: these URLs carry no download token, so every read is
 * judged by the Storage rules (ready photos only), and the files are cached for five
 * minutes at most (the pipeline's Cache-Control), so a hidden photo stops being served
 * everywhere within minutes. Never build a thumbnail URL with `getDownloadURL()`: its token
 * would serve the file past the rules.
 */
export function publicFileUrl(path: string, config: AppConfig = appConfig): string {
  const origin = config.emulators
    ? `http://${config.emulators.host}:${config.emulators.ports.storage}`
    : 'https://firebasestorage.googleapis.com';
  return `${origin}/v0/b/${encodeURIComponent(config.firebase.storageBucket)}/o/${encodeURIComponent(path)}?alt=media`;
}

/** A rendition as a tile (no path: it follows from the photo) or a photo document (with its path) carries it. */
export type Rendition = WallRendition & { path?: string };

/** Where a photo's rendition is: its own `path`, else the one every photo rendition has (`photos/{f}/{id}/{width}.{ext}`). */
export function renditionUrl(photoId: string, rendition: Rendition, config: AppConfig = appConfig): string {
  return publicFileUrl(renditionPath(photoId, rendition, config), config);
}

/** The Storage path of a photo's rendition (`renditionUrl` without the origin). */
export function renditionPath(photoId: string, rendition: Rendition, config: AppConfig = appConfig): string {
  return rendition.path ?? storagePaths.thumbnail(config.festivalId, photoId, rendition.width, THUMBNAIL_EXTENSIONS[rendition.format]);
}

/** `srcset` strings per format, smallest first: `{ avif: "…320.avif 320w, …800.avif 800w" }`. */
export function srcSets(thumbnails: ReadonlyArray<Rendition & { path: string }>, config: AppConfig = appConfig): Partial<Record<ThumbnailFormat, string>> {
  return srcSetsBy(thumbnails, (thumbnail) => publicFileUrl(thumbnail.path, config));
}

/** `srcSets` of a photo, whose renditions may come without their paths (a wall tile's). */
export function photoSrcSets(photoId: string, thumbnails: readonly Rendition[], config: AppConfig = appConfig): Partial<Record<ThumbnailFormat, string>> {
  return srcSetsBy(thumbnails, (thumbnail) => renditionUrl(photoId, thumbnail, config));
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
