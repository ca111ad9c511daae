import { artistSchema, brandImageDocSchema, festivalSchema, firestorePaths, subjectDocument, venueMapSchema, type MediaImage, type MediaSubject, type MediaUpload } from '@encore/model';
import type { DocTransaction, Docs } from '../platform/docs.js';
import { APP_ICON_DEFAULT_BACKGROUND, type ImageKind } from '../domain/image-policy.js';

/**
 * What a staff upload belongs to, as the media handlers need it: its document, the schema
 * that reads it, and the kind of image it is. Every such document carries the same two fields
 * functions write (`image`, `imageUpload`), so the handlers never look further.
 */
export interface SubjectState {
  image: MediaImage | null;
  imageUpload: MediaUpload | null;
}

export function imageKindOf(subject: MediaSubject): ImageKind {
  switch (subject.kind) {
    case 'artist':
      return 'artist';
    case 'site-plan':
      return 'site-plan';
    case 'brand':
      return subject.image === 'icon' ? 'festival-icon' : 'festival-logo';
  }
}

/** The subject's image fields, or null when its document does not exist (the whole document is parsed with its schema). */
export async function readSubject(reader: Pick<Docs, 'get'> | DocTransaction, festivalId: string, subject: MediaSubject): Promise<SubjectState | null> {
  const path = subjectDocument(festivalId, subject);
  const current =
    subject.kind === 'artist' ? await reader.get(path, artistSchema) : subject.kind === 'site-plan' ? await reader.get(path, venueMapSchema) : await reader.get(path, brandImageDocSchema);
  return current ? { image: current.image ?? null, imageUpload: current.imageUpload ?? null } : null;
}

/**
 * Whether the subject may exist without a document yet: a site plan may be uploaded before
 * any marker is placed, and a festival's logo or icon is nothing but its image (their
 * documents are then created); an artist's picture only for an artist staff have made.
 */
export function canCreate(subject: MediaSubject): boolean {
  return subject.kind !== 'artist';
}

/** The fields of a subject document created by its first upload. */
export function newSubjectDocument(subject: MediaSubject, now: Date): Record<string, unknown> {
  switch (subject.kind) {
    case 'site-plan':
      return { markers: [], routes: [], updatedAt: now };
    case 'brand':
      return { updatedAt: now };
    case 'artist':
      throw new Error('an artist document is never created by an upload');
  }
}

/**
 * The colour behind a festival's app icon where it may not stay transparent (Apple's, the
 * maskable one's): the festival's secondary colour (its night band, the manifest's
 * background), else white. Read when the icon is derived: a colour changed later shows in a
 * new upload of the icon.
 */
export async function appIconBackground(docs: Pick<Docs, 'get'>, festivalId: string): Promise<string> {
  const festival = await docs.get(firestorePaths.festival(festivalId), festivalSchema);
  return festival?.colours?.secondary.toLowerCase() ?? APP_ICON_DEFAULT_BACKGROUND;
}
